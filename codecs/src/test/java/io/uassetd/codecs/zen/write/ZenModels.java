package io.uassetd.codecs.zen.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.zen.ZenPackage;
import java.util.Arrays;

/** Section-by-section comparison of two Zen packages, so a difference names its section. */
final class ZenModels {
    private ZenModels() {
    }

    static void assertSameHeader(ZenPackage got, ZenPackage want) {
        assertThat(got.layout()).as("layout").isEqualTo(want.layout());
        assertThat(got.summary()).as("summary").isEqualTo(want.summary());
        assertThat(got.ue4Summary()).as("UE4 summary").isEqualTo(want.ue4Summary());
        assertThat(got.versioning()).as("versioning").isEqualTo(want.versioning());
        assertThat(got.names().names()).as("name map").isEqualTo(want.names().names());
        assertThat(got.names().wide()).as("wide names").isEqualTo(want.names().wide());
        assertThat(got.names().hashes()).as("name hashes").isEqualTo(want.names().hashes());
        assertThat(got.bulkDataPadding()).as("bulk data padding").isEqualTo(want.bulkDataPadding());
        assertThat(got.bulkDataMap()).as("bulk data map").isEqualTo(want.bulkDataMap());
        assertThat(got.gapBeforeHashes()).as("gap").isEqualTo(want.gapBeforeHashes());
        assertThat(got.importedPublicExportHashes()).as("imported public export hashes")
                .isEqualTo(want.importedPublicExportHashes());
        assertThat(got.importMap()).as("import map").isEqualTo(want.importMap());
        for (int i = 0; i < Math.min(got.exportMap().size(), want.exportMap().size()); i++) {
            assertThat(got.exportMap().get(i)).as("export %d", i).isEqualTo(want.exportMap().get(i));
        }
        assertThat(got.exportMap()).as("export map").hasSameSizeAs(want.exportMap());
        assertThat(got.exportBundleEntries()).as("export bundle entries").isEqualTo(want.exportBundleEntries());
        assertThat(got.dependencyBundleHeaders()).as("dependency bundle headers").isEqualTo(want.dependencyBundleHeaders());
        assertThat(got.dependencyBundleEntries()).as("dependency bundle entries").isEqualTo(want.dependencyBundleEntries());
        if (want.importedPackageNames() != null) {
            assertThat(got.importedPackageNames().batch().names()).as("imported package names")
                    .isEqualTo(want.importedPackageNames().batch().names());
            assertThat(got.importedPackageNames().numbers()).as("imported package numbers")
                    .isEqualTo(want.importedPackageNames().numbers());
        }
        assertThat(got.exportData().length).as("export data size").isEqualTo(want.exportData().length);
        assertThat(Arrays.equals(got.exportData(), want.exportData())).as("export data").isTrue();
    }
}
