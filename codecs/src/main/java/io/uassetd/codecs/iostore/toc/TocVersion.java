package io.uassetd.codecs.iostore.toc;

import io.uassetd.codecs.error.UnsupportedVersionException;

/**
 * EIoStoreTocVersion: the .utoc layout versions, oldest first, each named by the feature it added.
 * Gates read like the format's history: {@code v.atLeast(TocVersion.PERFECT_HASH)}.
 */
public enum TocVersion {
    /** UE 4.25: chunk ids, offsets, compression blocks, metas. */
    INITIAL(1),
    /** UE 4.26: a directory index maps file paths to chunks. */
    DIRECTORY_INDEX(2),
    /** UE 4.27: containers may be split into several .ucas partitions. */
    PARTITION_SIZE(3),
    /** UE 5.0: chunk lookup by a perfect hash (seeds array). */
    PERFECT_HASH(4),
    /** UE 5.0-5.2: perfect hash with an overflow list of chunks without a seed. */
    PERFECT_HASH_WITH_OVERFLOW(5),
    /** UE 5.3: on-demand containers carry disk hashes of chunks and blocks after the metas. */
    ON_DEMAND_META_DATA(6),
    /** UE 5.4: the on-demand trailer is gone again. */
    REMOVED_ON_DEMAND_META_DATA(7),
    /** UE 5.4+: chunk metas hold a 20-byte FIoHash (plus 3 pad bytes) instead of a 32-byte FIoChunkHash. */
    REPLACE_IO_CHUNK_HASH_WITH_IO_HASH(8);

    private static final TocVersion[] BY_VALUE = values();

    private final int value;

    TocVersion(int value) {
        this.value = value;
    }

    /** The byte stored in the header. */
    public int value() {
        return value;
    }

    public boolean atLeast(TocVersion other) {
        return compareTo(other) >= 0;
    }

    public static TocVersion latest() {
        return BY_VALUE[BY_VALUE.length - 1];
    }

    /** The version for a header byte; 0 and anything newer than the latest known are refused. */
    public static TocVersion of(int value, String file, long offset) {
        if (value >= 1 && value <= BY_VALUE.length) {
            return BY_VALUE[value - 1];
        }
        if (value == 0) {
            throw new UnsupportedVersionException("TOC version 0 (Invalid) is not a valid .utoc version", file, offset,
                    "FIoStoreTocHeader");
        }
        throw new UnsupportedVersionException("TOC version " + value + " is newer than the newest supported version "
                + latest().value + " (" + latest() + ")", file, offset, "FIoStoreTocHeader");
    }
}
