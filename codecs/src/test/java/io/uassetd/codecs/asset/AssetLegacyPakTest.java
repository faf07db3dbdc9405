package io.uassetd.codecs.asset;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.pak.PakEntry;
import io.uassetd.codecs.pak.PakReadOptions;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.testkit.Fixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The legacy packages inside CUE4Parse's UE 5.8.1 LegacyPak paks (same package version as UE5.7):
 * read from the pak, written back byte-identical, with their export classes.
 */
class AssetLegacyPakTest {
    /** The 32 ASCII bytes "CUE4ParseFixtureAESKey0123456789" as hex (fixture notes). */
    private static final String KEY = "435545345061727365466978747572654145534b657930313233343536373839";

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Tagged/Uncompressed/CUE4ParseFixtures-Legacy-Tagged-Uncompressed.pak",
        "Tagged/Zlib/CUE4ParseFixtures-Legacy-Tagged-Zlib.pak", "Tagged/Oodle/CUE4ParseFixtures-Legacy-Tagged-Oodle.pak",
        "Tagged/OodleEncrypted/CUE4ParseFixtures-Legacy-Tagged-OodleEncrypted.pak",
        "Unversioned/Uncompressed/CUE4ParseFixtures-Legacy-Unversioned-Uncompressed.pak",
        "Unversioned/Zlib/CUE4ParseFixtures-Legacy-Unversioned-Zlib.pak",
        "Unversioned/Oodle/CUE4ParseFixtures-Legacy-Unversioned-Oodle.pak",
        "Unversioned/OodleEncrypted/CUE4ParseFixtures-Legacy-Unversioned-OodleEncrypted.pak"})
    void packagesInsideThePakRoundTrip(String pak) {
        PakReadOptions options = pak.contains("Encrypted") ? PakReadOptions.defaults().withKey(KEY) : PakReadOptions.defaults();
        Map<String, List<String>> classes = new TreeMap<>();
        try (PakReader r = PakReader.open(Fixtures.path("cue4parse/UE5_8/LegacyPak/" + pak), options)) {
            for (PakEntry e : r.entries()) {
                if (!e.path().endsWith(".uasset") && !e.path().endsWith(".umap")) {
                    continue;
                }
                byte[] header = r.readEntry(e);
                String base = e.path().substring(0, e.path().lastIndexOf('.'));
                byte[] uexp = r.find(base + ".uexp").map(r::readEntry).orElse(null);
                AssetPackage p = AssetPackage.read(header, uexp, e.path(), EngineVersion.UE5_8);
                assertThat(p.summary().isUnversioned()).isEqualTo(pak.startsWith("Unversioned"));
                AssetPackage.Bytes out = p.toBytes();
                assertThat(out.header()).as(e.path()).isEqualTo(header);
                assertThat(out.exports()).as(e.path()).isEqualTo(uexp);
                AssetPackage.Bytes rebuilt = AssetBuilderTest.rebuild(p).toBytes();
                assertThat(rebuilt.header()).as("rebuilt " + e.path()).isEqualTo(header);
                assertThat(rebuilt.exports()).as("rebuilt " + e.path()).isEqualTo(uexp);
                List<String> names = new ArrayList<>();
                p.exportInfos().forEach(x -> names.add(x.className()));
                classes.put(base, names);
            }
        }
        assertThat(classes).containsOnlyKeys("DataTables/DT_AllProperties", "Maps/Empty", "Properties/DA_AllProperties",
                "Textures/T_BC6H", "Textures/T_Streaming");
        assertThat(classes.get("DataTables/DT_AllProperties")).containsExactly("DataTable");
        assertThat(classes.get("Textures/T_Streaming")).containsExactly("Texture2D");
        assertThat(classes.get("Maps/Empty")).contains("World", "Level");
        assertThat(classes.get("Properties/DA_AllProperties")).contains("ParserFixtureData");
    }
}
