/**
 * Byte-level I/O shared by every format: {@code ByteReader}/{@code ByteWriter}, {@code FileSource}
 * over a FileChannel (no whole-file loads, files over 2 GiB), {@code AtomicOutput} (temporary file
 * renamed into place), safe output paths, and {@code FString}, the one codec of Unreal's
 * length-prefixed ANSI/UTF-16 strings (packages, pak and IoStore indexes, LocRes, usmap).
 *
 * <p>On-disk structures owned: FString.
 *
 * <p>May depend on: codecs.error.
 */
package io.uassetd.codecs.io;
