/**
 * The global script-objects database (FScriptObjectEntry, FPackageObjectIndex) with its indices by
 * global index, path and CDO class.
 *
 * <p>On-disk structures owned: The ScriptObjects chunk of global.utoc.
 *
 * <p>May depend on: codecs.iostore, codecs.io, codecs.error.
 */
package io.uassetd.codecs.iostore.scriptobjects;
