/**
 * Image files: {@link io.uassetd.codecs.texture.image.ImageFiles} is the entry point (read any supported
 * file to an {@code Image}; write by extension, atomically); {@link io.uassetd.codecs.texture.image.Png},
 * {@link io.uassetd.codecs.texture.image.Tga}, {@link io.uassetd.codecs.texture.image.Bmp},
 * {@link io.uassetd.codecs.texture.image.Exr} and {@link io.uassetd.codecs.texture.image.RadianceHdr}
 * convert between file bytes and images; {@link io.uassetd.codecs.texture.image.Dds} reads and writes
 * DDS files as pixel blocks (no re-encoding). Errors are the codecs' {@code FormatException} family.
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.texture.
 */
package io.uassetd.codecs.texture.image;
