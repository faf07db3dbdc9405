/**
 * The global script-objects database (FScriptObjectEntry, FPackageObjectIndex) with its indices by
 * global index, path and CDO class.
 *
 * <p>On-disk structures owned: The ScriptObjects chunk of global.utoc.
 *
 * <p>Family: codecs.iostore.* (one slice of the cycle check: IoStoreContainer and PackageStore use the TOC,
 * header and script-objects packages, which use IoChunkId, MappedName, NameBatch and the container back; see
 * docs/architecture.md).
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.task, codecs.hash, codecs.compression, codecs.iostore.*.
 */
package io.uassetd.codecs.iostore.scriptobjects;
