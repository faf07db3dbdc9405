package io.uassetd.codecs.zen.write;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.iostore.ZenLayout;
import io.uassetd.codecs.zen.ZenPackage;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * UE4.27: the retoc TestModUI legacy pair converts to a Zen package whose store entry is the one
 * retoc recorded (.metadata.json) and whose header agrees with TestModUI.uzenasset wherever the UE4
 * cooker and this converter lay things out alike (the export bundle order differs).
 */
class LegacyToZenUe427Test {

    @Test
    void storeEntryMatchesTheRecordedOne() throws Exception {
        String base = "retoc/UE4.27/TestModUI";
        ZenConversion z = LegacyToZen.convertFile(Fixtures.path(base + ".uasset"), null, ZenTarget.of(EngineVersion.UE4_27));
        JsonNode entry = new ObjectMapper().readTree(Fixtures.path(base + ".metadata.json").toFile()).get("store_entry");
        List<Long> imported = new ArrayList<>();
        entry.get("imported_packages").forEach(n -> imported.add(n.bigIntegerValue().longValue()));
        assertThat(z.storeEntry().importedPackages()).isEqualTo(imported);
        assertThat(z.storeEntry().exportCount()).isEqualTo(entry.get("export_count").asInt());
        assertThat(z.storeEntry().exportBundleCount()).isEqualTo(entry.get("export_bundle_count").asInt());
        assertThat(z.storeEntry().shaderMapHashes()).isEmpty();
        assertThat((long) z.zenPackage().length).isEqualTo(entry.get("export_bundles_size").asLong());
        assertThat(z.packageName()).isEqualTo("/Game/_AssemblyStorm/TestMod/TestModUI");
        assertThat(z.notes()).anyMatch(n -> n.contains("taken from the name map"));

        ZenPackage want = ZenPackage.read(Files.readAllBytes(Fixtures.path(base + ".uzenasset")), base, EngineVersion.UE4_27);
        ZenPackage got = z.model();
        assertThat(got.layout()).isEqualTo(ZenLayout.UE4_PACKAGE_SUMMARY);
        assertThat(got.ue4Summary()).isEqualTo(want.ue4Summary());
        assertThat(got.names().names()).isEqualTo(want.names().names());
        assertThat(got.importMap()).isEqualTo(want.importMap());
        assertThat(got.exportMap()).isEqualTo(want.exportMap());
        assertThat(got.exportBundleHeaders()).isEqualTo(want.exportBundleHeaders());
        assertThat(got.graphPackages()).isEqualTo(want.graphPackages());
        assertThat(got.exportData().length).isEqualTo(want.exportData().length);
        // the cooker's bundle order is not reproduced exactly; every command is there once, in an order
        // that honours the preload dependencies
        assertThat(got.exportBundleEntries()).hasSameSizeAs(want.exportBundleEntries())
                .containsExactlyInAnyOrderElementsOf(want.exportBundleEntries());
        var legacy = io.uassetd.codecs.asset.AssetPackage.open(Fixtures.path(base + ".uasset"), EngineVersion.UE4_27);
        java.util.Map<String, Integer> at = new java.util.HashMap<>();
        for (int i = 0; i < got.exportBundleEntries().size(); i++) {
            var e = got.exportBundleEntries().get(i);
            at.put(e.localExportIndex() + "/" + e.commandType(), i);
        }
        for (int i = 0; i < legacy.exports().size(); i++) {
            var d = legacy.preloadDependenciesOf(legacy.exports().get(i));
            int create = at.get(i + "/0");
            int serialize = at.get(i + "/1");
            assertThat(create).isLessThan(serialize);
            before(d.createBeforeCreate(), "/0", create, at);
            before(d.serializationBeforeCreate(), "/1", create, at);
            before(d.createBeforeSerialization(), "/0", serialize, at);
            before(d.serializationBeforeSerialization(), "/1", serialize, at);
        }
        // the export data is the exports in Serialize order, without the package tag
        long[] offsets = got.exportDataOffsets();
        for (int i = 0; i < legacy.exports().size(); i++) {
            assertThat(java.util.Arrays.copyOfRange(got.exportData(), (int) offsets[i],
                    (int) (offsets[i] + got.exportMap().get(i).cookedSerialSize())))
                    .isEqualTo(legacy.exports().get(i).rawData());
        }
    }

    /** Every export in {@code deps} has its command ({@code "/0"} create, {@code "/1"} serialize) before position {@code pos}. */
    private static void before(List<io.uassetd.codecs.asset.core.PackageIndex> deps, String command, int pos,
            java.util.Map<String, Integer> at) {
        for (var x : deps) {
            if (x.isExport()) {
                assertThat(at.get(x.exportIndex() + command)).isLessThan(pos);
            }
        }
    }
}
