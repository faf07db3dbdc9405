/**
 * One value class per property type (numbers, bool, name, string, text, object and soft object
 * references, arrays, maps, sets, structs, delegates, optionals...).
 *
 * <p>On-disk structures owned: Each property type's value bytes.
 *
 * <p>Family: codecs.asset.property.* (one slice of the cycle check: the property model (PropertyValue,
 * PropertyReader/Writer, PropertyList) and its value types, native structs, unversioned schemas and class
 * data use each other; see docs/architecture.md).
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.usmap, codecs.asset, codecs.asset.core,
 * codecs.asset.version, codecs.asset.archive, codecs.asset.property.*.
 */
package io.uassetd.codecs.asset.property.types;
