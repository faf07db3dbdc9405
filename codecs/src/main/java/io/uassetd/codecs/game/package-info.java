/**
 * {@code GameProfile}: one place for a game's quirks (engine, TOC and header versions, encryption
 * scheme, mesh material layout, companion-pak layout, Niagara conventions).
 *
 * <p>On-disk structures owned: None directly; the readers and writers consult the profile.
 *
 * <p>May depend on: codecs.error, codecs.crypto, codecs.pak, codecs.iostore.*, codecs.asset.version,
 * codecs.asset.mesh, codecs.asset.niagara.
 */
package io.uassetd.codecs.game;
