package io.uassetd.codecs.iostore.header;

import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import io.uassetd.codecs.iostore.internal.IoBits;
import java.util.Arrays;
import java.util.List;

/**
 * FIoContainerHeaderSoftPackageReferences: a 32-bit bool, and when set the referenced package ids
 * and a byte buffer of per-package index array views into them.
 */
public record SoftPackageReferences(boolean contains, List<Long> packageIds, byte[] packageIndices) {
    public SoftPackageReferences {
        packageIds = List.copyOf(packageIds);
    }

    public static SoftPackageReferences none() {
        return new SoftPackageReferences(false, List.of(), new byte[0]);
    }

    public static SoftPackageReferences read(ByteReader r) {
        r.structure("FIoContainerHeaderSoftPackageReferences");
        boolean contains = r.bool32();
        if (!contains) {
            return none();
        }
        int n = IoBits.count(r, r.u32(), 8, "soft package reference");
        Long[] ids = new Long[n];
        for (int i = 0; i < n; i++) {
            ids[i] = r.raw64();
        }
        int m = IoBits.count(r, r.u32(), 1, "soft package index byte");
        return new SoftPackageReferences(true, Arrays.asList(ids), r.bytes(m));
    }

    public void write(ByteWriter w) {
        w.bool32(contains);
        if (contains) {
            w.u32(packageIds.size());
            for (long id : packageIds) {
                w.u64(id);
            }
            w.u32(packageIndices.length).bytes(packageIndices);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SoftPackageReferences s && contains == s.contains && packageIds.equals(s.packageIds)
                && Arrays.equals(packageIndices, s.packageIndices);
    }

    @Override
    public int hashCode() {
        return packageIds.hashCode();
    }
}
