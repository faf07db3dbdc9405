/**
 * The global script-objects database (FScriptObjectEntry, FPackageObjectIndex) with its indices by
 * global index, path and CDO class.
 *
 * <p>On-disk structures owned: The ScriptObjects chunk of global.utoc.
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.hash, codecs.iostore.internal, codecs.iostore.header.
 */
package io.uassetd.codecs.iostore.scriptobjects;
