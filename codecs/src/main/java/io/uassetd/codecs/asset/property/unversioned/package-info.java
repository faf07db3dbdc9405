/**
 * Unversioned property serialization: the FUnversionedHeader fragments and the schemas (from a .usmap
 * or the package's own class exports) that name the properties.
 *
 * <p>On-disk structures owned: FUnversionedHeader and unversioned property data.
 *
 * <p>May depend on: asset.property, codecs.usmap, asset.core, asset.archive.
 */
package io.uassetd.codecs.asset.property.unversioned;
