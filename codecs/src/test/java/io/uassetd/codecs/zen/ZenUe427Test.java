package io.uassetd.codecs.zen;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.hash.Hashes;
import io.uassetd.codecs.iostore.header.StoreEntry;
import io.uassetd.codecs.iostore.scriptobjects.ScriptObjectsDatabase;
import io.uassetd.codecs.zen.convert.LegacyOutput;
import io.uassetd.codecs.zen.convert.ZenToLegacy;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The UE4.27 Zen packages agree with the store entries retoc recorded for them (.metadata.json) and
 * convert to legacy packages that parse back with the same exports and export data.
 */
class ZenUe427Test {

    static Stream<String> packages() {
        return Stream.of("BP_Aphid_Meat_Prop", "BP_SpicyChoppingDamage", "EQ_StaticObstacleTargetLocation",
                "SPR_UI_Battle", "T_Emissive", "Table_SignsJanuary");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("packages")
    void packageMatchesItsStoreEntryAndConverts(String name) throws Exception {
        String base = "retoc/UE4.27/" + name;
        byte[] data = Files.readAllBytes(Fixtures.path(base + ".uasset"));
        JsonNode entry = new ObjectMapper().readTree(Fixtures.path(base + ".metadata.json").toFile()).get("store_entry");
        ZenPackage zen = ZenPackage.read(data, base, EngineVersion.UE4_27);
        assertThat(zen.exportMap()).hasSize(entry.get("export_count").asInt());
        assertThat(zen.exportBundleHeaders()).hasSize(entry.get("export_bundle_count").asInt());
        assertThat((long) data.length).isEqualTo(entry.get("export_bundles_size").asLong());
        List<Long> imported = new ArrayList<>();
        entry.get("imported_packages").forEach(n -> imported.add(n.bigIntegerValue().longValue()));
        // the graph names every imported package (and, for some, more packages the exports wait for)
        assertThat(zen.graphPackages().stream().map(GraphPackage::packageId).toList()).containsAll(imported);
        assertThat(zen.packageName()).endsWith("/" + name);

        ScriptObjectsDatabase scripts = Ue4ScriptObjects.read(Fixtures.path("retoc/UE4.27/LoaderInitialLoadMeta_1.bin"),
                Fixtures.path("retoc/UE4.27/LoaderGlobalNames_1.bin"),
                Fixtures.path("retoc/UE4.27/LoaderGlobalNameHashes_1.bin"));
        LegacyOutput out = ZenToLegacy.convert(zen, Hashes.cityHash64LowerUtf16(zen.packageName()),
                new StoreEntry(zen.exportMap().size(), zen.exportBundleHeaders().size(), imported, List.of()), null,
                scripts, EngineVersion.UE4_27, ZenToLegacy.Unresolved.PLACEHOLDER, Map.of());
        AssetPackage.Bytes bytes = out.asset().toBytes();
        AssetPackage legacy = AssetPackage.read(bytes.header(), bytes.exports(), name + ".uasset", EngineVersion.UE4_27);
        assertThat(legacy.exports()).hasSize(zen.exportMap().size());
        long[] at = zen.exportDataOffsets();
        for (int i = 0; i < at.length; i++) {
            var e = zen.exportMap().get(i);
            assertThat(legacy.exports().get(i).rawData()).isEqualTo(Arrays.copyOfRange(zen.exportData(), (int) at[i],
                    (int) (at[i] + e.cookedSerialSize())));
            assertThat(legacy.name(legacy.exports().get(i).entry().objectName())).isEqualTo(zen.name(e.objectName()));
        }
        assertThat(legacy.imports()).hasSizeGreaterThanOrEqualTo(zen.importMap().size());
    }
}
