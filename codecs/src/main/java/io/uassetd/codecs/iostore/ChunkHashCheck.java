package io.uassetd.codecs.iostore;

/** The outcome of checking a chunk against the hash in its TOC meta. */
public enum ChunkHashCheck {
    /** The first 20 bytes of BLAKE3 of the uncompressed chunk equal the stored hash. */
    MATCH,
    MISMATCH,
    /** The TOC stores no hash (all zero) for this chunk. */
    ABSENT
}
