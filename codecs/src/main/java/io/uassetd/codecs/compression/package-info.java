/**
 * Compression codecs behind one interface ({@code Codec}, chosen by {@code CompressionMethod}): Zlib,
 * Gzip, LZ4, Zstd and Oodle (pure Java or native through {@code OodleBackend}).
 *
 * <p>On-disk structures owned: Compressed blocks of paks and IoStore containers.
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.task, codecs.oodle (and zstd-jni, lz4-java, Brotli).
 */
package io.uassetd.codecs.compression;
