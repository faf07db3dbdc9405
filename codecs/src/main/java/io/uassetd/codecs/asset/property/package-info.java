/**
 * Property serialization of legacy Unreal packages: the tagged properties of UE4 and UE5 (every
 * FPropertyTag layout, including the UE5.4+ complete type names and tag flags) and unversioned
 * properties through .usmap mappings, plugged into the package model as {@link
 * io.uassetd.codecs.asset.ExportContent}.
 *
 * <pre>{@code
 * AssetPackage pkg = AssetPackage.open(path, EngineVersion.UE5_1);
 * PropertyExportContent c = PropertyParser.contentOf(pkg, pkg.export(0), usmapOrNull);
 * List<PropertyRow> rows = c.propertyRows(pkg);           // get_export_properties
 * c.editor(pkg).set("Stats.Levels[2].Hp", 120);           // set_property_value
 * c.editor(pkg).add("NewFlag", "BoolProperty", true);     // add_property
 * c.editor(pkg).remove("OldProperty");                    // remove_property
 * pkg.write(out);                                         // serializes from the parsed content
 * }</pre>
 *
 * <p>Anything not understood (an unknown property type or native struct, a value whose parse does
 * not consume exactly its tag's size) is kept as raw bytes with its tag, and the bytes after the
 * properties are read into a {@link io.uassetd.codecs.asset.property.ClassData} model where the class
 * has one (DataTable rows here; string tables, enums and user-defined structs in
 * {@code property.classdata}) and kept raw otherwise, so an unedited export writes back
 * byte-identical. Value families live in {@code property.types}, native structs in
 * {@code property.structs}, the unversioned format in {@code property.unversioned}.
 *
 * <p>Family: codecs.asset.property.* (one slice of the cycle check: the property model (PropertyValue,
 * PropertyReader/Writer, PropertyList) and its value types, native structs, unversioned schemas and class
 * data use each other; see docs/architecture.md).
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.usmap, codecs.asset, codecs.asset.core,
 * codecs.asset.version, codecs.asset.archive, codecs.asset.property.*.
 */
package io.uassetd.codecs.asset.property;
