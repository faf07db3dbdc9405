package io.uassetd.codecs.zen;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.task.TaskMonitor;
import io.uassetd.codecs.zen.convert.BulkConversionResult;
import io.uassetd.codecs.zen.convert.ZenToLegacy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every package of the UE5.8 containers converts to a legacy package that parses back. */
class ZenConversionTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.uassetd.codecs.zen.ZenFixtures#ue58Variants")
    void everyPackageConverts(String variant, @TempDir Path out) throws Exception {
        AtomicLong progress = new AtomicLong();
        BulkConversionResult result;
        try (PackageStore store = ZenFixtures.ue58Store(variant)) {
            result = ZenToLegacy.convertAll(store, name -> true, EngineVersion.UE5_8, ZenToLegacy.Unresolved.RECOVER, out,
                    new TaskMonitor() {
                @Override
                public boolean isCancelled() {
                    return false;
                }

                @Override
                public void progress(long done, long total, String item) {
                    progress.set(done);
                }
            });
        }
        assertThat(result.failures()).isEmpty();
        assertThat(result.converted()).hasSize(97);
        assertThat(progress.get()).isEqualTo(97);
        Map<String, AssetPackage> byName = new HashMap<>();
        for (BulkConversionResult.Converted c : result.converted()) {
            Path file = c.files().get(0);
            assertThat(file.toString()).endsWith(c.packageName().substring(c.packageName().lastIndexOf('/') + 1)
                    + (file.toString().endsWith(".umap") ? ".umap" : ".uasset"));
            AssetPackage p = AssetPackage.open(file, EngineVersion.UE5_8);
            assertThat(p.exports()).as(c.packageName()).isNotEmpty();
            byName.put(c.packageName(), p);
        }
        assertThat(result.converted()).filteredOn(c -> c.packageName().equals("/Game/Fixtures/Maps/Landscape"))
                .singleElement().satisfies(c -> assertThat(c.files().get(0).toString()).endsWith("Landscape.umap"));
        AssetPackage da = byName.get("/Game/Fixtures/Properties/DA_AllProperties");
        assertThat(da).isNotNull();
        assertThat(mainExport(da, "DA_AllProperties").rawData())
                .containsSequence((byte) 0x78, (byte) 0x56, (byte) 0x34, (byte) 0x12);
        AssetPackage ns = byName.get("/Game/Fixtures/Effects/NS_Fixture");
        assertThat(ns.className(mainExport(ns, "NS_Fixture"))).isEqualTo("NiagaraSystem");
        // SM_Fixture's material comes from /Engine, which the fixture containers do not hold
        BulkConversionResult.Converted smResult = result.converted().stream()
                .filter(c -> c.packageName().equals("/Game/Fixtures/Meshes/SM_Fixture")).findFirst().orElseThrow();
        assertThat(smResult.notes()).anyMatch(n -> n.contains("/Engine/EngineMaterials/WorldGridMaterial.WorldGridMaterial"));
        AssetPackage sm = byName.get("/Game/Fixtures/Meshes/SM_Fixture");
        assertThat(sm.importInfos()).anyMatch(i -> i.objectName().equals("WorldGridMaterial"));
        assertThat(sm.className(mainExport(sm, "SM_Fixture"))).isEqualTo("StaticMesh");
        assertThat(Files.exists(out.resolve("Game/Fixtures/Meshes/SM_Fixture.uexp"))).isTrue();
        long bulk;
        try (var s = Files.walk(out)) {
            bulk = s.filter(f -> f.toString().endsWith(".ubulk") || f.toString().endsWith(".uptnl")).count();
        }
        assertThat(bulk).isEqualTo(14);
    }

    private static Export mainExport(AssetPackage p, String name) {
        return p.exports().stream().filter(e -> p.name(e.entry().objectName()).equals(name)).findFirst().orElseThrow();
    }

    @org.junit.jupiter.api.Test
    void dependenciesComeAlongWhenAsked(@TempDir Path out) {
        try (PackageStore store = ZenFixtures.ue58Store("Unversioned/Oodle")) {
            long root = store.packageIds().stream().sorted(Long::compareUnsigned)
                    .filter(id -> store.lookup(id).orElseThrow().storeEntry().importedPackages().stream()
                            .anyMatch(dep -> store.lookup(dep).isPresent()))
                    .findFirst().orElseThrow();
            String rootName = ZenToLegacy.convert(store, root, EngineVersion.UE5_8, ZenToLegacy.Unresolved.RECOVER)
                    .packageName();
            java.util.List<Long> expected = ZenToLegacy.withDependencies(store, java.util.List.of(root));
            assertThat(expected).hasSizeGreaterThan(1).startsWith(root);
            BulkConversionResult r = ZenToLegacy.convertAll(store, rootName::equals, true, EngineVersion.UE5_8,
                    ZenToLegacy.Unresolved.RECOVER, out, TaskMonitor.NONE);
            assertThat(r.failures()).isEmpty();
            assertThat(r.converted().stream().map(BulkConversionResult.Converted::packageId).toList())
                    .containsExactlyElementsOf(expected);
            assertThat(r.skipped()).isEqualTo(97 - expected.size());
        }
    }
}
