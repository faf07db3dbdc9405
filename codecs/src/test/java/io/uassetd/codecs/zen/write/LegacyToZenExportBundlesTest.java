package io.uassetd.codecs.zen.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.iostore.scriptobjects.PackageObjectIndex;
import io.uassetd.codecs.iostore.scriptobjects.ScriptObjectsDatabase;
import io.uassetd.codecs.zen.ExportBundleEntry;
import io.uassetd.codecs.iostore.ZenLayout;
import io.uassetd.codecs.zen.ZenPackage;
import io.uassetd.codecs.zen.convert.LegacyOutput;
import io.uassetd.codecs.zen.convert.ZenToLegacy;
import io.uassetd.testkit.Fixtures;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * UE5.0 to 5.2 targets (no fixture holds such a package): the retoc pairs written with export
 * bundles and graph data. The graph data is walked and checked against the bundles, the header maps
 * are those of the UE5.3+ conversion, and ZenToLegacy reads every export's data back from the
 * bundle-ordered export data.
 */
class LegacyToZenExportBundlesTest {

    static Stream<Arguments> cases() {
        return Stream.of("retoc/UE5.4/BP_Table_Lamp", "retoc/UE5.5/BP_ThirdPersonCharacter", "retoc/UE5.5/SM_Cube",
                "retoc/UE5.5/T_Test").flatMap(b -> Stream.of(Arguments.of(b, EngineVersion.UE5_1),
                Arguments.of(b, EngineVersion.UE5_2)));
    }

    @ParameterizedTest(name = "{0} as {1}")
    @MethodSource("cases")
    void exportBundlesAndGraphDataHold(String base, EngineVersion target) throws Exception {
        EngineVersion cooked = base.contains("UE5.4") ? EngineVersion.UE5_4 : EngineVersion.UE5_5;
        AssetPackage legacy = AssetPackage.open(Fixtures.path(base + ".uasset"), cooked);
        ZenConversion z = LegacyToZen.convert(legacy, null, ZenTarget.of(target), Map.of());
        ZenConversion modern = LegacyToZen.convert(legacy, null, ZenTarget.of(cooked), Map.of());
        ZenPackage p = z.model();
        assertThat(p.layout()).isEqualTo(target.zenLayout());
        assertThat(p.toBytes()).isEqualTo(z.zenPackage());
        assertThat(p.importMap()).isEqualTo(modern.model().importMap());
        assertThat(p.exportMap()).isEqualTo(modern.model().exportMap());
        assertThat(p.names().names()).isEqualTo(modern.model().names().names());
        assertThat(p.bulkDataMap() == null).isEqualTo(target == EngineVersion.UE5_1);
        int n = legacy.exports().size();
        assertThat(p.exportBundleEntries()).hasSize(2 * n)
                .containsExactlyInAnyOrderElementsOf(modern.model().exportBundleEntries());

        // the graph data: bundle headers over the entries, arcs inside the bounds
        ByteReader r = ByteReader.of("graph", 0, p.rawGraphData(), "GraphData");
        int bundles = z.storeEntry().exportBundleCount();
        long first = 0;
        long serial = 0;
        for (int b = 0; b < bundles; b++) {
            assertThat(r.i64()).as("bundle %d serial offset", b).isEqualTo(serial);
            assertThat(r.u32()).isEqualTo(first);
            long count = r.u32();
            assertThat(count).isPositive();
            for (long k = first; k < first + count; k++) {
                ExportBundleEntry e = p.exportBundleEntries().get((int) k);
                if (e.commandType() == ExportBundleEntry.SERIALIZE) {
                    serial += p.exportMap().get(e.localExportIndex()).cookedSerialSize();
                }
            }
            first += count;
        }
        assertThat(first).isEqualTo(2L * n);
        int internal = r.i32();
        for (int k = 0; k < internal; k++) {
            int from = r.i32();
            int to = r.i32();
            assertThat(from).isBetween(0, bundles - 1).isNotEqualTo(to);
            assertThat(to).isBetween(0, bundles - 1);
        }
        Set<Integer> packageImports = new HashSet<>();
        for (int k = 0; k < p.importMap().size(); k++) {
            if (p.importMap().get(k).kind() == PackageObjectIndex.Kind.PACKAGE_IMPORT) {
                packageImports.add(k);
            }
        }
        for (int pk = 0; pk < z.storeEntry().importedPackages().size(); pk++) {
            int arcs = r.i32();
            for (int k = 0; k < arcs; k++) {
                int imp = r.i32();
                assertThat(packageImports).contains(imp);
                assertThat(p.importMap().get(imp).value() >>> 32).isEqualTo(pk);
                assertThat(r.u8()).isBetween(0, 1);
                assertThat(r.i32()).isBetween(0, bundles - 1);
            }
        }
        assertThat(r.remaining()).isZero();

        // another reader finds every export's data in the bundle-ordered export data
        ScriptObjectsDatabase scripts = ScriptObjectsDatabase.read(Fixtures.path("retoc/UE5.3/ScriptObjects.bin"));
        LegacyOutput back = ZenToLegacy.convert(p, z.packageId(), z.storeEntry(), null, scripts, cooked,
                ZenToLegacy.Unresolved.PLACEHOLDER, Map.of());
        assertThat(back.asset().exports()).hasSize(n);
        for (int i = 0; i < n; i++) {
            assertThat(back.asset().exports().get(i).rawData()).as("export %d", i)
                    .isEqualTo(legacy.exports().get(i).rawData());
        }
        // Zen packages before UE5.3 do not end with the package tag
        byte[] area = legacy.storedExportArea();
        assertThat(p.exportData().length).isEqualTo(area.length - 4);
        assertThat(Arrays.copyOfRange(area, area.length - 4, area.length)).containsExactly(0xC1, 0x83, 0x2A, 0x9E);
    }
}
