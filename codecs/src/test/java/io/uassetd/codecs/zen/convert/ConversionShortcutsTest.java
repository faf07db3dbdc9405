package io.uassetd.codecs.zen.convert;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.testkit.ZenLegacyFixtures;
import io.uassetd.codecs.iostore.PackageLocation;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.zen.ZenPackage;
import io.uassetd.testkit.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The shortcuts Zen -> legacy takes, checked against the long way on every Zen package of the
 * fixtures: NamesReferencedFromExportDataCount by a linear walk from the end of the name map (the
 * same prefix as trying every prefix), and the legacy header size from the builder's layout (the
 * same as serializing the package).
 */
class ConversionShortcutsTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Tagged", "Unversioned"})
    void walkAgreesWithTheScanOnTheUe58Packages(String mode) {
        List<Integer> prefixes = new ArrayList<>();
        try (PackageStore store = ZenLegacyFixtures.store(mode)) {
            for (long id : store.packageIds()) {
                PackageLocation loc = store.lookup(id).orElseThrow();
                ZenPackage pkg = ZenPackage.read(loc.container().readChunk(loc.chunkIndex()), "package", EngineVersion.UE5_8);
                int walked = LegacyNames.referencedFromExportData(pkg);
                assertThat(walked).as(pkg.packageName()).isEqualTo(LegacyNames.referencedFromExportDataByScan(pkg));
                prefixes.add(walked);
                LegacyOutput out = ZenToLegacy.convert(store, id, EngineVersion.UE5_8, ZenToLegacy.Unresolved.RECOVER);
                assertThat((long) out.asset().summary().totalHeaderSize()).as(pkg.packageName())
                        .isEqualTo(out.asset().toBytes().header().length);
            }
        }
        assertThat(prefixes).hasSize(97);
    }

    @Test
    void walkAgreesWithTheScanOnTheRetocUe54Package() throws IOException {
        var f = Fixtures.path("retoc/UE5.4/BP_Table_Lamp.uzenasset");
        ZenPackage pkg = ZenPackage.read(Files.readAllBytes(f), f.toString(), EngineVersion.UE5_4);
        assertThat(LegacyNames.referencedFromExportData(pkg)).isEqualTo(LegacyNames.referencedFromExportDataByScan(pkg));
    }
}
