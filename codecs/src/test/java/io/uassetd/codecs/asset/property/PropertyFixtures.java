package io.uassetd.codecs.asset.property;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.pak.PakEntry;
import io.uassetd.codecs.pak.PakReadOptions;
import io.uassetd.codecs.pak.PakReader;
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
public final class PropertyFixtures {
    /** The 32 ASCII bytes "CUE4ParseFixtureAESKey0123456789" as hex (fixture notes). */
    private static final String CUE4PARSE_KEY = "435545345061727365466978747572654145534b657930313233343536373839";

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

    public static EngineVersion engineFor(String relative) {
        for (Map.Entry<String, EngineVersion> e : ENGINES.entrySet()) {
            if (relative.startsWith(e.getKey())) {
                return e.getValue();
            }
        }
        throw new IllegalArgumentException("No engine version known for " + relative);
    }

    public static AssetPackage open(String relative) {
        return AssetPackage.open(Fixtures.path(relative), engineFor(relative));
    }

    /** The nearest usmap for a fixture, or null. */
    public static Usmap usmapFor(String relative) {
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

    public static Usmap load(String relative) {
        return USMAPS.computeIfAbsent(Fixtures.path(relative), p -> Usmap.load(p, Codecs.standard()));
    }

    /** Every legacy package (.uasset/.umap starting with the package tag) under the fixture folders. */
    public static Stream<String> legacyPackages() {
        Path root = Fixtures.root();
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

    /** The CUE4Parse LegacyPak paks (relative to cue4parse/UE5_8/LegacyPak/). */
    public static final List<String> LEGACY_PAKS = List.of("Tagged/Uncompressed/CUE4ParseFixtures-Legacy-Tagged-Uncompressed.pak",
        "Tagged/Zlib/CUE4ParseFixtures-Legacy-Tagged-Zlib.pak", "Tagged/Oodle/CUE4ParseFixtures-Legacy-Tagged-Oodle.pak",
        "Tagged/OodleEncrypted/CUE4ParseFixtures-Legacy-Tagged-OodleEncrypted.pak",
        "Unversioned/Uncompressed/CUE4ParseFixtures-Legacy-Unversioned-Uncompressed.pak",
        "Unversioned/Zlib/CUE4ParseFixtures-Legacy-Unversioned-Zlib.pak",
        "Unversioned/Oodle/CUE4ParseFixtures-Legacy-Unversioned-Oodle.pak",
        "Unversioned/OodleEncrypted/CUE4ParseFixtures-Legacy-Unversioned-OodleEncrypted.pak");

    /** The packages inside one CUE4Parse LegacyPak pak (UE 5.8), by path without extension. */
    public static Map<String, AssetPackage> legacyPak(String pak) {
        PakReadOptions options = pak.contains("Encrypted") ? PakReadOptions.defaults().withKey(CUE4PARSE_KEY) : PakReadOptions.defaults();
        Map<String, AssetPackage> out = new LinkedHashMap<>();
        try (PakReader r = PakReader.open(Fixtures.path("cue4parse/UE5_8/LegacyPak/" + pak), options)) {
            for (PakEntry e : r.entries()) {
                if (!e.path().endsWith(".uasset") && !e.path().endsWith(".umap")) {
                    continue;
                }
                String base = e.path().substring(0, e.path().lastIndexOf('.'));
                byte[] uexp = r.find(base + ".uexp").map(r::readEntry).orElse(null);
                out.put(base, AssetPackage.read(r.readEntry(e), uexp, e.path(), EngineVersion.UE5_8));
            }
        }
        return out;
    }

    /** The mappings of the CUE4Parse fixture project (for the Unversioned paks). */
    public static Usmap legacyPakMappings() {
        return load("cue4parse/UE5_8/Mappings/CUE4ParseFixtures-Uncompressed.usmap");
    }
}
