package io.uassetd.codecs.bundle;

import io.uassetd.codecs.game.GameProfile;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.iostore.header.ContainerHeaderVersion;
import io.uassetd.codecs.iostore.toc.TocVersion;
import io.uassetd.codecs.iostore.ZenLayout;

/**
 * The container layout an engine release (and optionally a game) loads: .utoc version, container
 * header version and the Zen package layout. UE 5.0 to 5.3 use TOC version 5
 * (PerfectHashWithOverflow), 5.4 version 6, 5.5 on version 8; container headers are version 1
 * (5.0), 2 (5.1, 5.2), 3 (5.3, 5.4), 4 (5.5, 5.6) and 5 (5.7, 5.8; the UE 5.8 fixtures). A game
 * profile overrides what it changes.
 *
 * @param blockSize the compression block size of new containers
 */
public record IoStoreProfile(EngineVersion engine, GameProfile game, TocVersion tocVersion,
        ContainerHeaderVersion headerVersion, int blockSize) {

    public static final int DEFAULT_BLOCK_SIZE = 0x10000;

    /** The stock profile of an engine release (UE5_0 ... UE5_8). */
    public static IoStoreProfile of(EngineVersion engine) {
        return of(engine, GameProfile.NONE);
    }

    /**
     * The profile of a game; its engine when {@code engine} is null, and the default game's
     * ({@link GameProfile#DEFAULT}) when the game pins none either.
     */
    public static IoStoreProfile of(EngineVersion engine, GameProfile game) {
        EngineVersion e = engine != null ? engine : game.engine() != null ? game.engine() : GameProfile.DEFAULT.engine();
        if (!e.isUE5()) {
            throw new UnsupportedVersionException("IoStore bundles are written for UE5 (" + EngineVersion.UE5_0 + " ... "
                    + EngineVersion.LATEST + "), not " + e);
        }
        TocVersion toc = game.tocVersion() != null ? game.tocVersion() : tocVersionOf(e);
        ContainerHeaderVersion header = game.headerVersion() != null ? game.headerVersion() : headerVersionOf(e);
        return new IoStoreProfile(e, game, toc, header, DEFAULT_BLOCK_SIZE);
    }

    static TocVersion tocVersionOf(EngineVersion e) {
        return TocVersion.of(e.tocVersion(), "engine table row " + e, 0);
    }

    static ContainerHeaderVersion headerVersionOf(EngineVersion e) {
        return ContainerHeaderVersion.of(e.headerVersion(), "engine table row " + e, 0);
    }

    public ZenLayout zenLayout() {
        return engine.zenLayout();
    }

    public IoStoreProfile withBlockSize(int size) {
        return new IoStoreProfile(engine, game, tocVersion, headerVersion, size);
    }

    public IoStoreProfile withTocVersion(TocVersion v) {
        return new IoStoreProfile(engine, game, v, headerVersion, blockSize);
    }

    public IoStoreProfile withHeaderVersion(ContainerHeaderVersion v) {
        return new IoStoreProfile(engine, game, tocVersion, v, blockSize);
    }

    /** A short description for replies: {@code UE5_3/marvel_rivals toc 5 header 3}. */
    public String describe() {
        return engine + "/" + game.name() + " toc " + tocVersion.value() + " header " + headerVersion.value();
    }
}
