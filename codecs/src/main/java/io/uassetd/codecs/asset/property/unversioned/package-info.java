/**
 * Unversioned property serialization: the FUnversionedHeader fragments and the schemas (from a .usmap
 * or the package's own class exports) that name the properties.
 *
 * <p>On-disk structures owned: FUnversionedHeader and unversioned property data.
 *
 * <p>Family: codecs.asset.property.* (one slice of the cycle check: the property model (PropertyValue,
 * PropertyReader/Writer, PropertyList) and its value types, native structs, unversioned schemas and class
 * data use each other; see docs/architecture.md).
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.usmap, codecs.asset, codecs.asset.core,
 * codecs.asset.version, codecs.asset.archive, codecs.asset.property.*.
 */
package io.uassetd.codecs.asset.property.unversioned;
