/**
 * Class data that follows the tagged properties of some exports: user-defined enums and structs,
 * string tables, FProperty definitions of blueprint classes and functions.
 *
 * <p>On-disk structures owned: UUserDefinedEnum/UserDefinedStruct/UStringTable export tails, FField
 * definitions.
 *
 * <p>May depend on: asset.property, asset.core, asset.archive, asset.version.
 */
package io.uassetd.codecs.asset.property.classdata;
