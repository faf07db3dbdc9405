/**
 * The properties of an export as package content, the top of the property packages: reads an
 * export's properties (tagged, or unversioned through a usmap) into a {@code PropertyExportContent}
 * plugged into the package model as {@link io.uassetd.codecs.asset.ExportContent}, edits them, and
 * dispatches the reading of a value by its type to the value families ({@code PropertyValues},
 * {@code ValueCodec}, the {@link io.uassetd.codecs.asset.property.PropertyCodec} of the model).
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
 * byte-identical.
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.usmap, codecs.asset, codecs.asset.core,
 * codecs.asset.version, codecs.asset.archive, codecs.asset.property.*.
 */
package io.uassetd.codecs.asset.property.content;
