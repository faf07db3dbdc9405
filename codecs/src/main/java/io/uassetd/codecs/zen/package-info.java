/**
 * Zen packages: the package format inside IoStore containers (the package-data chunk, or a
 * .uzenasset file), one record per on-disk structure with its read and write side by side.
 *
 * <p>{@link io.uassetd.codecs.zen.ZenPackage#read(byte[], String, io.uassetd.codecs.asset.version.EngineVersion)}
 * parses a package laid out as an engine release writes it ({@link io.uassetd.codecs.iostore.ZenLayout}:
 * UE4.26/4.27 FPackageSummary, UE5.0/5.1 FZenPackageSummary with graph data, 5.2 bulk data map, 5.3
 * dependency bundles and imported package names, 5.4 padded bulk data map, 5.6 Verse cell offsets);
 * versioned packages refine the layout from their versioning info. {@link
 * io.uassetd.codecs.zen.ZenPackage#toBytes()} writes it back with every offset recomputed, byte for
 * byte what was read. The UE5.0 to 5.2 graph data (export bundle headers and arcs) is kept raw.
 *
 * <p>{@link io.uassetd.codecs.zen.convert.ZenToLegacy} turns a Zen package into a legacy cooked
 * package; {@link io.uassetd.codecs.zen.Ue4ScriptObjects} reads UE4.26/4.27 script objects.
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.hash, codecs.iostore.*, codecs.asset, codecs.asset.core,
 * codecs.asset.version, codecs.asset.archive.
 */
package io.uassetd.codecs.zen;
