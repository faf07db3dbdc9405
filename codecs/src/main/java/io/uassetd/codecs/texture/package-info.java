/**
 * Texture pixel codecs: Unreal's pixel formats, decoders and encoders of one surface (one mip of one
 * slice), and mip generation. Knows nothing about packages; the texture readers hand it raw mip bytes.
 *
 * <h2>API (stable)</h2>
 * <ul>
 *   <li>{@link io.uassetd.codecs.texture.PixelFormat}: {@code EPixelFormat} by name
 *       ({@code PixelFormat.fromName("PF_DXT1")}, prefix optional) or value; block footprint,
 *       bytes per block, {@code mipSize(w, h[, d])}, {@code isHdr()}.</li>
 *   <li>{@link io.uassetd.codecs.texture.Image}: RGBA pixels, top row first, as {@code byte[]} (RGBA8),
 *       {@code short[]} (RGBA16) or {@code float[]} (HDR); conversions {@code toRgba8()} (float is
 *       tone-clamped to [0, 1]), {@code toRgba16()}, {@code toRgbaFloat()}.</li>
 *   <li>{@link io.uassetd.codecs.texture.TextureDecoder#decode(PixelFormat, byte[], int, int, int, DecodeOptions)}:
 *       one surface to an Image; {@link io.uassetd.codecs.texture.DecodeOptions#NORMAL_MAP} rebuilds Z for
 *       two-channel formats. Short data raises {@code TruncatedDataException} naming format and sizes;
 *       formats without a decoder raise {@code UnsupportedVersionException} ({@code canDecode} tells first).</li>
 *   <li>{@link io.uassetd.codecs.texture.TextureEncoder#encode(PixelFormat, Image, EncodeOptions)}: an Image
 *       to the surface bytes ({@code canEncode}, {@code encodable()}); other formats raise
 *       {@code UnsupportedVersionException} naming the format.</li>
 *   <li>{@link io.uassetd.codecs.texture.MipGenerator#chain(Image, int, boolean)}: box-filtered mip chain,
 *       gamma-correct when {@code srgb}.</li>
 *   <li>{@link io.uassetd.codecs.texture.Half}: half-float conversions.</li>
 * </ul>
 * Image files live in {@link io.uassetd.codecs.texture.image}: {@code ImageFiles.read/write/encode/decode}
 * (PNG, TGA, BMP, EXR, HDR, and DDS decoded), {@code Png.write8/write16}, and {@code Dds.read/write} for
 * DDS files holding the original blocks (mips in Unreal's order: one array per mip with all slices).
 *
 * <p>May depend on: codecs.error.
 */
package io.uassetd.codecs.texture;
