package io.uassetd.testkit;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.iostore.ContainerKeys;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.zen.convert.LegacyOutput;
import io.uassetd.codecs.zen.convert.ZenToLegacy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Legacy packages made in test setup from the Zen packages of the CUE4Parse UE5.8 containers
 * (NS_Fixture, SK_Fixture, SM_Fixture, ...) with the project's Zen -> legacy converter.
 */
public final class ZenLegacyFixtures {
    static final byte[] CUE4PARSE_KEY = "CUE4ParseFixtureAESKey0123456789".getBytes(StandardCharsets.US_ASCII);

    private ZenLegacyFixtures() {
    }

    /**
     * Converts {@code packagePath} (e.g. {@code /Game/Fixtures/Effects/NS_Fixture}) from the
     * {@code Tagged} or {@code Unversioned} uncompressed container and writes it under {@code dir};
     * returns the .uasset.
     */
    public static Path convert(String flavour, String packagePath, Path dir) {
        try (PackageStore store = store(flavour)) {
            long id = store.lookup(packagePath).orElseThrow(() -> new AssertionError(packagePath + " is not in " + flavour))
                    .packageId();
            LegacyOutput out = ZenToLegacy.convert(store, id, EngineVersion.UE5_8, ZenToLegacy.Unresolved.RECOVER);
            return out.writeUnder(dir).get(0);
        }
    }

    /**
     * The package store of the {@code Tagged} or {@code Unversioned} uncompressed UE5.8 container
     * (97 packages) with its flavour's global.utoc, strict.
     */
    public static PackageStore store(String flavour) {
        String base = "cue4parse/UE5_8/IoStore/" + flavour + "/";
        return PackageStore.builder(ContainerKeys.of(AesKey.of(CUE4PARSE_KEY)), Codecs.standard())
                .addContainer(Fixtures.path(base + "global.utoc"), PackageStore.GAME_PRIORITY)
                .addContainer(Fixtures.path(base + "Uncompressed/CUE4ParseFixtures-Minimal-Uncompressed-Windows.utoc"),
                        PackageStore.GAME_PRIORITY)
                .strict(true).build();
    }

    /** The mappings of the UE5.8 containers (for the Unversioned flavour). */
    public static Path usmap() {
        return Fixtures.path("cue4parse/UE5_8/Mappings/CUE4ParseFixtures-Oodle.usmap");
    }
}
