/**
 * Class data that follows the tagged properties of some exports: user-defined enums and structs,
 * string tables, FProperty definitions of blueprint classes and functions.
 *
 * <p>On-disk structures owned: UUserDefinedEnum/UserDefinedStruct/UStringTable export tails, FField
 * definitions.
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.usmap, codecs.asset, codecs.asset.core,
 * codecs.asset.version, codecs.asset.archive, codecs.asset.property (the model).
 */
package io.uassetd.codecs.asset.property.classdata;
