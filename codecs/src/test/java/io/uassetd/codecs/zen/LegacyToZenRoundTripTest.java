package io.uassetd.codecs.zen;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.hash.Hashes;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.zen.convert.LegacyOutput;
import io.uassetd.codecs.zen.convert.ZenToLegacy;
import io.uassetd.codecs.zen.write.LegacyToZen;
import io.uassetd.codecs.zen.write.ZenConversion;
import io.uassetd.codecs.zen.write.ZenTarget;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every package of the UE5.8 containers (7 variants x 97 = 679 packages) and of the UE6.0 ones (5 x 97): Zen -> legacy (ZenToLegacy)
 * -> Zen (LegacyToZen) is the original Zen package byte for byte, CookedHeaderSize included (the
 * rebuilt legacy header has the size the cooker recorded, and LegacyToZen counts it the way the cooker
 * does, see {@link CookedHeaderSize}); -> legacy again gives the same legacy bytes, and the store entry
 * lists the imported packages the container header lists.
 */
class LegacyToZenRoundTripTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.uassetd.codecs.zen.ZenFixtures#ue58Variants")
    void zenToLegacyToZenRoundTrips(String variant) {
        try (PackageStore store = ZenFixtures.ue58Store(variant)) {
            roundTrip(store, EngineVersion.UE5_8);
        }
    }

    /** The UE6.0 containers (5 variants x 97 packages, TOC 10) as the UE5.8 ones, under UE6_0. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.uassetd.codecs.zen.ZenFixtures#ue60Variants")
    void ue60ZenToLegacyToZenRoundTrips(String variant) {
        try (PackageStore store = ZenFixtures.ue60Store(variant)) {
            assertThat(ZenEngine.of(store, null).engine()).isEqualTo(EngineVersion.UE6_0);
            roundTrip(store, EngineVersion.UE6_0);
        }
    }

    private static void roundTrip(PackageStore store, EngineVersion engine) {
        List<String> legacyDiffs = new ArrayList<>();
        List<String> zenDiffs = new ArrayList<>();
        int n = 0;
        int identical = 0;
        {
            for (long id : store.packageIds()) {
                var loc = store.lookup(id).orElseThrow();
                byte[] original = loc.container().readChunk(loc.chunkIndex());
                LegacyOutput legacy = ZenToLegacy.convert(store, id, engine, ZenToLegacy.Unresolved.RECOVER);
                AssetPackage.Bytes lb = legacy.asset().toBytes();
                AssetPackage parsed = AssetPackage.read(lb.header(), lb.exports(), legacy.relativePath(), engine);
                // CookedHeaderSize recomputed from the rebuilt legacy header the way the cooker counts it
                ZenConversion zen = LegacyToZen.convert(parsed, null, ZenTarget.of(engine),
                        legacy.companions());
                n++;
                assertThat(legacy.cookedHeaderSize()).isEqualTo(ZenPackage.read(original, "x", engine)
                        .cookedHeaderSize());
                assertThat(legacy.notes()).as(legacy.packageName()).noneMatch(m -> m.startsWith("legacy header is"));
                assertThat(zen.packageId()).as(legacy.packageName()).isEqualTo(id);
                assertThat(zen.packageName()).isEqualTo(legacy.packageName());
                if (Arrays.equals(zen.zenPackage(), original)) {
                    identical++;
                } else {
                    zenDiffs.add(legacy.packageName());
                }
                assertThat(zen.storeEntry().importedPackages()).as(legacy.packageName())
                        .isEqualTo(loc.storeEntry().importedPackages());
                assertThat(zen.storeEntry().exportCount()).isEqualTo(zen.model().exportMap().size());
                LegacyOutput again = ZenToLegacy.convert(zen.model(), id, zen.storeEntry(), store,
                        store.scriptObjects().orElseThrow(), engine, ZenToLegacy.Unresolved.RECOVER,
                        legacy.companions());
                AssetPackage.Bytes ab = again.asset().toBytes();
                if (!Arrays.equals(ab.header(), lb.header()) || !Arrays.equals(ab.exports(), lb.exports())) {
                    legacyDiffs.add(legacy.packageName());
                }
                for (var c : zen.bulkChunks()) {
                    assertThat(c.data()).isEqualTo(legacy.companions().get(c.extension()));
                }
            }
        }
        assertThat(n).isEqualTo(97);
        assertThat(legacyDiffs).as("legacy bytes differ after Zen -> legacy -> Zen -> legacy").isEmpty();
        assertThat(zenDiffs).as("Zen bytes differ after Zen -> legacy -> Zen").isEmpty();
        assertThat(identical).as("byte-identical Zen packages").isEqualTo(97);
    }
}
