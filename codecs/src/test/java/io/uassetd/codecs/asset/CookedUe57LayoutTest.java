package io.uassetd.codecs.asset;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.pak.PakEntry;
import io.uassetd.codecs.pak.PakReadOptions;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.codecs.zen.CookedHeaderSize;
import io.uassetd.codecs.zen.ZenPackage;
import io.uassetd.codecs.zen.write.LegacyToZen;
import io.uassetd.codecs.zen.write.ZenTarget;
import io.uassetd.testkit.PackageCopies;
import io.uassetd.testkit.Fixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Cooked UE5.7 legacy packages (object version 1018 like UE5.8, but imports without a PackageName).
 * No UE5.7 cooked fixture exists: each real cooked UE5.8 package of the CUE4Parse LegacyPak paks
 * (Tagged = versioned, Unversioned) is written again by our writer under the UE5.7 layout (same
 * names, exports and tables; imports without PackageName), then read back, byte for byte, under
 * UE5_7 and under UE5_8 (the import map's size tells the layouts apart), and converted to Zen for UE5_7.
 */
class CookedUe57LayoutTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Tagged", "Unversioned"})
    void syntheticUe57CookedPackagesReadAndWriteByteForByte(String mode) {
        List<String> checked = new ArrayList<>();
        try (PakReader r = PakReader.open(Fixtures.path("cue4parse/UE5_8/LegacyPak/" + mode
                + "/Uncompressed/CUE4ParseFixtures-Legacy-" + mode + "-Uncompressed.pak"), PakReadOptions.defaults())) {
            for (PakEntry e : r.entries()) {
                if (!e.path().endsWith(".uasset") && !e.path().endsWith(".umap")) {
                    continue;
                }
                byte[] header = r.readEntry(e);
                String base = e.path().substring(0, e.path().lastIndexOf('.'));
                byte[] uexp = r.find(base + ".uexp").map(r::readEntry).orElseThrow();
                // the real UE5.8 package reads the same under either engine: 40 bytes per import
                AssetPackage p58 = AssetPackage.read(header, uexp, e.path(), EngineVersion.UE5_8);
                AssetPackage p58as57 = AssetPackage.read(header, uexp, e.path(), EngineVersion.UE5_7);
                assertThat(p58as57.imports()).isEqualTo(p58.imports());
                assertThat(p58.imports()).allSatisfy(i -> assertThat(i.packageName()).isEqualTo(i.objectName()));

                AssetPackage.Bytes ue57 = ue57Copy(p58).toBytes();
                int n = p58.imports().size();
                assertThat(ue57.header()).as(base).hasSize(header.length - 8 * n);
                for (EngineVersion engine : new EngineVersion[] {EngineVersion.UE5_7, EngineVersion.UE5_8}) {
                    AssetPackage p57 = AssetPackage.read(ue57.header(), ue57.exports(), e.path(), engine);
                    assertThat(p57.summary().isUnversioned()).isEqualTo(mode.equals("Unversioned"));
                    assertThat(p57.version().fileVersionUE5()).isEqualTo(1018);
                    assertThat(p57.imports()).hasSize(n).allSatisfy(i -> assertThat(i.packageName()).isNull());
                    AssetPackage.Bytes again = p57.toBytes();
                    assertThat(again.header()).as(base + " under " + engine).isEqualTo(ue57.header());
                    assertThat(again.exports()).as(base + " under " + engine).isEqualTo(ue57.exports());
                    for (int i = 0; i < p57.exports().size(); i++) {
                        assertThat(p57.exports().get(i).rawData()).isEqualTo(p58.exports().get(i).rawData());
                    }
                }
                AssetPackage p57 = AssetPackage.read(ue57.header(), ue57.exports(), e.path(), EngineVersion.UE5_7);
                assertThat(CookedHeaderSize.namedImports(p57)).isZero();
                byte[] zen = LegacyToZen.convert(p57, "/Game/Fixtures/" + base, ZenTarget.of(EngineVersion.UE5_7), Map.of())
                        .zenPackage();
                ZenPackage z = ZenPackage.read(zen, base, EngineVersion.UE5_7);
                assertThat(z.cookedHeaderSize()).isEqualTo(ue57.header().length - 8);
                assertThat(z.importMap()).hasSize(ZenPackage.read(LegacyToZen.convert(p58, "/Game/Fixtures/" + base,
                        ZenTarget.of(EngineVersion.UE5_8), Map.of()).zenPackage(), base, EngineVersion.UE5_8).importMap().size());
                checked.add(base);
            }
        }
        assertThat(checked).containsExactlyInAnyOrder("DataTables/DT_AllProperties", "Maps/Empty",
                "Properties/DA_AllProperties", "Textures/T_BC6H", "Textures/T_Streaming");
    }

    /** The package written again with imports that store no PackageName (the UE5.7 cooked layout). */
    private static AssetPackage ue57Copy(AssetPackage p) {
        return PackageCopies.builderOf(p, i -> new ObjectImport(i.classPackage(), i.className(), i.outerIndex(), i.objectName(),
                null, i.importOptional())).build(p.name());
    }
}
