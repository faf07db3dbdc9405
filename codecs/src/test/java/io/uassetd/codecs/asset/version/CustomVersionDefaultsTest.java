package io.uassetd.codecs.asset.version;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.asset.PackageEngine;
import io.uassetd.codecs.asset.property.PropertyFixtures;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.iostore.ContainerKeys;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.zen.ZenPackage;
import io.uassetd.testkit.Fixtures;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.json.UAssetJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The custom-version defaults of the engine table against the packages that carry their custom
 * versions: an editor (and a cook of versioned packages) saves the newest value of its release for
 * every custom version it uses, so for each versioned fixture whose release is identified, the
 * table's value for that release must equal the package's value of every key the table has and the
 * package lists. The list of what is compared is exact: which fixtures, which release, which keys.
 */
class CustomVersionDefaultsTest {

    /** Fixture (or set) -> "release: key=value ..." as the packages carry them; the table must agree. */
    static final Map<String, String> EXPECTED = new LinkedHashMap<>();

    static {
        EXPECTED.put("uassetapi/TestEditorAssets/TestActorBP.uasset", "UE4_27: CORE=4 EDITOR=40 RELEASE=43");
        EXPECTED.put("uassetapi/TestEditorAssets/TestMaterial.uasset", "UE4_27: CORE=4 EDITOR=40 RELEASE=43 FORTNITE_MAIN=47");
        EXPECTED.put("uassetapi/TestEditorAssets/TestSoundClass.uasset", "UE4_27: EDITOR=40");
        for (String bp : List.of("BP_FP_CameraManager", "BP_FirstPersonCameraManager", "BP_FirstPersonCharacter",
                "BP_FirstPersonGameMode", "BP_FirstPersonPlayerController")) {
            EXPECTED.put("uassetapi/TestEditorUE5_7/Blueprints/" + bp + ".uasset", "UE5_7: CORE=4 EDITOR=40 RELEASE=44 FORTNITE_MAIN=225");
        }
        // FileVersionUE4 518 (4.24 and 4.25) and no recorded engine version: found as UE4_25; its
        // FCoreObjectVersion 4 (FProperties) and FReleaseObjectVersion 30 are 4.25's, not 4.24's (3, 28)
        EXPECTED.put("uassetapi/TestJson/ABP_SMG_A.uasset", "UE4_25: CORE=4 RELEASE=30");
        // saved by UE5.4; it lists only FUE5MainStreamObjectVersion, which no reader consults
        EXPECTED.put("uassetapi/TestUE5_5/BlankGame/T_pl01_001_body_D.uasset", "UE5_4:");
    }

    @Test
    void versionedLegacyFixturesCarryTheirReleasesDefaults() {
        Map<String, String> found = new LinkedHashMap<>();
        for (String rel : PropertyFixtures.legacyPackages().toList()) {
            PackageEngine.Opened o = PackageEngine.open(Fixtures.path(rel), null, null);
            if (o.pkg().summary().isUnversioned()) {
                continue;
            }
            EngineVersion e = o.choice().engine();
            found.put(rel, e + ":" + keys(o.pkg().summary().customVersions().versions()));
            assertThat(disagreements(e, o.pkg().summary().customVersions().versions())).as(rel).isEmpty();
        }
        assertThat(found).containsExactlyEntriesOf(EXPECTED);
    }

    @Test
    void versionedZenPackagesOfUe58CarryItsDefaults() {
        Map<String, Integer> seen = new TreeMap<>();
        int packages = 0;
        try (PackageStore store = PackageStore.open(Fixtures.path("cue4parse/UE5_8/IoStore/Tagged"),
                ContainerKeys.of(AesKey.parse(EngineTableTest.KEY)), Codecs.standard())) {
            for (long id : store.packageIds()) {
                ZenPackage p = ZenPackage.read(store.readPackage(id), "package", EngineVersion.UE5_8.zenLayout());
                assertThat(p.versioning()).isNotNull();
                packages++;
                assertThat(disagreements(EngineVersion.UE5_8, p.versioning().customVersions())).isEmpty();
                for (CustomVersion c : p.versioning().customVersions()) {
                    CustomVersionKey k = CustomVersionKey.of(c.key());
                    if (k != null) {
                        seen.merge(k.name(), 1, Integer::sum);
                    }
                }
            }
        }
        assertThat(packages).isEqualTo(97);
        // every key of the table is compared somewhere in the set
        assertThat(seen.keySet()).containsExactly("CORE", "EDITOR", "FORTNITE_MAIN", "RELEASE", "SKELETAL_MESH");
    }

    @Test
    void everyKeyOnlyGrowsFromReleaseToRelease() {
        for (CustomVersionKey k : CustomVersionKey.values()) {
            int last = 0;
            for (EngineVersion e : EngineVersion.values()) {
                assertThat(e.customVersion(k)).as(e + " " + k).isGreaterThanOrEqualTo(last);
                last = e.customVersion(k);
            }
        }
    }

    @Test
    void unversionedReadsAskTheReleasesDefaults() {
        PackageVersion v423 = EngineVersion.UE4_23.packageVersion();
        PackageVersion v422 = EngineVersion.UE4_22.packageVersion();
        // both write FileVersionUE4 517; FEditorObjectVersion 34 and 30 answer the culture-invariant text gate apart
        assertThat(v423.fileVersions()).isEqualTo(v422.fileVersions());
        assertThat(v423.atLeast(CustomVersionGate.EDITOR_CULTURE_INVARIANT_TEXT_SERIALIZATION_KEY_STABILITY)).isTrue();
        assertThat(v422.atLeast(CustomVersionGate.EDITOR_CULTURE_INVARIANT_TEXT_SERIALIZATION_KEY_STABILITY)).isFalse();
        assertThat(EngineVersion.UE4_24.packageVersion().atLeast(CustomVersionGate.CORE_FPROPERTIES)).isFalse();
        assertThat(EngineVersion.UE4_25.packageVersion().atLeast(CustomVersionGate.CORE_FPROPERTIES)).isTrue();
        assertThat(EngineVersion.UE5_6.packageVersion().atLeast(CustomVersionGate.FORTNITE_MAIN_MESH_MATERIAL_SLOT_OVERLAY_MATERIAL_ADDED))
                .isFalse();
        assertThat(EngineVersion.UE5_7.packageVersion().atLeast(CustomVersionGate.FORTNITE_MAIN_MESH_MATERIAL_SLOT_OVERLAY_MATERIAL_ADDED))
                .isTrue();
        // versions without a release (read from a file) take the newest layouts
        assertThat(v423.fileVersions().atLeast(CustomVersionGate.FORTNITE_MAIN_MESH_MATERIAL_SLOT_OVERLAY_MATERIAL_ADDED)).isTrue();
        // detection tells releases apart only at the custom-version gates a read consulted
        var gate = Set.<Enum<?>>of(CustomVersionGate.EDITOR_CULTURE_INVARIANT_TEXT_SERIALIZATION_KEY_STABILITY);
        assertThat(VersionGates.sameAt(gate, v423, v422)).isFalse();
        assertThat(VersionGates.sameAt(gate, v423, EngineVersion.UE4_27.packageVersion())).isTrue();
        assertThat(VersionGates.sameAt(Set.of(), v423, v422)).isTrue();
    }

    @Test
    void releasesWithTheSameFileVersionsAreToldApartByTheCustomVersionsAPackageCarries() {
        List<EngineVersion> ue57and58 = List.of(EngineVersion.UE5_8, EngineVersion.UE5_7);
        CustomVersion fortnite225 = CustomVersion.of(CustomVersionKey.FORTNITE_MAIN.guid(), 225);
        CustomVersion fortnite268 = CustomVersion.of(CustomVersionKey.FORTNITE_MAIN.guid(), 268);
        CustomVersion other = CustomVersion.of(io.uassetd.codecs.asset.core.FGuid.parse("697DD581-E64F41AB-AA4A51EC-BEB7B628"), 121);
        assertThat(EngineVersion.byCustomVersions(ue57and58, List.of(fortnite225, other))).containsExactly(EngineVersion.UE5_7);
        assertThat(EngineVersion.byCustomVersions(ue57and58, List.of(fortnite268))).containsExactly(EngineVersion.UE5_8);
        // a value no release saves (a licensee build) or no key of the table: all stay
        assertThat(EngineVersion.byCustomVersions(ue57and58, List.of(CustomVersion.of(CustomVersionKey.FORTNITE_MAIN.guid(), 999))))
                .isEqualTo(ue57and58);
        assertThat(EngineVersion.byCustomVersions(ue57and58, List.of(other))).isEqualTo(ue57and58);
        // the versioned ABP_SMG_A (file version 518: 4.24 and 4.25, no recorded engine) is found as 4.25 only
        PackageEngine.Opened abp = PackageEngine.open(Fixtures.path("uassetapi/TestJson/ABP_SMG_A.uasset"), null, null);
        assertThat(abp.choice().engine()).isEqualTo(EngineVersion.UE4_25);
        assertThat(abp.choice().source()).isEqualTo(EngineSource.PACKAGE);
        assertThat(abp.choice().candidates()).containsExactly(EngineVersion.UE4_25);
    }

    /**
     * UAssetGUI's JSON of unversioned UE4.27 packages lists the custom versions UAssetAPI read them
     * with ({@code IsSerialized: false}): the table's UE4_27 values for every key it holds, and the
     * JSON reader reads the package with them.
     */
    @Test
    void uassetApiJsonOfUnversionedPackagesListsTheSameDefaultsAndIsReadWithThem() throws Exception {
        List<String> files;
        try (Stream<Path> s = Files.list(Fixtures.path("uassetgui-json"))) {
            files = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json")).sorted().toList();
        }
        assertThat(files).hasSize(5);
        for (String f : files) {
            byte[] json = Files.readAllBytes(Fixtures.path("uassetgui-json/" + f));
            JsonNode root = new ObjectMapper().readTree(json);
            assertThat(root.get("IsUnversioned").booleanValue()).isTrue();
            Map<CustomVersionKey, Integer> listed = new java.util.EnumMap<>(CustomVersionKey.class);
            for (JsonNode c : root.get("CustomVersionContainer")) {
                CustomVersionKey k = Arrays.stream(CustomVersionKey.values())
                        .filter(x -> x.friendlyName().equals(c.get("FriendlyName").textValue())).findFirst().orElse(null);
                if (k != null) {
                    assertThat(c.get("IsSerialized").booleanValue()).isFalse();
                    listed.put(k, c.get("Version").intValue());
                }
            }
            assertThat(listed.keySet()).as(f).containsExactly(CustomVersionKey.CORE, CustomVersionKey.EDITOR, CustomVersionKey.RELEASE,
                    CustomVersionKey.FORTNITE_MAIN);
            listed.forEach((k, v) -> assertThat(v).as(f + " " + k).isEqualTo(EngineVersion.UE4_27.customVersion(k)));
            AssetPackage pkg = UAssetJson.fromJson(json, f.replace(".json", ".uasset"));
            assertThat(pkg.summary().isUnversioned()).isTrue();
            assertThat(pkg.version().customDefaults()).isEqualTo(EngineVersion.UE4_27.customVersions());
        }
    }

    /**
     * The custom-version table of docs/engines.md says what the engine table holds: every row's releases
     * ("UE4_0 ... UE4_10" or "UE4_11, UE4_12") and values (one for all, or one per release) are the
     * table's, and every release appears once.
     */
    @Test
    void theReadmeTableIsTheEngineTable() throws Exception {
        List<String> lines = Files.readAllLines(Fixtures.repoRoot().resolve("docs").resolve("engines.md"));
        int start = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("| release | FCoreObjectVersion |")) {
                start = i;
            }
        }
        assertThat(start).as("docs/engines.md custom-version table").isPositive();
        List<String> header = cells(lines.get(start));
        List<CustomVersionKey> keys = new ArrayList<>();
        for (String h : header.subList(1, header.size())) {
            keys.add(Arrays.stream(CustomVersionKey.values()).filter(k -> k.friendlyName().equals(h)).findFirst().orElseThrow());
        }
        assertThat(keys).containsExactly(CustomVersionKey.values());
        Map<EngineVersion, List<Integer>> readme = new LinkedHashMap<>();
        for (int i = start + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            List<String> c = cells(lines.get(i));
            List<EngineVersion> releases = new ArrayList<>();
            String r = c.get(0);
            if (r.contains("...")) {
                String[] ends = r.split("\\.\\.\\.");
                releases.addAll(EngineVersion.between(EngineVersion.valueOf(ends[0].trim()), EngineVersion.valueOf(ends[1].trim())));
            } else {
                for (String s : r.split(",")) {
                    releases.add(EngineVersion.valueOf(s.trim()));
                }
            }
            for (int j = 0; j < releases.size(); j++) {
                List<Integer> values = new ArrayList<>();
                for (String v : c.subList(1, c.size())) {
                    String[] each = v.split(",");
                    values.add(Integer.parseInt((each.length == 1 ? each[0] : each[j]).trim()));
                }
                assertThat(readme.put(releases.get(j), values)).as(releases.get(j) + " listed twice").isNull();
            }
        }
        assertThat(readme.keySet()).containsExactly(EngineVersion.values());
        readme.forEach((e, values) -> {
            List<Integer> table = new ArrayList<>();
            for (CustomVersionKey k : CustomVersionKey.values()) {
                table.add(e.customVersion(k));
            }
            assertThat(values).as(e.name()).isEqualTo(table);
        });
    }

    private static List<String> cells(String row) {
        List<String> out = new ArrayList<>();
        for (String s : row.substring(1, row.lastIndexOf('|')).split("\\|")) {
            out.add(s.trim());
        }
        return out;
    }

    /** "key=value ..." of the table's keys the package lists, in table order. */
    private static String keys(List<CustomVersion> versions) {
        StringBuilder sb = new StringBuilder();
        for (CustomVersionKey k : CustomVersionKey.values()) {
            for (CustomVersion c : versions) {
                if (c.key().equals(k.guid())) {
                    sb.append(' ').append(k.name()).append('=').append(c.version());
                }
            }
        }
        return sb.toString();
    }

    private static List<String> disagreements(EngineVersion e, List<CustomVersion> versions) {
        List<String> out = new ArrayList<>();
        for (CustomVersion c : versions) {
            CustomVersionKey k = CustomVersionKey.of(c.key());
            if (k != null && e.customVersion(k) != c.version()) {
                out.add(k + ": package " + c.version() + ", table " + e.customVersion(k));
            }
        }
        return out;
    }
}
