/**
 * Compression codecs behind one interface ({@code Codec}, chosen by {@code CompressionMethod}): Zlib,
 * Gzip, LZ4, Zstd and Oodle (pure Java or native through {@code OodleBackend}).
 *
 * <p>On-disk structures owned: Compressed blocks of paks and IoStore containers.
 *
 * <p>May depend on: codecs.oodle, codecs.error, codecs.task.
 */
package io.uassetd.codecs.compression;
