/**
 * One value class per property type (numbers, bool, name, string, text, object and soft object
 * references, arrays, maps, sets, structs, delegates, optionals...).
 *
 * <p>On-disk structures owned: Each property type's value bytes.
 *
 * <p>May depend on: asset.property, asset.property.structs, asset.core, asset.archive.
 */
package io.uassetd.codecs.asset.property.types;
