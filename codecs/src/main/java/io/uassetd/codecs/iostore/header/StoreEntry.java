package io.uassetd.codecs.iostore.header;

import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import io.uassetd.codecs.iostore.internal.IoBits;
import java.util.ArrayList;
import java.util.List;

/**
 * FFilePackageStoreEntry, decoded: 24 bytes before {@link ContainerHeaderVersion#NO_EXPORT_INFO}
 * (int32 export count, int32 export-bundle count, then two array views), 16 bytes from it on (the
 * two array views only). An array view is a u32 element count and a u32 offset from the view to its
 * data inside the store-entries buffer. Export counts are -1 where the version stores none.
 *
 * @param importedPackages FPackageIds this package imports
 * @param shaderMapHashes FSHAHash values, 20 bytes each
 */
public record StoreEntry(int exportCount, int exportBundleCount, List<Long> importedPackages,
        List<byte[]> shaderMapHashes) {
    public StoreEntry {
        importedPackages = List.copyOf(importedPackages);
        shaderMapHashes = List.copyOf(shaderMapHashes);
    }

    /** Size of the fixed part in a version. */
    public static int size(ContainerHeaderVersion v) {
        return v.atLeast(ContainerHeaderVersion.NO_EXPORT_INFO) ? 16 : 24;
    }

    /** Reads the entry whose fixed part starts at {@code pos} of the store-entries buffer {@code b}. */
    public static StoreEntry read(ByteReader b, int pos, ContainerHeaderVersion v) {
        b.position(pos);
        int exports = -1;
        int bundles = -1;
        if (size(v) == 24) {
            exports = b.i32();
            bundles = b.i32();
        }
        int viewPos = b.position();
        long num = b.u32();
        long off = b.u32();
        List<Long> imports = new ArrayList<>();
        if (num > 0) {
            b.position(view(b, viewPos, off, num, 8, "imported packages"));
            for (long k = 0; k < num; k++) {
                imports.add(b.raw64());
            }
        }
        b.position(viewPos + 8);
        long hnum = b.u32();
        long hoff = b.u32();
        List<byte[]> hashes = new ArrayList<>();
        if (hnum > 0) {
            b.position(view(b, viewPos + 8, hoff, hnum, 20, "shader map hashes"));
            for (long k = 0; k < hnum; k++) {
                hashes.add(b.bytes(20));
            }
        }
        return new StoreEntry(exports, bundles, imports, hashes);
    }

    private static int view(ByteReader b, int viewPos, long off, long num, int elem, String what) {
        long start = viewPos + off;
        if (start > b.size() || num * elem > b.size() - start) {
            throw new CorruptDataException("Store entry " + what + " (" + num + " at +" + off + ") run past the "
                    + b.size() + "-byte buffer", b.source(), b.offset(), "FFilePackageStoreEntry");
        }
        return (int) start;
    }

    /** Bytes this entry's arrays take in the store-entries buffer. */
    public long arraysSize() {
        return 8L * importedPackages.size() + 20L * shaderMapHashes.size();
    }

    /**
     * Writes the fixed part of an entry placed {@code entryAt} bytes into the store-entries buffer
     * whose arrays were placed (by the first pass) at {@code arraysAt}: imported packages first,
     * then shader map hashes. Each view stores its offset from itself; empty arrays store 0.
     */
    public void writeFixed(ByteWriter w, long entryAt, long arraysAt, ContainerHeaderVersion v) {
        if (size(v) == 24) {
            IoBits.i32(w, exportCount);
            IoBits.i32(w, exportBundleCount);
        }
        long viewAt = entryAt + size(v) - 16;
        w.u32(importedPackages.size()).u32(importedPackages.isEmpty() ? 0 : arraysAt - viewAt);
        long hashesAt = arraysAt + 8L * importedPackages.size();
        w.u32(shaderMapHashes.size()).u32(shaderMapHashes.isEmpty() ? 0 : hashesAt - (viewAt + 8));
    }

    /** Writes the arrays (the second pass, after every fixed part). */
    public void writeArrays(ByteWriter w) {
        for (long id : importedPackages) {
            w.u64(id);
        }
        for (byte[] h : shaderMapHashes) {
            w.bytes(h);
        }
    }
}
