/**
 * .usmap type mappings (versions 0 to 5; payload raw, Oodle, Brotli or Zstandard): names, enums
 * and struct/class schemas with property type trees, needed to read unversioned properties.
 * Entry point: {@link io.uassetd.codecs.usmap.Usmap#load}; schema lookup by name resolves super
 * structs ({@link io.uassetd.codecs.usmap.Usmap#propertyAt} uses the global index space of
 * unversioned serialization). Extension blocks written after the schemas ("CEXT": PPTH, EATR, ENVP)
 * are kept raw.
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.compression.
 */
package io.uassetd.codecs.usmap;
