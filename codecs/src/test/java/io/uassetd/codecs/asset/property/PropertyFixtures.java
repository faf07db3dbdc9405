package io.uassetd.codecs.asset.property;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.usmap.Usmap;
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
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The legacy package fixtures (the same set and engine table the asset tests use) and the usmap
 * that goes with each: the nearest .usmap in its folder or a parent folder.
 */
final class PropertyFixtures {
    private static final Map<String, EngineVersion> ENGINES = new LinkedHashMap<>();
    private static final Map<Path, Usmap> USMAPS = new ConcurrentHashMap<>();

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

    private PropertyFixtures() {
    }

    static EngineVersion engineFor(String relative) {
        for (Map.Entry<String, EngineVersion> e : ENGINES.entrySet()) {
            if (relative.startsWith(e.getKey())) {
                return e.getValue();
            }
        }
        throw new IllegalArgumentException("No engine version known for " + relative);
    }

    static AssetPackage open(String relative) {
        return AssetPackage.open(Fixtures.path(relative), engineFor(relative));
    }

    /** The nearest usmap for a fixture, or null. */
    static Usmap usmapFor(String relative) {
        Path root = Fixtures.location();
        Path dir = Fixtures.path(relative).getParent();
        while (dir != null && dir.startsWith(root)) {
            try (Stream<Path> s = Files.list(dir)) {
                Path found = s.filter(p -> p.toString().endsWith(".usmap")).sorted().findFirst().orElse(null);
                if (found != null) {
                    return USMAPS.computeIfAbsent(found, p -> Usmap.load(p, Codecs.standard()));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            dir = dir.getParent();
        }
        return null;
    }

    static Usmap load(String relative) {
        return USMAPS.computeIfAbsent(Fixtures.path(relative), p -> Usmap.load(p, Codecs.standard()));
    }

    /** Every legacy package (.uasset/.umap starting with the package tag) under the fixture folders. */
    static Stream<String> legacyPackages() {
        Path root = Fixtures.location();
        List<String> out = new ArrayList<>();
        for (String dir : List.of("uassetapi", "unrealmodding", "retoc")) {
            try (Stream<Path> s = Files.walk(root.resolve(dir))) {
                s.filter(Files::isRegularFile)
                        .filter(p -> p.toString().endsWith(".uasset") || p.toString().endsWith(".umap"))
                        .filter(PropertyFixtures::startsWithTag)
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
            return b.length == 4 && ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getInt() == 0x9E2A83C1;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
