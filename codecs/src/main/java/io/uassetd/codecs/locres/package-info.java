/**
 * Localization files: .locres (every version) read and written byte for byte with their string table and hashes, their JSON form, and .locmeta.
 */
package io.uassetd.codecs.locres;
