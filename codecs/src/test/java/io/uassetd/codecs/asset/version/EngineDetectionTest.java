package io.uassetd.codecs.asset.version;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.PackageEngine;
import io.uassetd.codecs.asset.json.compact.CompactJson;
import io.uassetd.codecs.asset.property.PropertyFixtures;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.iostore.ContainerKeys;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.codecs.zen.ZenEngine;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Engine detection on every legacy fixture package and on the IoStore fixtures: what each is found
 * as, why, and that the package read under the engine found is the package read under the engine
 * the fixture is known to be from (the same bytes written back, the same properties).
 *
 * <p>Unversioned UE4 packages from 4.14 on read the same under every UE4 release from 4.14 to 4.27
 * (their cooked summaries and tables do not differ), so they are found as the newest, UE4_27;
 * likewise UE5.4 cooks read the same under UE5_5. Versioned packages name their release (the
 * recorded SavedByEngineVersion picks among releases with the same file versions).
 */
class EngineDetectionTest {
    /** Set prefix -> engine found, source. */
    static final Map<String, String> FOUND = new LinkedHashMap<>();

    static {
        FOUND.put("retoc/UE4.27/", "UE4_27 PROBE");
        FOUND.put("retoc/UE5.4/", "UE5_5 PROBE");
        FOUND.put("retoc/UE5.5/", "UE5_5 PROBE");
        FOUND.put("uassetapi/TestCustomSerializationStructsInMap/", "UE4_27 PROBE");
        FOUND.put("uassetapi/TestDuplicateNameMapEntries/", "UE4_27 PROBE");
        FOUND.put("uassetapi/TestEditorAssets/", "UE4_27 PACKAGE");
        FOUND.put("uassetapi/TestEditorUE5_7/", "UE5_7 PACKAGE");
        FOUND.put("uassetapi/TestImproperNameMapHashes/", "UE4_27 PROBE");
        FOUND.put("uassetapi/TestJson/ABP_SMG_A", "UE4_25 PACKAGE");
        FOUND.put("uassetapi/TestJson/", "UE4_27 PROBE");
        FOUND.put("uassetapi/TestManyAssets/Astroneer/", "UE4_27 PROBE");
        FOUND.put("uassetapi/TestManyAssets/Bloodstained/", "UE4_27 PROBE");
        FOUND.put("uassetapi/TestManyAssets/Clay/", "UE5_1 PROBE");
        FOUND.put("uassetapi/TestManyAssets/CodeVein/", "UE4_27 PROBE");
        FOUND.put("uassetapi/TestUE5_1/", "UE5_1 PROBE");
        FOUND.put("uassetapi/TestUE5_4/", "UE5_5 PROBE");
        FOUND.put("uassetapi/TestUE5_5/BlankGame/T_pl01_001_body_D", "UE5_4 PACKAGE");
        FOUND.put("uassetapi/TestUE5_5/", "UE5_5 PROBE");
        FOUND.put("uassetapi/TestUE5_6/", "UE5_6 PROBE");
        FOUND.put("uassetapi/TestUnknownProperties/", "UE4_27 PROBE");
        FOUND.put("unrealmodding/general/npc_onop/", "UE4_27 PROBE");
        FOUND.put("unrealmodding/general/pseudoregalia/", "UE5_1 PROBE");
        FOUND.put("unrealmodding/ue5/", "UE5_1 PROBE");
        FOUND.put("unrealmodding/user_defined_struct/", "UE4_27 PROBE");
    }

    static String found(String rel) {
        for (Map.Entry<String, String> e : FOUND.entrySet()) {
            if (rel.startsWith(e.getKey())) {
                return e.getValue();
            }
        }
        throw new IllegalArgumentException(rel);
    }

    static List<String> legacyPackages() {
        return PropertyFixtures.legacyPackages().toList();
    }

    @Test
    void everyLegacyFixtureIsCovered() {
        assertThat(legacyPackages()).hasSize(67);
    }

    @ParameterizedTest
    @MethodSource("legacyPackages")
    void legacyPackagesAreReadWithoutAnEngineAsUnderTheirKnownEngine(String rel) {
        Usmap usmap = PropertyFixtures.usmapFor(rel);
        PackageEngine.Opened o = PackageEngine.open(Fixtures.path(rel), null, usmap == null ? null : usmap.versioning());
        assertThat(o.choice().engine() + " " + o.choice().source()).as(rel).isEqualTo(found(rel));
        assertThat(o.choice().warnings()).as(rel).isEmpty();
        AssetPackage known = PropertyFixtures.open(rel);
        assertThat(o.pkg().toBytes().header()).as(rel).isEqualTo(known.toBytes().header());
        assertThat(o.pkg().toBytes().exports()).as(rel).isEqualTo(known.toBytes().exports());
        assertThat(CompactJson.write(o.pkg(), usmap)).as(rel).isEqualTo(CompactJson.write(known, usmap));
        // a named engine is used as it is
        PackageEngine.Opened named = PackageEngine.open(Fixtures.path(rel), PropertyFixtures.engineFor(rel), null);
        assertThat(named.choice()).isEqualTo(EngineChoice.of(PropertyFixtures.engineFor(rel), EngineSource.REQUEST));
    }

    @Test
    void aNewerLegacyFileVersionIsRefusedNamingIt(@TempDir Path tmp) throws Exception {
        Path src = Fixtures.path("uassetapi/TestUE5_6/BpThirdPerson/SM_Cube.uasset");
        byte[] b = Files.readAllBytes(src);
        b[4] = (byte) 0xF6; // LegacyFileVersion -10
        Path f = tmp.resolve("SM_Cube.uasset");
        Files.write(f, b);
        Files.copy(AssetPackage.sibling(src, ".uexp"), AssetPackage.sibling(f, ".uexp"));
        assertThatThrownBy(() -> PackageEngine.open(f, null, null)).isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("legacy file version -10");
        assertThatThrownBy(() -> PackageEngine.open(f, EngineVersion.UE5_6, null)).isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("-10");
    }

    @Test
    void aPackageThatFitsNoCandidateSaysWhichEnginesWereTried(@TempDir Path tmp) throws Exception {
        Path src = Fixtures.path("uassetapi/TestUE5_6/BpThirdPerson/SM_Cube.uasset");
        byte[] b = Files.readAllBytes(src);
        byte[] cut = java.util.Arrays.copyOf(b, 60);
        Path f = tmp.resolve("SM_Cube.uasset");
        Files.write(f, cut);
        assertThatThrownBy(() -> PackageEngine.open(f, null, null))
                .hasMessageContaining("tried UE5_8, UE5_6").hasMessageContaining("engine_version");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"cue4parse/UE5_8/IoStore/Tagged, UE5_8, PACKAGE", "cue4parse/UE5_8/IoStore/Unversioned, UE5_8, CONTAINER",
        "cue4parse/UE5_8/Patch/IoStore, UE5_8, PACKAGE"})
    void containersAreFoundAsTheirRelease(String folder, String engine, String source) {
        try (PackageStore store = PackageStore.open(Fixtures.path(folder),
                ContainerKeys.of(AesKey.parse(EngineTableTest.KEY)), Codecs.standard())) {
            EngineChoice c = ZenEngine.of(store, null);
            assertThat(c.engine()).isEqualTo(EngineVersion.valueOf(engine));
            assertThat(c.source()).isEqualTo(EngineSource.valueOf(source));
            assertThat(c.warnings()).isEmpty();
            assertThat(ZenEngine.of(store, EngineVersion.UE5_3)).isEqualTo(EngineChoice.of(EngineVersion.UE5_3, EngineSource.REQUEST));
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"retoc/UE4.27/TestModUI.uzenasset, UE4_27", "retoc/UE5.4/BP_Table_Lamp.uzenasset, UE5_4",
        "retoc/UE5.5/SM_Cube.uzenasset, UE5_5"})
    void singleZenPackagesAreFoundByTheirLayout(String file, String engine) throws Exception {
        byte[] data = Files.readAllBytes(Fixtures.path(file));
        EngineChoice c = ZenEngine.of(data, file, null);
        assertThat(c.engine().zenLayout()).isEqualTo(EngineVersion.valueOf(engine).zenLayout());
    }
}
