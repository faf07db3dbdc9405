package io.uassetd.codecs.asset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.asset.mesh.MeshInfo;
import io.uassetd.codecs.asset.mesh.MeshProfile;
import io.uassetd.codecs.asset.version.EngineSource;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A read past a package's tables and properties (a mesh's data) under a detected engine: unversioned UE4.18 skeletal
 * meshes read identically as packages under UE4_16 ... UE4_27, but their mesh data (FSkeletalMeshCustomVersion
 * SplitModelAndRenderData, UE4.19's 15: bCooked before the LODs) reads only under the releases before 4.19.
 */
class PackageEngineReadFurtherTest {
    private static final List<EngineVersion> UE4_16_TO_18 = List.of(EngineVersion.UE4_18, EngineVersion.UE4_17, EngineVersion.UE4_16);

    private static PackageEngine.Further<MeshInfo> mesh(String relative) {
        Path p = Fixtures.path(relative);
        PackageEngine.Opened o = PackageEngine.open(p, null, null);
        return PackageEngine.readFurther(o, p, pkg -> MeshInfo.read(pkg, null, MeshProfile.STANDARD));
    }

    @Test
    void ue418SkeletalMeshesAreReadUnderTheNewestReleaseWhoseMeshLayoutTheyHave() {
        for (String f : List.of("uassetapi/TestManyAssets/CodeVein/SK_Inner_Female1.uasset", "matya/4.18/SK_Worm.uasset")) {
            Path p = Fixtures.path(f);
            PackageEngine.Opened o = PackageEngine.open(p, null, null);
            // the package alone: every UE4 release from 4.16 on reads it identically; the newest is named
            assertThat(o.choice().engine()).as(f).isEqualTo(EngineVersion.UE4_27);
            assertThat(o.choice().candidates()).as(f).hasSize(12);
            assertThatThrownBy(() -> MeshInfo.read(o.pkg(), null, MeshProfile.STANDARD)).isInstanceOf(FormatException.class);
            PackageEngine.Further<MeshInfo> m = mesh(f);
            assertThat(m.opened().choice().engine()).as(f).isEqualTo(EngineVersion.UE4_18);
            assertThat(m.opened().choice().source()).isEqualTo(EngineSource.PROBE);
            assertThat(m.opened().choice().candidates()).as(f).isEqualTo(UE4_16_TO_18);
            assertThat(m.opened().choice().tried()).as(f).startsWith(EngineVersion.UE4_27).endsWith(EngineVersion.UE4_18);
            assertThat(m.opened().pkg().version()).isEqualTo(EngineVersion.UE4_18.packageVersion());
            // the same mesh as read under the named release
            MeshInfo named = MeshInfo.read(AssetPackage.open(p, EngineVersion.UE4_18), null, MeshProfile.STANDARD);
            assertThat(m.value()).as(f).isEqualTo(named);
        }
        assertThat(mesh("uassetapi/TestManyAssets/CodeVein/SK_Inner_Female1.uasset").value().boneCount()).isEqualTo(81);
    }

    @Test
    void aMeshThatReadsUnderTheDetectedEngineKeepsTheChoice() {
        for (String f : List.of("matya/4.27/SK_Worm.uasset", "matya/4.18/SM_Worm.uasset")) {
            Path p = Fixtures.path(f);
            PackageEngine.Opened o = PackageEngine.open(p, null, null);
            PackageEngine.Further<MeshInfo> m = mesh(f);
            assertThat(m.opened().choice()).as(f).isEqualTo(o.choice());
            assertThat(m.opened().choice().engine()).as(f).isEqualTo(EngineVersion.UE4_27);
            assertThat(m.value().materials()).as(f).hasSize(1);
        }
    }

    @Test
    void aNamedEngineIsReadAsItIs() {
        Path p = Fixtures.path("uassetapi/TestManyAssets/CodeVein/SK_Inner_Female1.uasset");
        PackageEngine.Opened o = PackageEngine.open(p, EngineVersion.UE4_27, null);
        assertThatThrownBy(() -> PackageEngine.readFurther(o, p, pkg -> MeshInfo.read(pkg, null, MeshProfile.STANDARD)))
                .isInstanceOf(FormatException.class).hasMessageNotContaining("engine not named");
    }
}
