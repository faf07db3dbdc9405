/**
 * IoStore mod bundles: {@code X.utoc} + {@code X.ucas} + the companion {@code X.pak}, written all
 * or nothing.
 *
 * <h2>Entry points (what the daemon calls)</h2>
 * <ul>
 * <li>Layout: {@link io.uassetd.codecs.bundle.IoStoreProfile#of(io.uassetd.codecs.asset.version.EngineVersion,
 * io.uassetd.codecs.bundle.GameProfile)}: TOC and container header versions per engine, overridden
 * by a named {@link io.uassetd.codecs.bundle.GameProfile} (Marvel Rivals).</li>
 * <li>create_mod_iostore / build_bundle / create_iostore_bundle / create_iostore: inputs from
 * {@link io.uassetd.codecs.bundle.BundleInput} (folders, files, legacy paks), sorted into packages by
 * {@link io.uassetd.codecs.bundle.BundleAssembler} (Zen packages through
 * {@link io.uassetd.codecs.bundle.ZenPackages}, legacy ones through
 * {@link io.uassetd.codecs.bundle.LegacyPackages}), written by
 * {@link io.uassetd.codecs.bundle.BundleWriter}.</li>
 * <li>recompress_iostore / clone_mod_iostore: {@link io.uassetd.codecs.bundle.ContainerCopy}
 * ({@code read} a snapshot, then {@code write} it, so a copy may replace its source).</li>
 * </ul>
 *
 * <p>May depend on: codecs.* (it composes the formats: the top of codecs).
 */
package io.uassetd.codecs.bundle;

import io.uassetd.codecs.game.GameProfile;