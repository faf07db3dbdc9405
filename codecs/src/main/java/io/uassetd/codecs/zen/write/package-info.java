/**
 * Legacy to Zen conversion: {@link io.uassetd.codecs.zen.write.LegacyToZen#convert(io.uassetd.codecs.asset.AssetPackage,
 * String, io.uassetd.codecs.zen.write.ZenTarget, java.util.Map)} turns a cooked legacy package into a
 * {@link io.uassetd.codecs.zen.write.ZenConversion}: the Zen package bytes, the store entry a container
 * header lists for it ({@link io.uassetd.codecs.iostore.header.StoreEntry}) and its bulk data chunks
 * ({@link io.uassetd.codecs.zen.write.BulkChunk}). Nothing outside the package is needed: script
 * imports are named by the hash of their path and package imports by their package's id and the hash
 * of their path inside it, so neither global.utoc nor the imported packages are read. Every failure is
 * a {@link io.uassetd.codecs.zen.write.ZenWriteException} (or the parser's format exceptions) naming
 * the file and what is wrong.
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.task, codecs.hash, codecs.iostore.*, codecs.asset,
 * codecs.asset.core, codecs.asset.version, codecs.asset.archive, codecs.zen.
 */
package io.uassetd.codecs.zen.write;
