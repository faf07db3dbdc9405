package io.uassetd.codecs.zen;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.iostore.ContainerKeys;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.testkit.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.stream.Stream;

/** The Zen fixtures the tests use, by name. */
final class ZenFixtures {
    static final String UE58 = "cue4parse/UE5_8/IoStore/";
    static final byte[] CUE4PARSE_KEY = "CUE4ParseFixtureAESKey0123456789".getBytes(StandardCharsets.US_ASCII);

    private ZenFixtures() {
    }

    /** The UE4.27 Zen packages: the .uasset files next to a .metadata.json, and TestModUI.uzenasset. */
    static Stream<String> ue427() {
        return Stream.of("BP_Aphid_Meat_Prop.uasset", "BP_SpicyChoppingDamage.uasset",
                "EQ_StaticObstacleTargetLocation.uasset", "SPR_UI_Battle.uasset", "T_Emissive.uasset",
                "Table_SignsJanuary.uasset", "TestModUI.uzenasset").map(n -> "retoc/UE4.27/" + n);
    }

    /** Flavour/variant pairs of the UE5.8 containers. */
    static Stream<String> ue58Variants() {
        return Stream.of("Tagged/Oodle", "Tagged/Zlib", "Tagged/Uncompressed", "Tagged/OodlePartitioned",
                "Tagged/OodleEncrypted", "Unversioned/Oodle", "Unversioned/Uncompressed");
    }

    static Path ue58Toc(String variant) {
        String v = variant.substring(variant.indexOf('/') + 1);
        return Fixtures.path(UE58 + variant + "/CUE4ParseFixtures-Minimal-" + v + "-Windows.utoc");
    }

    static Path ue58Global(String variant) {
        return Fixtures.path(UE58 + variant.substring(0, variant.indexOf('/')) + "/global.utoc");
    }

    /** A store over one UE5.8 content container and its flavour's global.utoc. */
    static PackageStore ue58Store(String variant) {
        return PackageStore.builder(ContainerKeys.of(AesKey.of(CUE4PARSE_KEY)), Codecs.standard())
                .addContainer(ue58Global(variant), PackageStore.GAME_PRIORITY)
                .addContainer(ue58Toc(variant), PackageStore.GAME_PRIORITY).strict(true).build();
    }

    static final String UE60 = "cue4parse/UE6_0/IoStore/";

    /** Variants of the UE6.0 containers (TOC 10; tagged only). */
    static Stream<String> ue60Variants() {
        return Stream.of("Tagged/Oodle", "Tagged/Zlib", "Tagged/Uncompressed", "Tagged/OodlePartitioned", "Tagged/OodleEncrypted");
    }

    static Path ue60Toc(String variant) {
        String v = variant.substring(variant.indexOf('/') + 1);
        return Fixtures.path(UE60 + variant + "/CUE4ParseFixtures-Minimal-" + v + "-Windows.utoc");
    }

    /** A store over one UE6.0 content container and its global.utoc. */
    static PackageStore ue60Store(String variant) {
        return PackageStore.builder(ContainerKeys.of(AesKey.of(CUE4PARSE_KEY)), Codecs.standard())
                .addContainer(Fixtures.path(UE60 + variant.substring(0, variant.indexOf('/')) + "/global.utoc"),
                        PackageStore.GAME_PRIORITY)
                .addContainer(ue60Toc(variant), PackageStore.GAME_PRIORITY).strict(true).build();
    }
}
