package io.uassetd.codecs.zen;

import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import io.uassetd.codecs.iostore.header.MappedName;
import io.uassetd.codecs.iostore.scriptobjects.PackageObjectIndex;

/**
 * FExportMapEntry, 72 bytes: u64 CookedSerialOffset (the export's offset in the legacy package),
 * u64 CookedSerialSize, FMappedName ObjectName, FPackageObjectIndex Outer, Class, Super, Template,
 * u64 PublicExportHash (UE5; UE4 stores the export's GlobalImportIndex there), u32 ObjectFlags, u8
 * FilterFlags (0 none, 1 not for client, 2 not for server), 3 padding bytes (kept).
 *
 * @param publicExportHash UE5 PublicExportHash, or the UE4 GlobalImportIndex raw value
 */
public record ExportMapEntry(long cookedSerialOffset, long cookedSerialSize, MappedName objectName,
        PackageObjectIndex outerIndex, PackageObjectIndex classIndex, PackageObjectIndex superIndex,
        PackageObjectIndex templateIndex, long publicExportHash, int objectFlags, int filterFlags, int padding) {
    public static final int SIZE = 72;
    public static final int FILTER_NOT_FOR_CLIENT = 1;
    public static final int FILTER_NOT_FOR_SERVER = 2;

    static ExportMapEntry read(ByteReader r) {
        long at = r.offset();
        long offset = r.u64();
        long size = r.u64();
        MappedName name = MappedName.read(r);
        PackageObjectIndex outer = new PackageObjectIndex(r.raw64());
        PackageObjectIndex cls = new PackageObjectIndex(r.raw64());
        PackageObjectIndex sup = new PackageObjectIndex(r.raw64());
        PackageObjectIndex template = new PackageObjectIndex(r.raw64());
        long hash = r.raw64();
        int flags = r.i32();
        int filter = r.u8();
        int pad = r.u8() | r.u8() << 8 | r.u8() << 16;
        if (filter > 2) {
            throw new CorruptDataException("Export filter flags " + filter + " (expected 0, 1 or 2)",
                    r.source(), at + 68, "FExportMapEntry");
        }
        return new ExportMapEntry(offset, size, name, outer, cls, sup, template, hash, flags, filter, pad);
    }

    void write(ByteWriter w) {
        w.u64(cookedSerialOffset).u64(cookedSerialSize);
        objectName.write(w);
        w.u64(outerIndex.raw()).u64(classIndex.raw()).u64(superIndex.raw()).u64(templateIndex.raw());
        w.u64(publicExportHash);
        ZenSummary.i32(w, objectFlags);
        w.u8(filterFlags).u8(padding & 0xFF).u8((padding >> 8) & 0xFF).u8((padding >> 16) & 0xFF);
    }
}
