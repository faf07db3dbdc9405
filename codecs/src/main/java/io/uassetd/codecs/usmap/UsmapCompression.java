package io.uassetd.codecs.usmap;

/** EUsmapCompressionMethod: how the .usmap payload is stored. */
public enum UsmapCompression {
    NONE, OODLE, BROTLI, ZSTANDARD
}
