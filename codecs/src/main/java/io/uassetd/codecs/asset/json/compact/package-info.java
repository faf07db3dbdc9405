/**
 * The compact JSON form of a package ({@code compact_json}): property values without UAssetAPI's type
 * wrappers, object references as paths, object flags by name.
 *
 * <p>On-disk structures owned: None on disk; a JSON form derived from the package model.
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.usmap, codecs.asset, codecs.asset.core,
 * codecs.asset.version, codecs.asset.archive, codecs.asset.property.*, codecs.asset.json.
 */
package io.uassetd.codecs.asset.json.compact;
