/**
 * Byte-level I/O shared by every format: {@code ByteReader}/{@code ByteWriter}, {@code FileSource}
 * over a FileChannel (no whole-file loads, files over 2 GiB), {@code AtomicOutput} (temporary file
 * renamed into place), safe output paths.
 *
 * <p>On-disk structures owned: None.
 *
 * <p>May depend on: codecs.error.
 */
package io.uassetd.codecs.io;
