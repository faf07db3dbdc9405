package io.uassetd.codecs.iostore.toc;

import io.uassetd.codecs.error.UnsupportedVersionException;

/**
 * EIoStoreTocVersion: the .utoc layout versions, oldest first, each named by the feature it added.
 * Gates read like the format's history: {@code v.atLeast(TocVersion.PERFECT_HASH)}.
 */
public enum TocVersion {
    /** The first layout (UE 4.25): chunk ids, offsets, compression blocks, metas. */
    INITIAL(1),
    /** A directory index maps file paths to chunks (UE 4.26). */
    DIRECTORY_INDEX(2),
    /** Containers may be split into several .ucas partitions (UE 4.27). */
    PARTITION_SIZE(3),
    /** Chunk lookup by a perfect hash (seeds array); the first UE5 layout. */
    PERFECT_HASH(4),
    /** Perfect hash with an overflow list of chunks without a seed (the UE 5.2 fixture). */
    PERFECT_HASH_WITH_OVERFLOW(5),
    /** On-demand containers carry disk hashes of chunks and blocks after the metas (this version only). */
    ON_DEMAND_META_DATA(6),
    /** The on-demand trailer is gone again. */
    REMOVED_ON_DEMAND_META_DATA(7),
    /** Chunk metas hold a 20-byte FIoHash (plus 3 pad bytes) instead of a 32-byte FIoChunkHash (the UE 5.8 fixtures). */
    REPLACE_IO_CHUNK_HASH_WITH_IO_HASH(8),
    /**
     * The header's former reserved7 counts source hashes (TocSourceHashCount, UE6.0). CUE4Parse, the
     * public source, reads only the count, so a TOC that stores any is refused (no layout is invented).
     */
    ADDED_SOURCE_HASHES(9),
    /**
     * The header's former reserved3 byte is the EncryptionMethod (EIoEncryptionMethod: 0 None, 1 AES
     * ECB, 2 AES CTR) and the first word of reserved8 the EncryptionIVCount; with AES CTR a 12-byte IV
     * per compression block plus one for the directory index (when indexed) follows the blocks (UE6.0).
     */
    CONTAINER_ENCRYPTION_METHOD(10);

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
