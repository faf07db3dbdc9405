/**
 * Versions: the engine table ({@code EngineVersion}, one row per release), object versions (UE4 and
 * UE5), legacy file versions, custom versions and how an engine is chosen or detected.
 *
 * <p>On-disk structures owned: The version fields of package summaries and FCustomVersionContainer.
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.asset.core, codecs.pak, codecs.iostore.* (the engine
 * table names the pak, TOC and Zen layout versions each release writes).
 */
package io.uassetd.codecs.asset.version;
