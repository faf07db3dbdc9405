package io.uassetd.codecs.texture.asset;

import java.util.ArrayList;
import java.util.List;

/**
 * One FByteBulkData header as a texture mip stores it, and where its payload lives. Two forms: the
 * legacy header (uint32 flags, element count and size on disk as int32 or int64 with
 * BULKDATA_Size64Bit, int64 offset; inline payload right after it) and, from UE5.2's data
 * resource table, an int32 index into the package's FObjectDataResource table whose entry holds the
 * same facts. A legacy header with BULKDATA_BadDataVersion is followed by a u16, one with
 * BULKDATA_DuplicateNonOptionalPayload by the {@link Duplicate} header; without BULKDATA_NoOffsetFixUp
 * (every engine before UE4.26) the stored offset counts from the summary's BulkDataStartOffset.
 */
public record BulkData(int flags, long elementCount, long sizeOnDisk, long offsetInFile, int resourceIndex,
        long inlineOffset, long headerOffset, Duplicate duplicate) {

    /**
     * What follows a legacy header with BULKDATA_DuplicateNonOptionalPayload: the flags, size on disk
     * (int32 or, with BULKDATA_Size64Bit, int64) and int64 offset of the copy of an optional (.uptnl)
     * payload that is also kept in the .ubulk, for when the optional file is not installed.
     */
    public record Duplicate(int flags, long sizeOnDisk, long offsetInFile) {
    }

    /** A header without a duplicate payload. */
    public BulkData(int flags, long elementCount, long sizeOnDisk, long offsetInFile, int resourceIndex, long inlineOffset,
            long headerOffset) {
        this(flags, elementCount, sizeOnDisk, offsetInFile, resourceIndex, inlineOffset, headerOffset, null);
    }

    public static final int PAYLOAD_AT_END_OF_FILE = 0x1;
    public static final int COMPRESSED_ZLIB = 0x2;
    public static final int SINGLE_USE = 0x8;
    public static final int UNUSED = 0x20;
    public static final int FORCE_INLINE_PAYLOAD = 0x40;
    public static final int FORCE_STREAM_PAYLOAD = 0x80;
    public static final int PAYLOAD_IN_SEPARATE_FILE = 0x100;
    public static final int FORCE_NOT_INLINE_PAYLOAD = 0x400;
    public static final int OPTIONAL_PAYLOAD = 0x800;
    public static final int MEMORY_MAPPED_PAYLOAD = 0x1000;
    public static final int SIZE_64BIT = 0x2000;
    public static final int DUPLICATE_NON_OPTIONAL_PAYLOAD = 0x4000;
    public static final int BAD_DATA_VERSION = 0x8000;
    public static final int NO_OFFSET_FIXUP = 0x10000;

    /** Where a payload is kept. */
    public enum Location {
        /** in the export, right after the header */
        INLINE("inline"),
        /** at the end of the package file (.uexp) */
        END_OF_FILE("uexp"),
        /** in the package's .ubulk */
        UBULK("ubulk"),
        /** in the package's .m.ubulk (memory-mapped bulk data) */
        MUBULK("m.ubulk"),
        /** in the package's .uptnl (optional, e.g. the top mips left out of a base game) */
        UPTNL("uptnl"),
        /** no payload (BULKDATA_Unused or size 0) */
        NONE("none");

        private final String label;

        Location(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        /** The file extension of a sidecar location (".ubulk", ...), null for inline and none. */
        public String extension() {
            return switch (this) {
                case UBULK -> ".ubulk";
                case MUBULK -> ".m.ubulk";
                case UPTNL -> ".uptnl";
                default -> null;
            };
        }
    }

    /** True when the header is an index into the package's data resource table. */
    public boolean usesDataResource() {
        return resourceIndex >= 0;
    }

    public Location location() {
        if ((flags & UNUSED) != 0 || sizeOnDisk == 0) {
            return Location.NONE;
        }
        if ((flags & OPTIONAL_PAYLOAD) != 0) {
            return Location.UPTNL;
        }
        if ((flags & PAYLOAD_IN_SEPARATE_FILE) != 0) {
            return (flags & MEMORY_MAPPED_PAYLOAD) != 0 ? Location.MUBULK : Location.UBULK;
        }
        if ((flags & PAYLOAD_AT_END_OF_FILE) != 0 && (flags & FORCE_INLINE_PAYLOAD) == 0) {
            return Location.END_OF_FILE;
        }
        return Location.INLINE;
    }

    public boolean isCompressed() {
        return (flags & COMPRESSED_ZLIB) != 0;
    }

    /** The flag names set, for reports. */
    public static List<String> flagNames(int flags) {
        String[] names = {"PayloadAtEndOfFile", "SerializeCompressedZLIB", "ForceSingleElementSerialization", "SingleUse", "",
                "Unused", "ForceInlinePayload", "ForceStreamPayload", "PayloadInSeperateFile", "SerializeCompressedBitWindow",
                "Force_NOT_InlinePayload", "OptionalPayload", "MemoryMappedPayload", "Size64Bit", "DuplicateNonOptionalPayload",
                "BadDataVersion", "NoOffsetFixUp", "WorkspaceDomainPayload", "LazyLoadable"};
        List<String> out = new ArrayList<>();
        for (int i = 0; i < 32; i++) {
            if ((flags & (1 << i)) != 0) {
                out.add(i < names.length && !names[i].isEmpty() ? names[i] : "0x" + Integer.toHexString(1 << i));
            }
        }
        return out;
    }
}
