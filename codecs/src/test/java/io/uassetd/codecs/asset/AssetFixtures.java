package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.testkit.Fixtures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The legacy package fixtures with the engine each was cooked with (from the fixtures' manifest and
 * UAssetAPI's test suite, which name the engine per test asset). Unversioned packages need it.
 */
final class AssetFixtures {
    /** Folder prefix -> engine, most specific first. */
    static final Map<String, EngineVersion> ENGINES = new LinkedHashMap<>();

    static {
        ENGINES.put("uassetapi/TestCustomSerializationStructsInMap/", EngineVersion.UE4_25);
        ENGINES.put("uassetapi/TestDuplicateNameMapEntries/", EngineVersion.UE4_25);
        ENGINES.put("uassetapi/TestEditorAssets/", EngineVersion.UE4_27);
        ENGINES.put("uassetapi/TestEditorUE5_7/", EngineVersion.UE5_7);
        ENGINES.put("uassetapi/TestImproperNameMapHashes/", EngineVersion.UE4_25);
        ENGINES.put("uassetapi/TestJson/Items", EngineVersion.UE4_23);
        ENGINES.put("uassetapi/TestJson/Map_FrontEnd_Hotel_LS_Night", EngineVersion.UE4_27);
        ENGINES.put("uassetapi/TestJson/RaceSimDataAsset", EngineVersion.UE4_27);
        ENGINES.put("uassetapi/TestJson/TurboAcres_Environment", EngineVersion.UE4_27);
        ENGINES.put("uassetapi/TestJson/", EngineVersion.UE4_25);
        ENGINES.put("uassetapi/TestManyAssets/Astroneer/", EngineVersion.UE4_23);
        ENGINES.put("uassetapi/TestManyAssets/Bloodstained/", EngineVersion.UE4_18);
        ENGINES.put("uassetapi/TestManyAssets/Clay/", EngineVersion.UE5_1);
        ENGINES.put("uassetapi/TestManyAssets/CodeVein/", EngineVersion.UE4_18);
        ENGINES.put("uassetapi/TestUE5_1/", EngineVersion.UE5_1);
        ENGINES.put("uassetapi/TestUE5_4/", EngineVersion.UE5_4);
        ENGINES.put("uassetapi/TestUE5_5/", EngineVersion.UE5_5);
        ENGINES.put("uassetapi/TestUE5_6/", EngineVersion.UE5_6);
        ENGINES.put("uassetapi/TestUnknownProperties/", EngineVersion.UE4_25);
        ENGINES.put("unrealmodding/general/npc_onop/", EngineVersion.UE4_25);
        ENGINES.put("unrealmodding/general/pseudoregalia/", EngineVersion.UE5_1);
        ENGINES.put("unrealmodding/ue5/", EngineVersion.UE5_1);
        ENGINES.put("unrealmodding/user_defined_struct/", EngineVersion.UE4_26);
        ENGINES.put("retoc/UE4.27/", EngineVersion.UE4_27);
        ENGINES.put("retoc/UE5.4/", EngineVersion.UE5_4);
        ENGINES.put("retoc/UE5.5/", EngineVersion.UE5_5);
    }

    private AssetFixtures() {
    }

    static EngineVersion engineFor(String relative) {
        for (Map.Entry<String, EngineVersion> e : ENGINES.entrySet()) {
            if (relative.startsWith(e.getKey())) {
                return e.getValue();
            }
        }
        throw new IllegalArgumentException("No engine version known for " + relative);
    }

    /** Every legacy package (.uasset/.umap starting with the package tag) under the fixture folders. */
    static Stream<String> legacyPackages() {
        if (!Fixtures.available()) {
            return Stream.of("uassetapi/TestJson/Items.uasset");
        }
        Path root = Fixtures.location();
        List<String> out = new ArrayList<>();
        for (String dir : List.of("uassetapi", "unrealmodding", "retoc")) {
            try (Stream<Path> s = Files.walk(root.resolve(dir))) {
                s.filter(Files::isRegularFile)
                        .filter(p -> p.toString().endsWith(".uasset") || p.toString().endsWith(".umap"))
                        .filter(AssetFixtures::startsWithTag)
                        .forEach(p -> out.add(root.relativize(p).toString().replace('\\', '/')));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        out.sort(String::compareTo);
        return out.stream();
    }

    private static boolean startsWithTag(Path p) {
        try (var in = Files.newInputStream(p)) {
            byte[] b = in.readNBytes(4);
            return b.length == 4 && ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getInt() == PackageFileSummary.PACKAGE_FILE_TAG;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static AssetPackage open(String relative) {
        return AssetPackage.open(Fixtures.path(relative), engineFor(relative));
    }
}
