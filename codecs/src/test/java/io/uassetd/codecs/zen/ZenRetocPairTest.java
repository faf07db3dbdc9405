package io.uassetd.codecs.zen;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.ObjectExport;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.hash.Hashes;
import io.uassetd.codecs.iostore.scriptobjects.PackageObjectIndex;
import io.uassetd.codecs.iostore.scriptobjects.ScriptObjectsDatabase;
import io.uassetd.codecs.zen.convert.LegacyOutput;
import io.uassetd.codecs.zen.convert.ZenToLegacy;
import io.uassetd.testkit.ByteSearch;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The retoc pairs: converting X.uzenasset gives X.uasset/X.uexp. The pairs' games are not here:
 * package imports from other packages cannot be resolved (they become placeholders) and the script
 * objects are the UE5.3 ones for UE5 (script paths hash the same across versions) and the game's own
 * LoaderInitialLoadMeta for UE4.27. Everything that does not
 * depend on them is compared: the .uexp byte for byte, the names export data refers to, every
 * export map field Zen keeps, the script imports, and the header size where no import is missing.
 */
public class ZenRetocPairTest {

    static Stream<Arguments> pairs() {
        return Stream.of(Arguments.of("retoc/UE5.4/BP_Table_Lamp", EngineVersion.UE5_4),
                Arguments.of("retoc/UE5.5/BP_ThirdPersonCharacter", EngineVersion.UE5_5),
                Arguments.of("retoc/UE5.5/SM_Cube", EngineVersion.UE5_5),
                Arguments.of("retoc/UE5.5/T_Test", EngineVersion.UE5_5),
                Arguments.of("retoc/UE4.27/TestModUI", EngineVersion.UE4_27));
    }

    /** A retoc pair's Zen package, the script objects of its engine, and the package converted to legacy with them. */
    public record Converted(ZenPackage zen, ScriptObjectsDatabase scripts, LegacyOutput out) {
    }

    /** The Zen package of a retoc pair converted to legacy with retoc's script objects of its engine. */
    public static Converted convertPair(String base, EngineVersion engine) throws Exception {
        ZenPackage zen = ZenPackage.read(Files.readAllBytes(Fixtures.path(base + ".uzenasset")), base, engine);
        ScriptObjectsDatabase scripts = engine.isUE5()
                ? ScriptObjectsDatabase.read(Fixtures.path("retoc/UE5.3/ScriptObjects.bin"))
                : Ue4ScriptObjects.read(Fixtures.path("retoc/UE4.27/LoaderInitialLoadMeta_1.bin"),
                        Fixtures.path("retoc/UE4.27/LoaderGlobalNames_1.bin"),
                        Fixtures.path("retoc/UE4.27/LoaderGlobalNameHashes_1.bin"));
        return new Converted(zen, scripts, ZenToLegacy.convert(zen, Hashes.cityHash64LowerUtf16(zen.packageName()), null, null,
                scripts, engine, ZenToLegacy.Unresolved.PLACEHOLDER, Map.of()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pairs")
    void zenConvertsToItsLegacyPair(String base, EngineVersion engine) throws Exception {
        Converted c = convertPair(base, engine);
        ZenPackage zen = c.zen();
        ScriptObjectsDatabase scripts = c.scripts();
        LegacyOutput out = c.out();
        AssetPackage expected = AssetPackage.open(Fixtures.path(base + ".uasset"), engine);
        AssetPackage.Bytes bytes = out.asset().toBytes();
        AssetPackage got = AssetPackage.read(bytes.header(), bytes.exports(), base + ".uasset", engine);

        // the export data (.uexp) is identical
        assertThat(bytes.exports()).isEqualTo(Files.readAllBytes(Fixtures.path(base + ".uexp")));
        // the names export data refers to keep their indices
        int referenced = zen.names().size();
        for (int i = 0; i < referenced && i < expected.names().size(); i++) {
            if (!expected.names().get(i).equals(zen.names().get(i))) {
                referenced = i;
            }
        }
        assertThat(referenced).as("names shared with the legacy map").isGreaterThan(0);
        assertThat(got.names().entries().subList(0, referenced).stream().map(n -> n.text()).toList())
                .isEqualTo(expected.names().entries().subList(0, referenced).stream().map(n -> n.text()).toList());
        // every export map field Zen keeps
        assertThat(got.exports()).hasSameSizeAs(expected.exports());
        long base0 = expected.exports().get(0).entry().serialOffset();
        long got0 = got.exports().get(0).entry().serialOffset();
        for (int i = 0; i < expected.exports().size(); i++) {
            ObjectExport e = expected.exports().get(i).entry();
            ObjectExport g = got.exports().get(i).entry();
            assertThat(got.name(g.objectName())).isEqualTo(expected.name(e.objectName()));
            assertThat(List.of(g.classIndex(), g.superIndex(), g.templateIndex(), g.outerIndex()))
                    .as("export %d indices", i)
                    .isEqualTo(List.of(e.classIndex(), e.superIndex(), e.templateIndex(), e.outerIndex()));
            assertThat(g.objectFlags()).isEqualTo(e.objectFlags());
            assertThat(g.serialSize()).isEqualTo(e.serialSize());
            assertThat(g.serialOffset() - got0).isEqualTo(e.serialOffset() - base0);
            assertThat(List.of(g.notForClient(), g.notForServer())).isEqualTo(List.of(e.notForClient(), e.notForServer()));
            assertThat(List.of(g.isInheritedInstance(), g.notAlwaysLoadedForEditorGame())).as("export %d", i)
                    .isEqualTo(List.of(e.isInheritedInstance(), e.notAlwaysLoadedForEditorGame()));
        }
        // preload dependencies: what Zen keeps plus class/template and outer/super is a part of the
        // legacy lists; Zen drops the other dependencies on script imports, so only packages without
        // such dependencies (not BP_ThirdPersonCharacter) match exactly; UE4.27 Zen packages keep
        // dependencies between export bundles only
        for (int i = 0; i < expected.exports().size(); i++) {
            var e = expected.preloadDependenciesOf(expected.exports().get(i));
            var g = got.preloadDependenciesOf(got.exports().get(i));
            assertThat(e.serializationBeforeSerialization()).as("export %d", i).containsAll(g.serializationBeforeSerialization());
            assertThat(e.createBeforeSerialization()).as("export %d", i).containsAll(g.createBeforeSerialization());
            assertThat(e.serializationBeforeCreate()).as("export %d", i).containsAll(g.serializationBeforeCreate());
            assertThat(e.createBeforeCreate()).as("export %d", i).containsAll(g.createBeforeCreate());
        }
        if (!base.endsWith("BP_ThirdPersonCharacter") && engine.isUE5()) {
            assertThat(got.preloadDependencies()).isEqualTo(expected.preloadDependencies());
        }
        // imports: the Zen import map's (placeholders for objects of unknown script packages add their
        // outers after them); every import resolvable here (a /Script object in the script objects) has
        // the same path and class
        if (engine.isUE5()) {
            assertThat(got.imports()).hasSameSizeAs(expected.imports());
        } else {
            assertThat(got.imports().size()).isGreaterThanOrEqualTo(expected.imports().size());
        }
        List<String> mismatches = new ArrayList<>();
        int compared = 0;
        for (int i = 0; i < expected.imports().size(); i++) {
            String path = expected.objectPath(io.uassetd.codecs.asset.core.PackageIndex.ofImport(i));
            if (!path.startsWith("/Script/") || scripts.indexOf(PackageObjectIndex.scriptImport(path)) < 0) {
                continue;
            }
            compared++;
            var e = expected.importInfos().get(i);
            var g = got.importInfos().get(i);
            String gotPath = got.objectPath(io.uassetd.codecs.asset.core.PackageIndex.ofImport(i));
            if (!gotPath.equals(path) || !g.className().equals(e.className()) || !g.classPackage().equals(e.classPackage())) {
                mismatches.add(i + ": " + path + " " + e.classPackage() + "." + e.className() + " | " + gotPath + " "
                        + g.classPackage() + "." + g.className());
            }
        }
        assertThat(compared).isGreaterThan(0);
        assertThat(mismatches).as("script imports").isEmpty();
    }

    /**
     * T_Test needs no other package and has one export (which owns its data resources): its .uasset
     * comes out byte for byte except the package GUID, which a Zen package does not store.
     */
    @org.junit.jupiter.api.Test
    void textureHeaderDiffersOnlyInThePackageGuid() throws Exception {
        String base = "retoc/UE5.5/T_Test";
        ZenPackage zen = ZenPackage.read(Files.readAllBytes(Fixtures.path(base + ".uzenasset")), base, EngineVersion.UE5_5);
        ScriptObjectsDatabase scripts = ScriptObjectsDatabase.read(Fixtures.path("retoc/UE5.3/ScriptObjects.bin"));
        LegacyOutput out = ZenToLegacy.convert(zen, 1, null, null, scripts, EngineVersion.UE5_5,
                ZenToLegacy.Unresolved.FAIL, Map.of());
        byte[] got = out.asset().toBytes().header();
        byte[] want = Files.readAllBytes(Fixtures.path(base + ".uasset"));
        AssetPackage expected = AssetPackage.open(Fixtures.path(base + ".uasset"), EngineVersion.UE5_5);
        assertThat(got).hasSameSizeAs(want);
        var g = expected.packageGuid();
        byte[] guid = java.nio.ByteBuffer.allocate(16).order(java.nio.ByteOrder.LITTLE_ENDIAN)
                .putInt(g.a()).putInt(g.b()).putInt(g.c()).putInt(g.d()).array();
        int guidAt = ByteSearch.indexOf(want, guid);
        assertThat(guidAt).isPositive();
        System.arraycopy(guid, 0, got, guidAt, 16);
        assertThat(got).isEqualTo(want);
        assertThat(out.notes()).isEmpty();
    }
}
