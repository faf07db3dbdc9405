/**
 * Legacy Unreal packages (.uasset/.umap + .uexp, or single-file editor packages), UE4.0 to UE5.8,
 * as an object model with a byte-exact writer.
 *
 * <p>Entry point: {@link io.uassetd.codecs.asset.AssetPackage}: {@code open(path, engine)} (the
 * engine is needed for unversioned, i.e. cooked, packages), {@code read(header, uexp, name,
 * engine)} for bytes from a container, {@code toBytes()} / {@code write(path)}.
 *
 * <p>Layout: {@link io.uassetd.codecs.asset.PackageFileSummary} (FPackageFileSummary, every field
 * by legacy file version and object version), {@link io.uassetd.codecs.asset.NameMap} (entries with
 * their stored hashes), {@link io.uassetd.codecs.asset.ObjectImport}, {@link
 * io.uassetd.codecs.asset.ObjectExport} (the export map entries) and {@link
 * io.uassetd.codecs.asset.Export} (entry + data), plus the depends map, soft object paths, soft
 * package references, searchable names, thumbnail table, preload dependencies and data resources.
 * Everything else in the files (asset registry data, gatherable text, world tile info, thumbnail
 * images, the bytes between and after exports, the trailing package tag, a payload TOC) is kept
 * raw, so an unedited package is written back byte for byte.
 *
 * <p>Writing lays the regions out again in their original order and recomputes the summary's
 * counts and offsets, each export's serial size and offset, and thumbnail offsets, so adding names
 * ({@code names().add}), imports, or changing an export's bytes or content
 * ({@link io.uassetd.codecs.asset.Export#setContent}) produces a consistent package. A package whose
 * export map went stale (a hand-edited .uexp) is read with the exports placed where their data lies
 * by {@link io.uassetd.codecs.asset.SerialLayout}.
 *
 * <p>Versions live in {@code asset.version} (engine releases, UE4/UE5 object versions named by
 * feature, legacy file version tags, custom versions); the archive types in {@code asset.archive}
 * add package versions to the shared {@code io} reader and writer.
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.asset.core, codecs.asset.version, codecs.asset.archive,
 * codecs.usmap.
 */
package io.uassetd.codecs.asset;
