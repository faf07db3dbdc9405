/**
 * Localization files: {@link io.uassetd.codecs.locres.LocResReader} reads .locres files of every
 * version ({@link io.uassetd.codecs.locres.LocResVersion}: Legacy to Optimized_CityHash64_UTF16),
 * {@link io.uassetd.codecs.locres.LocResWriter} writes them byte for byte,
 * {@link io.uassetd.codecs.locres.LocResJson} converts to and from JSON, and
 * {@link io.uassetd.codecs.locres.LocMeta} reads .locmeta. Every count, offset and string index is
 * checked; errors name the file, the absolute offset and the structure.
 *
 * <p>On-disk structures owned: FTextLocalizationResource (.locres), FTextLocalizationMetaDataResource
 * (.locmeta).
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.hash.
 */
package io.uassetd.codecs.locres;
