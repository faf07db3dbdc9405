package io.uassetd.codecs.zen;

import io.uassetd.codecs.iostore.ZenLayout;
import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.asset.version.PackageVersion;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The layouts no fixture holds (UE5.0/5.1, 5.2, 5.3, versioned 5.3) made with the writer from a real
 * package's sections, read back and written again byte for byte.
 */
class ZenLayoutsTest {

    private static ZenPackage lamp() throws Exception {
        return ZenPackage.read(Files.readAllBytes(Fixtures.path("retoc/UE5.4/BP_Table_Lamp.uzenasset")), "lamp",
                EngineVersion.UE5_4);
    }

    private static List<BulkDataMapEntry> cubeBulk() throws Exception {
        return ZenPackage.read(Files.readAllBytes(Fixtures.path("retoc/UE5.5/SM_Cube.uzenasset")), "cube",
                EngineVersion.UE5_5).bulkDataMap();
    }

    /** The lamp's sections laid out as {@code layout} writes them. */
    private static ZenPackage as(ZenPackage p, ZenLayout layout, ZenVersioningInfo versioning) throws Exception {
        boolean bundles = layout.atLeast(ZenLayout.DEPENDENCY_BUNDLES);
        ZenSummary s = p.summary();
        ZenSummary summary = new ZenSummary(versioning == null ? 0 : 1, 0, s.name(), s.packageFlags(),
                s.cookedHeaderSize(), 0, 0, 0, 0, 0, 0, 0, 0);
        byte[] graph = {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0};
        return new ZenPackage(layout, null, summary, versioning, layout.atLeast(ZenLayout.VERSE_CELLS), p.names(),
                layout.atLeast(ZenLayout.PADDED_BULK_DATA_MAP) ? 6 : -1,
                layout.atLeast(ZenLayout.BULK_DATA_MAP) ? cubeBulk() : null, 0, p.importedPublicExportHashes(),
                p.importMap(), p.exportMap(), new byte[0], new byte[0], List.of(), p.exportBundleEntries(), List.of(),
                bundles ? null : graph, bundles ? p.dependencyBundleHeaders() : List.of(),
                bundles ? p.dependencyBundleEntries() : new int[0], bundles ? p.importedPackageNames() : null,
                p.exportData());
    }

    @ParameterizedTest
    @EnumSource(value = ZenLayout.class, names = {"ZEN_SUMMARY", "BULK_DATA_MAP", "DEPENDENCY_BUNDLES",
            "PADDED_BULK_DATA_MAP", "VERSE_CELLS"})
    void writtenLayoutReadsBack(ZenLayout layout) throws Exception {
        ZenPackage made = as(lamp(), layout, null);
        byte[] bytes = made.toBytes();
        ZenPackage back = ZenPackage.read(bytes, layout.name(), layout);
        assertThat(back.toBytes()).isEqualTo(bytes);
        assertThat(back.headerSize()).isEqualTo(bytes.length - made.exportData().length);
        assertThat(back.exportMap()).isEqualTo(made.exportMap());
        assertThat(back.importMap()).isEqualTo(made.importMap());
        assertThat(back.bulkDataMap()).isEqualTo(made.bulkDataMap());
        assertThat(back.packageName()).isEqualTo("/Game/Billiards/Blueprints/BP_Table_Lamp");
        if (layout.atLeast(ZenLayout.DEPENDENCY_BUNDLES)) {
            assertThat(back.dependencyBundleHeaders()).isEqualTo(made.dependencyBundleHeaders());
        } else {
            assertThat(back.rawGraphData()).isEqualTo(made.rawGraphData());
        }
    }

    /** A versioned package does not say 5.3 or 5.4: the bulk data map form that fits is the one read. */
    @Test
    void versionedPackagesFindTheirBulkDataMapForm() throws Exception {
        ZenVersioningInfo v53 = new ZenVersioningInfo(2, new PackageVersion(522, 1009, 0), List.of());
        for (ZenLayout written : List.of(ZenLayout.DEPENDENCY_BUNDLES, ZenLayout.PADDED_BULK_DATA_MAP)) {
            byte[] bytes = as(lamp(), written, v53).toBytes();
            ZenPackage back = ZenPackage.read(bytes, written.name(), EngineVersion.UE5_4);
            assertThat(back.bulkDataPadding()).isEqualTo(written == ZenLayout.PADDED_BULK_DATA_MAP ? 6 : -1);
            assertThat(back.versioning()).isEqualTo(v53);
            assertThat(back.toBytes()).isEqualTo(bytes);
        }
    }
}
