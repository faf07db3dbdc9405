package io.uassetd.codecs.zen;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.pak.PakEntry;
import io.uassetd.codecs.pak.PakReadOptions;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.codecs.zen.convert.LegacyOutput;
import io.uassetd.codecs.zen.convert.ZenToLegacy;
import io.uassetd.codecs.zen.write.LegacyToZen;
import io.uassetd.codecs.zen.write.ZenTarget;
import io.uassetd.testkit.Fixtures;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The UE5.8 cooker's CookedHeaderSize against the real cooked legacy packages of the CUE4Parse
 * LegacyPak paks and their Zen twins in the IoStore containers of the same serialization mode: the
 * recorded size is the legacy TotalHeaderSize less 8 and less 8 per import, LegacyToZen records that,
 * and ZenToLegacy rebuilds a legacy header of the real header's size.
 */
class CookedHeaderSizeTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Tagged", "Unversioned"})
    void cookedHeaderSizeOfTheRealLegacyPackages(String mode) {
        List<String> checked = new ArrayList<>();
        try (PackageStore store = ZenFixtures.ue58Store(mode + "/Uncompressed");
                PakReader r = PakReader.open(Fixtures.path("cue4parse/UE5_8/LegacyPak/" + mode
                        + "/Uncompressed/CUE4ParseFixtures-Legacy-" + mode + "-Uncompressed.pak"), PakReadOptions.defaults())) {
            for (PakEntry e : r.entries()) {
                if (!e.path().endsWith(".uasset") && !e.path().endsWith(".umap")) {
                    continue;
                }
                byte[] header = r.readEntry(e);
                String base = e.path().substring(0, e.path().lastIndexOf('.'));
                byte[] uexp = r.find(base + ".uexp").map(r::readEntry).orElseThrow();
                AssetPackage legacy = AssetPackage.read(header, uexp, e.path(), EngineVersion.UE5_8);
                String packageName = "/Game/Fixtures/" + base;
                var loc = store.lookup(packageName).orElseThrow();
                ZenPackage zen = ZenPackage.read(loc.container().readChunk(loc.chunkIndex()), packageName,
                        EngineVersion.UE5_8);
                int imports = legacy.imports().size();
                assertThat(zen.cookedHeaderSize()).as(base).isEqualTo(header.length - 8 - 8L * imports);
                assertThat(CookedHeaderSize.ofLegacy(header.length, legacy.version(), true, imports))
                        .isEqualTo(zen.cookedHeaderSize());
                ZenPackage converted = ZenPackage.read(LegacyToZen.convert(legacy, packageName,
                        ZenTarget.of(EngineVersion.UE5_8), java.util.Map.of()).zenPackage(), packageName, EngineVersion.UE5_8);
                assertThat(converted.cookedHeaderSize()).as(base).isEqualTo(zen.cookedHeaderSize());
                LegacyOutput rebuilt = ZenToLegacy.convert(store, loc.packageId(), EngineVersion.UE5_8,
                        ZenToLegacy.Unresolved.RECOVER);
                assertThat(rebuilt.asset().toBytes().header()).as(base).hasSize(header.length);
                assertThat(rebuilt.asset().imports()).as(base).hasSize(imports);
                checked.add(base);
            }
        }
        assertThat(checked).containsExactlyInAnyOrder("DataTables/DT_AllProperties", "Maps/Empty",
                "Properties/DA_AllProperties", "Textures/T_BC6H", "Textures/T_Streaming");
    }
}
