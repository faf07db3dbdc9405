/**
 * Cooked textures inside legacy packages: {@link io.uassetd.codecs.texture.asset.TextureAsset} reads
 * the data after a texture export's properties (strip flags, cooked platform data, mips as
 * {@link io.uassetd.codecs.texture.asset.TextureMip}, inline or bulk data in .uexp/.ubulk, virtual
 * textures) and writes it back; {@code TextureEditor}, {@code TextureInject} and {@code TextureOps}
 * replace images, strip mips and inline bulk data; {@code TextureFiles} opens a package's texture
 * with its companion files. Pixels are decoded and encoded by {@link io.uassetd.codecs.texture}.
 *
 * <p>On-disk structures owned: FTexturePlatformData, FTexture2DMipMap, FByteBulkData headers,
 * FVirtualTextureBuiltData.
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.usmap, codecs.asset, codecs.asset.core,
 * codecs.asset.version, codecs.asset.archive, codecs.asset.property.*, codecs.texture, codecs.texture.image.
 */
package io.uassetd.codecs.texture.asset;
