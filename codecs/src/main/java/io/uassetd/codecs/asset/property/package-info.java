/**
 * The property model of legacy Unreal packages, the bottom of the property packages: a
 * {@link io.uassetd.codecs.asset.property.PropertyList} of {@link io.uassetd.codecs.asset.property.Property}
 * (tag or unversioned slot, {@link io.uassetd.codecs.asset.property.PropertyType}, value), the
 * {@link io.uassetd.codecs.asset.property.PropertyValue} interface every value family implements,
 * {@link io.uassetd.codecs.asset.property.PropertyReader}/{@link io.uassetd.codecs.asset.property.PropertyWriter},
 * the FPropertyTag of every layout (including the UE5.4+ complete type names and tag flags), the
 * FUnversionedHeader and the schemas of unversioned data, and the {@link io.uassetd.codecs.asset.property.ClassData}
 * interface of the bytes after the properties.
 *
 * <p>The packages of the property family depend only downward, none on a package above it:
 * <pre>
 *   property.content       PropertyParser, PropertyValues (the type dispatch), PropertyEditor,
 *     |                    PropertyExportContent, PackageProperties, DataTableRows
 *   property.unversioned   reading unversioned lists; ClassSchemas
 *     |        \
 *   property.structs   property.classdata
 *     |
 *   property.types         one value class per type family
 *     |
 *   property               this package: the model and the {@link io.uassetd.codecs.asset.property.PropertyCodec}
 * </pre>
 * A value that holds other values (a struct's property list, an array's elements) is read through
 * the reader's {@link io.uassetd.codecs.asset.property.PropertyCodec}, which {@code property.content}
 * implements; this is how the model and the value types read nested data without knowing the types
 * above them. Writing needs no codec: every value writes itself.
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.usmap, codecs.asset, codecs.asset.core,
 * codecs.asset.version, codecs.asset.archive.
 */
package io.uassetd.codecs.asset.property;
