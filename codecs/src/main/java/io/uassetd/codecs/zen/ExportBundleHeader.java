package io.uassetd.codecs.zen;

import io.uassetd.codecs.iostore.ZenLayout;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;

/**
 * FExportBundleHeader: 8 bytes in UE4 (u32 FirstEntryIndex, u32 EntryCount); UE5.0 to 5.2 put a u64
 * SerialOffset first (16 bytes).
 *
 * @param serialOffset -1 in the UE4 layout, where it is not stored
 */
public record ExportBundleHeader(long serialOffset, long firstEntryIndex, long entryCount) {
    public static int size(ZenLayout layout) {
        return layout == ZenLayout.UE4_PACKAGE_SUMMARY ? 8 : 16;
    }

    static ExportBundleHeader read(ByteReader r, ZenLayout layout) {
        long serial = layout == ZenLayout.UE4_PACKAGE_SUMMARY ? -1 : r.raw64();
        return new ExportBundleHeader(serial, r.u32(), r.u32());
    }

    void write(ByteWriter w, ZenLayout layout) {
        if (layout != ZenLayout.UE4_PACKAGE_SUMMARY) {
            w.u64(serialOffset);
        }
        w.u32(firstEntryIndex).u32(entryCount);
    }
}
