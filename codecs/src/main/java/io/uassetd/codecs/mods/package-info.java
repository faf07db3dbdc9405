/**
 * Whole installs and mods folders: the files every pak and IoStore container under a folder
 * provides ({@link io.uassetd.codecs.mods.Archive}, {@link io.uassetd.codecs.mods.ArchiveFile}), the
 * engine's mount order over them ({@link io.uassetd.codecs.mods.MountOrder}), the difference of two
 * installs decided from the hashes the archives hold ({@link io.uassetd.codecs.mods.GameDiff}), and
 * the files several mods provide with the one the engine loads ({@link io.uassetd.codecs.mods.ModConflicts}),
 * whose Zen tables are read as legacy packages ({@link io.uassetd.codecs.mods.ZenTables}).
 * docs/game-diff-and-conflicts.md describes them.
 *
 * <p>On-disk structures owned: None; paks and containers are read through codecs.pak and codecs.iostore.
 *
 * <p>May depend on: codecs.pak, codecs.iostore.*, codecs.crypto, codecs.compression, codecs.task, codecs.error,
 * codecs.io, codecs.diff, codecs.asset, codecs.asset.json, codecs.asset.version, codecs.usmap, codecs.zen,
 * codecs.zen.convert.
 */
package io.uassetd.codecs.mods;
