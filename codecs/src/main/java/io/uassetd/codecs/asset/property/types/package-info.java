/**
 * One value class per property type (numbers, bool, name, string, text, object and soft object
 * references, arrays, maps, sets, structs, delegates, optionals...).
 *
 * <p>On-disk structures owned: Each property type's value bytes.
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.usmap, codecs.asset, codecs.asset.core,
 * codecs.asset.version, codecs.asset.archive, codecs.asset.property (the model).
 */
package io.uassetd.codecs.asset.property.types;
