package io.uassetd.codecs.asset.property.classdata;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.hash.Hashes;
import io.uassetd.codecs.iostore.ContainerKeys;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.codecs.zen.convert.ZenToLegacy;
import io.uassetd.testkit.Fixtures;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The packages holding string tables, enums and user-defined structs: legacy fixture files, and
 * the CUE4Parse UE5.8 Zen packages (Tagged and Unversioned cooks) converted to legacy by
 * {@link ZenToLegacy}, read back from the converter's bytes.
 */
public final class ClassDataFixtures {
    private static final String UE58 = "cue4parse/UE5_8/IoStore/";
    private static final byte[] KEY = "CUE4ParseFixtureAESKey0123456789".getBytes(StandardCharsets.US_ASCII);
    private static final Map<String, AssetPackage> CONVERTED = new ConcurrentHashMap<>();
    private static Usmap usmap;

    private ClassDataFixtures() {
    }

    public static AssetPackage legacy(String relative, EngineVersion engine) {
        return AssetPackage.open(Fixtures.path(relative), engine);
    }

    /** A UE5.8 package ("/Game/Fixtures/...") of the "Tagged" or "Unversioned" cook, converted to legacy. */
    public static AssetPackage zen(String flavour, String packagePath) {
        AssetPackage converted = CONVERTED.computeIfAbsent(flavour + packagePath, k -> {
            try (PackageStore store = PackageStore.builder(ContainerKeys.of(AesKey.of(KEY)), Codecs.standard())
                    .addContainer(Fixtures.path(UE58 + flavour + "/global.utoc"), PackageStore.GAME_PRIORITY)
                    .addContainer(Fixtures.path(UE58 + flavour + "/Uncompressed/CUE4ParseFixtures-Minimal-Uncompressed-Windows.utoc"),
                            PackageStore.GAME_PRIORITY).strict(true).build()) {
                return ZenToLegacy.convert(store, Hashes.cityHash64LowerUtf16(packagePath), EngineVersion.UE5_8).asset();
            }
        });
        AssetPackage.Bytes b = converted.toBytes();
        return AssetPackage.read(b.header(), b.exports(), packagePath + ".uasset", EngineVersion.UE5_8);
    }

    /** The CUE4Parse fixture project's mappings (for the Unversioned cook). */
    public static synchronized Usmap ue58Mappings() {
        if (usmap == null) {
            usmap = Usmap.load(Fixtures.path("cue4parse/UE5_8/Mappings/CUE4ParseFixtures-Uncompressed.usmap"), Codecs.standard());
        }
        return usmap;
    }

    public static Usmap mappingsFor(String flavour) {
        return flavour.equals("Unversioned") ? ue58Mappings() : null;
    }
}
