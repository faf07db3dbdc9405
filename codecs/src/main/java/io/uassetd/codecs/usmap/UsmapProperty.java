package io.uassetd.codecs.usmap;

/**
 * One serializable property of a schema: its index within the struct's own properties, the static
 * array size (a C array takes that many consecutive indices), name, type tree and flags (usmap v6+,
 * else 0).
 */
public record UsmapProperty(int schemaIndex, int arraySize, String name, UsmapType type, long flags) {
}
