/**
 * Legacy packages as JSON in UAssetAPI's schema ({@code $type} discriminators naming UAssetAPI's
 * classes, {@code NameMap}, {@code Imports}, {@code Exports} with {@code Data} and {@code Extras},
 * ...), lossless: {@link io.uassetd.codecs.asset.json.UAssetJson} writes a package as JSON and reads
 * JSON back into a package that writes the original bytes.
 *
 * <p>Layers: {@code PackageJson} (top level and the {@code Uassetd} block with the exact layout),
 * {@code ExportJson} (export map fields; one {@code ExportJsonType} per UAssetAPI export class),
 * {@code PropertyJson} (property lists, tags, types) and {@code ValueJson} (values by family).
 * Errors in JSON input are {@link io.uassetd.codecs.error.JsonFormatException}s naming the JSON path.
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.usmap, codecs.asset, codecs.asset.core,
 * codecs.asset.version, codecs.asset.archive, codecs.asset.property.*.
 */
package io.uassetd.codecs.asset.json;
