/**
 * Hashes the formats use: CityHash64 (package ids, public export hashes), FNV-64 and BLAKE3 (IoStore
 * chunk hashes).
 *
 * <p>On-disk structures owned: Hash fields of paks, TOCs and container headers.
 *
 * <p>May depend on: zero-allocation-hashing (CityHash), the JDK.
 */
package io.uassetd.codecs.hash;
