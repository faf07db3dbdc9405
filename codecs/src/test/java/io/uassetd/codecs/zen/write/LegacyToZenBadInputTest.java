package io.uassetd.codecs.zen.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.testkit.ByteSearch;
import io.uassetd.testkit.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Legacy packages that cannot become Zen packages get an error naming the file and what is wrong. */
class LegacyToZenBadInputTest {
    private static final String LAMP = "retoc/UE5.4/BP_Table_Lamp";

    private static AssetPackage lamp(byte[] uasset) throws Exception {
        return AssetPackage.read(uasset, Files.readAllBytes(Fixtures.path(LAMP + ".uexp")), "BP_Table_Lamp.uasset",
                EngineVersion.UE5_4);
    }

    @Test
    void importOutsideAnyPackageIsNamed() throws Exception {
        byte[] uasset = Files.readAllBytes(Fixtures.path(LAMP + ".uasset"));
        byte[] name = "/Game/Billiards/Static_meshes/SM_table_lamp\0".getBytes(StandardCharsets.US_ASCII);
        int at = ByteSearch.indexOf(uasset, name);
        uasset[at] = 'X';
        AssetPackage p = lamp(uasset);
        assertThatThrownBy(() -> LegacyToZen.convert(p, ZenTarget.of(EngineVersion.UE5_4)))
                .isInstanceOf(ZenWriteException.class)
                .hasMessageContaining("Import 17 (XGame/Billiards/Static_meshes/SM_table_lamp/SM_table_lamp)")
                .hasMessageContaining("not a package path")
                .satisfies(e -> assertThat(((ZenWriteException) e).file()).isEqualTo("BP_Table_Lamp.uasset"));
    }

    @Test
    void preloadDependencyCycleIsRefused() throws Exception {
        AssetPackage p = lamp(Files.readAllBytes(Fixtures.path(LAMP + ".uasset")));
        // export 0 is created after export 1, which waits for export 0 to be serialized
        assertThat(p.preloadDependenciesOf(p.exports().get(1)).serializationBeforeCreate()).contains(PackageIndex.ofExport(0));
        int cbc = p.exports().get(0).entry().firstExportDependency() + 3;
        p.preloadDependencies().set(cbc, PackageIndex.ofExport(1));
        assertThatThrownBy(() -> LegacyToZen.convert(p, ZenTarget.of(EngineVersion.UE5_4)))
                .isInstanceOf(ZenWriteException.class).hasMessageContaining("form a cycle");
        assertThatThrownBy(() -> LegacyToZen.convert(p, ZenTarget.of(EngineVersion.UE4_27)))
                .isInstanceOf(ZenWriteException.class).hasMessageContaining("form a cycle");
        assertThatThrownBy(() -> LegacyToZen.convert(p, ZenTarget.of(EngineVersion.UE5_2)))
                .isInstanceOf(ZenWriteException.class).hasMessageContaining("form a cycle");
    }

    @Test
    void truncatedPackageAndUnsupportedTargets() throws Exception {
        byte[] uasset = Files.readAllBytes(Fixtures.path(LAMP + ".uasset"));
        assertThatThrownBy(() -> lamp(java.util.Arrays.copyOf(uasset, 900))).isInstanceOf(CorruptDataException.class);
        assertThatThrownBy(() -> ZenTarget.of(EngineVersion.UE4_25)).isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("UE4_25");
    }

    @Test
    void ue4PackageWithoutAFindableNameNeedsOne() throws Exception {
        byte[] h = Files.readAllBytes(Fixtures.path("retoc/UE4.27/TestModUI.uasset"));
        byte[] e = Files.readAllBytes(Fixtures.path("retoc/UE4.27/TestModUI.uexp"));
        AssetPackage p = AssetPackage.read(h, e, "Renamed.uasset", EngineVersion.UE4_27);
        assertThatThrownBy(() -> LegacyToZen.convert(p, ZenTarget.of(EngineVersion.UE4_27)))
                .isInstanceOf(ZenWriteException.class).hasMessageContaining("give the package name")
                .hasMessageContaining("/Renamed");
        assertThatThrownBy(() -> LegacyToZen.convert(p, "Game/NoSlash", ZenTarget.of(EngineVersion.UE4_27), Map.of()))
                .isInstanceOf(ZenWriteException.class).hasMessageContaining("not a package path");
        ZenConversion z = LegacyToZen.convert(p, "/Game/_AssemblyStorm/TestMod/TestModUI", ZenTarget.of(EngineVersion.UE4_27),
                Map.of());
        assertThat(z.zenPackage()).isEqualTo(LegacyToZen.convertFile(Fixtures.path("retoc/UE4.27/TestModUI.uasset"), null,
                ZenTarget.of(EngineVersion.UE4_27)).zenPackage());
    }

    @Test
    void editedPackageIsConvertedAsItWouldBeWritten() throws Exception {
        AssetPackage p = lamp(Files.readAllBytes(Fixtures.path(LAMP + ".uasset")));
        byte[] data = p.exports().get(1).rawData();
        byte[] longer = java.util.Arrays.copyOf(data, data.length + 8);
        p.exports().get(1).setRawData(longer);
        ZenConversion z = LegacyToZen.convert(p, ZenTarget.of(EngineVersion.UE5_4));
        var m = z.model();
        assertThat(m.exportMap().get(1).cookedSerialSize()).isEqualTo(longer.length);
        assertThat(m.exportMap().get(2).cookedSerialOffset()).isEqualTo(m.exportMap().get(1).cookedSerialOffset() + longer.length);
        long[] at = m.exportDataOffsets();
        assertThat(java.util.Arrays.copyOfRange(m.exportData(), (int) at[1], (int) at[1] + longer.length)).isEqualTo(longer);
    }
}
