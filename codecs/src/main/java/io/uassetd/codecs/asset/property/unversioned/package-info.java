/**
 * Unversioned property reading: the values named by the schemas (from a .usmap or the package's own
 * class exports, {@code ClassSchemas}) in the order of the FUnversionedHeader (which, with
 * {@code SchemaSource} and the writing, belongs to the model in {@code codecs.asset.property}).
 *
 * <p>On-disk structures owned: FUnversionedHeader and unversioned property data.
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.usmap, codecs.asset, codecs.asset.core,
 * codecs.asset.version, codecs.asset.archive, codecs.asset.property (the model),
 * codecs.asset.property.types, codecs.asset.property.classdata.
 */
package io.uassetd.codecs.asset.property.unversioned;
