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

    /** Set prefix -> the releases that fit (engine_candidates), newest first. */
    static final Map<String, List<EngineVersion>> CANDIDATES = new LinkedHashMap<>();

    static {
        List<EngineVersion> ue4 = range(EngineVersion.UE4_16, EngineVersion.UE4_27);
        List<EngineVersion> ue5 = range(EngineVersion.UE5_1, EngineVersion.UE5_5);
        for (Map.Entry<String, String> e : FOUND.entrySet()) {
            String[] f = e.getValue().split(" ");
            EngineVersion engine = EngineVersion.valueOf(f[0]);
            CANDIDATES.put(e.getKey(), !f[1].equals("PROBE") ? List.of(engine)
                    : engine == EngineVersion.UE4_27 ? ue4 : engine == EngineVersion.UE5_5 ? ue5 : List.of(engine));
        }
        // versioned with FileVersionUE4 518 (4.24 and 4.25) and no recorded engine version: its custom versions
        // (FCoreObjectVersion 4, FReleaseObjectVersion 30) are 4.25's (4.24 saves 3 and 28)
    }

    /** {@code from} .. {@code to} of the table, newest first. */
    static List<EngineVersion> range(EngineVersion from, EngineVersion to) {
        List<EngineVersion> out = new java.util.ArrayList<>();
        for (int i = to.ordinal(); i >= from.ordinal(); i--) {
            out.add(EngineVersion.values()[i]);
        }
        return out;
    }

    static List<EngineVersion> candidates(String rel) {
        for (Map.Entry<String, List<EngineVersion>> e : CANDIDATES.entrySet()) {
            if (rel.startsWith(e.getKey())) {
                return e.getValue();
            }
        }
        throw new IllegalArgumentException(rel);
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
        assertThat(o.choice().candidates()).as(rel).isEqualTo(candidates(rel));
        AssetPackage known = PropertyFixtures.open(rel);
        assertThat(o.pkg().toBytes().header()).as(rel).isEqualTo(known.toBytes().header());
        assertThat(o.pkg().toBytes().exports()).as(rel).isEqualTo(known.toBytes().exports());
        assertThat(CompactJson.write(o.pkg(), usmap)).as(rel).isEqualTo(CompactJson.write(known, usmap));
        // a named engine is used as it is
        PackageEngine.Opened named = PackageEngine.open(Fixtures.path(rel), PropertyFixtures.engineFor(rel), null);
        assertThat(named.choice()).isEqualTo(EngineChoice.of(PropertyFixtures.engineFor(rel), EngineSource.REQUEST));
    }

    @Test
    void aBatchProbesOncePerGroupAndFindsWhatEachPackageAloneIsFoundAs() {
        PackageEngine.Batch batch = new PackageEngine.Batch();
        for (String rel : legacyPackages()) {
            Usmap usmap = PropertyFixtures.usmapFor(rel);
            PackageEngine.Opened alone = PackageEngine.open(Fixtures.path(rel), null, usmap == null ? null : usmap.versioning());
            PackageEngine.Opened batched = PackageEngine.open(Fixtures.path(rel), null, usmap == null ? null : usmap.versioning(), batch);
            assertThat(batched.choice().engine()).as(rel).isEqualTo(alone.choice().engine());
            assertThat(batched.choice().source()).as(rel).isEqualTo(alone.choice().source());
            assertThat(batched.choice().candidates()).as(rel).isEqualTo(alone.choice().candidates());
            assertThat(batched.pkg().version()).as(rel).isEqualTo(alone.pkg().version());
            assertThat(batched.pkg().toBytes().header()).as(rel).isEqualTo(alone.pkg().toBytes().header());
            assertThat(batched.pkg().toBytes().exports()).as(rel).isEqualTo(alone.pkg().toBytes().exports());
            assertThat(batched.pkg().source()).as(rel).isEqualTo(Fixtures.path(rel));
        }
        // 42 unversioned packages are probed; per folder (and usmap, LegacyFileVersion, custom versions)
        // the first is probed and 25 later ones read under its decision
        assertThat(batch.reused()).isEqualTo(25);
    }

    @Test
    void aBatchDecisionAPackageDoesNotReadUnderIsNotUsed(@TempDir Path tmp) throws Exception {
        // a UE5.4 cook and a UE5.1 cook (both LegacyFileVersion -8, no mappings) in one folder
        String ue54 = "uassetapi/TestUE5_4/BlankGame/BP_CubePawn.uasset";
        String ue51 = "uassetapi/TestManyAssets/Clay/Engine/Content/BasicShapes/Cube.uasset";
        for (String rel : List.of(ue54, ue51)) {
            Path src = Fixtures.path(rel);
            Files.copy(src, tmp.resolve(src.getFileName()));
            Files.copy(AssetPackage.sibling(src, ".uexp"), AssetPackage.sibling(tmp.resolve(src.getFileName()), ".uexp"));
        }
        PackageEngine.Batch batch = new PackageEngine.Batch();
        PackageEngine.Opened a = PackageEngine.open(tmp.resolve("BP_CubePawn.uasset"), null, null, batch);
        PackageEngine.Opened b = PackageEngine.open(tmp.resolve("Cube.uasset"), null, null, batch);
        assertThat(a.choice().engine()).isEqualTo(EngineVersion.UE5_5);
        assertThat(b.choice().engine()).isEqualTo(EngineVersion.UE5_1);
        assertThat(b.choice().source()).isEqualTo(EngineSource.PROBE);
        assertThat(batch.reused()).isZero();
        // the other way round the UE5.4 cook reads strictly under the UE5.1 decision and takes it: UE5_1 is
        // one of the releases it fits alone (identical reads), though alone the newest, UE5_5, is named
        PackageEngine.Batch other = new PackageEngine.Batch();
        assertThat(PackageEngine.open(tmp.resolve("Cube.uasset"), null, null, other).choice().engine()).isEqualTo(EngineVersion.UE5_1);
        PackageEngine.Opened c = PackageEngine.open(tmp.resolve("BP_CubePawn.uasset"), null, null, other);
        assertThat(other.reused()).isEqualTo(1);
        assertThat(c.choice().engine()).isEqualTo(EngineVersion.UE5_1);
        assertThat(a.choice().candidates()).contains(EngineVersion.UE5_1);
        assertThat(c.pkg().toBytes().header()).isEqualTo(a.pkg().toBytes().header());
        assertThat(c.pkg().toBytes().exports()).isEqualTo(a.pkg().toBytes().exports());
    }

    @Test
    void theGatesAReadConsultsAreRecordedOnlyWhileRecording() {
        PackageVersion v = EngineVersion.UE4_27.packageVersion();
        try (VersionGates.Recording rec = VersionGates.record()) {
            assertThat(v.atLeast(ObjectVersion.ADDED_PACKAGE_OWNER)).isTrue();
            assertThat(v.isUE5()).isFalse();
            assertThat(rec.gates()).containsExactly(ObjectVersion.ADDED_PACKAGE_OWNER, ObjectVersionUE5.INITIAL_VERSION);
            assertThat(VersionGates.sameAt(rec.gates(), v, EngineVersion.UE4_25.packageVersion())).isTrue();
            assertThat(VersionGates.sameAt(rec.gates(), v, EngineVersion.UE4_23.packageVersion())).isFalse();
            assertThat(VersionGates.sameAt(rec.gates(), v, EngineVersion.UE5_0.packageVersion())).isFalse();
        }
        try (VersionGates.Recording rec = VersionGates.record()) {
            v.atLeast(ObjectVersion.FIX_WIDE_STRING_CRC);
            assertThat(rec.gates()).containsExactly(ObjectVersion.FIX_WIDE_STRING_CRC);
        }
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
                .hasMessageContaining("tried UE5_8, UE5_7, UE5_6").hasMessageContaining("engine_version");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"cue4parse/UE5_8/IoStore/Tagged, UE5_8, PACKAGE", "cue4parse/UE5_8/IoStore/Unversioned, UE5_8, CONTAINER",
        "cue4parse/UE5_8/Patch/IoStore, UE5_8, PACKAGE", "cue4parse/UE6_0/IoStore/Tagged, UE6_0, PACKAGE",
        "cue4parse/UE6_0/IoStore/Tagged/OodleEncrypted, UE6_0, PACKAGE"})
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
