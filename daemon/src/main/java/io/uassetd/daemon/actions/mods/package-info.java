/**
 * Actions over whole installs and mods folders: {@code diff_game_versions} and {@code mod_conflicts}
 * (docs/game-diff-and-conflicts.md); the work is codecs.mods'.
 *
 * <p>On-disk structures owned: None; the formats live in codecs.
 *
 * <p>May depend on: daemon.action, daemon.services, daemon.cache, daemon.util, codecs.*, daemon.actions.usmap.
 */
package io.uassetd.daemon.actions.mods;
