/**
 * The proprietary Oodle library (oo2core) through JNA, behind
 * {@link io.uassetd.codecs.compression.OodleBackend}.
 *
 * <p>Typical use, once at start-up by whoever owns the process (the daemon):
 * <pre>{@code
 * OodleLibrary oodle = OodleLibrary.forProcess(oodleOptionOrNull); // --oodle PATH, may be null
 * LoadResult loaded = oodle.result();                               // searches once, remembers
 * log(loaded.describe());                                            // where from, or every place tried
 * Codecs codecs = Codecs.withNativeOodle(loaded.backend().orElse(null));
 * }</pre>
 * {@link io.uassetd.nativelib.oodle.OodleLibrary} finds and loads the library,
 * {@link io.uassetd.nativelib.oodle.NativeOodle} is the checked facade, and the JNA mapping itself
 * ({@code OodleApi}) stays package-private. Nothing here downloads anything.
 *
 * <p>May depend on: codecs.error, codecs.compression, codecs.oodle (and JNA).
 */
package io.uassetd.nativelib.oodle;
