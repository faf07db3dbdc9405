package io.uassetd.codecs.iostore.toc;

import java.util.Arrays;

/**
 * EIoChunkType: what a chunk holds. The numbering changed between UE4 (TOC versions 1-3) and UE5
 * (TOC version 4 on), so a chunk id keeps its raw type byte and is interpreted with the container's
 * layout: {@link #of(int, boolean)}.
 */
public enum IoChunkType {
    INVALID(0, 0),
    /** UE4 only. */
    INSTALL_MANIFEST(-1, 1),
    /** A package's header and exports (UE5 "ExportBundleData"). */
    EXPORT_BUNDLE_DATA(1, 2),
    BULK_DATA(2, 3),
    OPTIONAL_BULK_DATA(3, 4),
    MEMORY_MAPPED_BULK_DATA(4, 5),
    /** UE5: the global script-objects database in global.utoc. */
    SCRIPT_OBJECTS(5, -1),
    /** UE4 global.utoc chunks. */
    LOADER_GLOBAL_META(-1, 6),
    LOADER_INITIAL_LOAD_META(-1, 7),
    LOADER_GLOBAL_NAMES(-1, 8),
    LOADER_GLOBAL_NAME_HASHES(-1, 9),
    CONTAINER_HEADER(6, 10),
    EXTERNAL_FILE(7, -1),
    SHADER_CODE_LIBRARY(8, -1),
    SHADER_CODE(9, -1),
    PACKAGE_STORE_ENTRY(10, -1),
    DERIVED_DATA(11, -1),
    EDITOR_DERIVED_DATA(12, -1),
    PACKAGE_RESOURCE(13, -1),
    /** A type byte this layout does not define. */
    UNKNOWN(-1, -1);

    private static final IoChunkType[] UE5 = new IoChunkType[256];
    private static final IoChunkType[] UE4 = new IoChunkType[256];

    static {
        Arrays.fill(UE5, UNKNOWN);
        Arrays.fill(UE4, UNKNOWN);
        for (IoChunkType t : values()) {
            if (t.ue5 >= 0) {
                UE5[t.ue5] = t;
            }
            if (t.ue4 >= 0) {
                UE4[t.ue4] = t;
            }
        }
    }

    private final int ue5;
    private final int ue4;

    IoChunkType(int ue5, int ue4) {
        this.ue5 = ue5;
        this.ue4 = ue4;
    }

    /** The type for a raw byte in the UE5 numbering ({@code ue5Layout}) or the UE4 one. */
    public static IoChunkType of(int raw, boolean ue5Layout) {
        return (ue5Layout ? UE5 : UE4)[raw & 0xFF];
    }

    /** The raw byte of this type in the given numbering, or -1 when that numbering lacks it. */
    public int raw(boolean ue5Layout) {
        return ue5Layout ? ue5 : ue4;
    }
}
