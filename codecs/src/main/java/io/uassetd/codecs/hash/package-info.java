/**
 * Hashes the formats use: CityHash64 (package ids, public export hashes), FNV-64 and BLAKE3 (IoStore
 * chunk hashes).
 *
 * <p>On-disk structures owned: Hash fields of paks, TOCs and container headers.
 *
 * <p>May depend on: codecs.error, codecs.io (and zero-allocation-hashing for CityHash).
 */
package io.uassetd.codecs.hash;
