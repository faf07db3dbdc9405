/**
 * Class data that follows the tagged properties of some exports: user-defined enums and structs,
 * string tables, FProperty definitions of blueprint classes and functions.
 *
 * <p>On-disk structures owned: UUserDefinedEnum/UserDefinedStruct/UStringTable export tails, FField
 * definitions.
 *
 * <p>Family: codecs.asset.property.* (one slice of the cycle check: the property model (PropertyValue,
 * PropertyReader/Writer, PropertyList) and its value types, native structs, unversioned schemas and class
 * data use each other; see docs/architecture.md).
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.usmap, codecs.asset, codecs.asset.core,
 * codecs.asset.version, codecs.asset.archive, codecs.asset.property.*.
 */
package io.uassetd.codecs.asset.property.classdata;
