/**
 * The compact JSON form of a package ({@code compact_json}): property values without UAssetAPI's type
 * wrappers, object references as paths, object flags by name.
 *
 * <p>On-disk structures owned: None on disk; a JSON form derived from the package model.
 *
 * <p>May depend on: codecs.asset and its property packages, asset.json.
 */
package io.uassetd.codecs.asset.json.compact;
