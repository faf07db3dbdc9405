/**
 * Semantic differences between two legacy packages: names, imports and exports added, removed or
 * changed, and every property value that differs, each addressed by a path
 * ({@code Exports[DT_Heroes].Rows[Spider].Health}). The packages are compared through their lossless
 * UAssetAPI-schema JSON trees ({@link io.uassetd.codecs.asset.json.UAssetJson#toTree}); layout
 * (serial offsets and sizes, name-map order, package indexes) is resolved or ignored so that one
 * edited value is one change. docs/mod-maintenance.md describes the path syntax.
 *
 * <p>On-disk structures owned: None.
 *
 * <p>May depend on: codecs.asset, codecs.asset.json, codecs.usmap.
 */
package io.uassetd.codecs.diff;
