/**
 * Native structs serialized without property tags (Vector, Rotator, Guid, Color, SoftObjectPath...)
 * and their field layouts per version.
 *
 * <p>On-disk structures owned: The binary layouts of Unreal's native (immutable) structs.
 *
 * <p>Family: codecs.asset.property.* (one slice of the cycle check: the property model (PropertyValue,
 * PropertyReader/Writer, PropertyList) and its value types, native structs, unversioned schemas and class
 * data use each other; see docs/architecture.md).
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.usmap, codecs.asset, codecs.asset.core,
 * codecs.asset.version, codecs.asset.archive, codecs.asset.property.*.
 */
package io.uassetd.codecs.asset.property.structs;
