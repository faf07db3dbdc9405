/**
 * The {@code FormatException} family every codec throws on bad input: corrupt data, truncated data,
 * unsupported version, wrong key, cancelled, native library unavailable; each names file, offset and
 * structure.
 *
 * <p>On-disk structures owned: None.
 *
 * <p>May depend on: nothing of ours (the JDK only).
 */
package io.uassetd.codecs.error;
