package io.uassetd.codecs.asset.mesh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.property.content.PropertyExportContent;
import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.testkit.Fixtures;
import io.uassetd.testkit.ZenLegacyFixtures;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mesh material slots, skeletons and LOD counts of the fixture meshes. Expected values are checked
 * against what the package says elsewhere: the import map (material objects), the name map, the
 * mesh's own properties (SourceModels per LOD, MorphTargets, Sockets) and FIXTURES.md.
 */
class MeshInfoTest {
    @TempDir
    static Path dir;

    static Usmap usmap(String relative) {
        return Usmap.load(Fixtures.path(relative), Codecs.standard());
    }

    static AssetPackage fixture(String flavour, String name) {
        return AssetPackage.open(ZenLegacyFixtures.convert(flavour, "/Game/Fixtures/Meshes/" + name, dir.resolve(flavour)),
                EngineVersion.UE5_8);
    }

    @Test
    void skFixtureMaterialsSkeletonAndLods() {
        for (String flavour : List.of("Tagged", "Unversioned")) {
            skFixture(flavour);
        }
    }

    private static void skFixture(String flavour) {
        AssetPackage pkg = fixture(flavour, "SK_Fixture");
        // unversioned: SamplingInfo holds natively serialized structs the mappings list without properties
        Usmap u = flavour.equals("Unversioned") ? Usmap.load(ZenLegacyFixtures.usmap(), Codecs.standard()) : null;
        MeshInfo m = MeshInfo.read(pkg, u, MeshProfile.STANDARD);
        assertThat(m.meshType()).isEqualTo("SkeletalMesh");
        assertThat(m.slotNames()).as(flavour).containsExactly("Primary", "Secondary");
        // both slots use the one material the import map holds
        assertThat(pkg.importInfos().get(-m.materials().get(0).materialIndex() - 1).objectName()).isEqualTo("WorldGridMaterial");
        assertThat(m.materials()).allSatisfy(s -> assertThat(s.materialPath())
                .isEqualTo("/Engine/EngineMaterials/WorldGridMaterial.WorldGridMaterial"));
        assertThat(m.bones()).extracting(MeshInfo.Bone::name).containsExactly("Root", "Joint_1", "Joint_2");
        assertThat(m.bones()).extracting(MeshInfo.Bone::parentIndex).containsExactly(-1, 0, 1);
        // the LOD count of the render data equals the number of SourceModels the properties list
        Export e = pkg.exports().get(m.exportIndex());
        List<?> sources = (List<?>) PropertyParser.contentOf(pkg, e, u).properties().find(pkg, "SourceModels", 0).value().view(pkg);
        assertThat(m.lodCount()).isEqualTo(2).isEqualTo(sources.size());
        assertThat(m.vertexCount()).isEqualTo(6);
        assertThat(m.triangleCount()).isEqualTo(2);
        assertThat(m.hasVertexColors()).isTrue();
        assertThat(m.hasMorphTargets()).isTrue();
        // the morph target is the package's MorphTarget export
        assertThat(m.morphTargets()).containsExactly(pkg.name(pkg.exports().get(0).entry().objectName()));
    }

    @Test
    void skeletalDataWritesBackByteForByte() {
        for (AssetPackage pkg : List.of(fixture("Tagged", "SK_Fixture"),
                AssetPackage.open(Fixtures.path("uassetapi/TestManyAssets/CodeVein/SK_Inner_Female1.uasset"), EngineVersion.UE4_18))) {
            Export e = pkg.exports().get(1);
            PropertyExportContent c = PropertyParser.contentOf(pkg, e, null);
            SkeletalMeshData d = SkeletalMeshData.read(pkg, after(pkg, e, c), MeshProfile.STANDARD);
            assertThat(write(pkg, d)).isEqualTo(c.extras());
        }
    }

    @Test
    void staticDataWritesBackByteForByte() {
        AssetPackage pkg = fixture("Tagged", "SM_Fixture");
        Export e = pkg.exports().get(2);
        PropertyExportContent c = PropertyParser.contentOf(pkg, e, null);
        StaticMeshData d = StaticMeshData.read(pkg, after(pkg, e, c));
        // the native socket list is the one the Sockets property holds: the StaticMeshSocket export
        assertThat(d.sockets()).singleElement().satisfies(s -> assertThat(pkg.className(pkg.exports().get(s.exportIndex())))
                .isEqualTo("StaticMeshSocket"));
        assertThat(pkg.className(pkg.exports().get(d.bodySetup().exportIndex()))).isEqualTo("BodySetup");
        assertThat(pkg.className(pkg.exports().get(d.navCollision().exportIndex()))).isEqualTo("NavCollision");
        PackageWriter w = pkg.newWriter();
        d.write(w);
        assertThat(w.toByteArray()).isEqualTo(c.extras());
    }

    static PackageReader after(AssetPackage pkg, Export e, PropertyExportContent c) {
        PackageReader r = pkg.exportReader(e);
        r.seek(r.position() + c.scriptPropertiesSize());
        return r;
    }

    static byte[] write(AssetPackage pkg, SkeletalMeshData d) {
        PackageWriter w = pkg.newWriter();
        d.write(w);
        return w.toByteArray();
    }

    @Test
    void codeVeinSkeletalMeshOfUe418() {
        AssetPackage pkg = AssetPackage.open(Fixtures.path("uassetapi/TestManyAssets/CodeVein/SK_Inner_Female1.uasset"), EngineVersion.UE4_18);
        MeshInfo m = MeshInfo.read(pkg, null, MeshProfile.STANDARD);
        assertThat(m.slotNames()).containsExactly("Skin", "Skin", "Inner", "Inner");
        // every slot's material is an import of the package, a material instance
        for (MeshInfo.MaterialSlot s : m.materials()) {
            AssetPackage.ImportInfo imp = pkg.importInfos().get(-s.materialIndex() - 1);
            assertThat(imp.className()).isEqualTo("MaterialInstanceConstant");
            assertThat(s.materialPath()).endsWith("." + imp.objectName());
        }
        assertThat(m.boneCount()).isEqualTo(81);
        assertThat(m.bones().get(0).name()).isEqualTo("CHARA_OFFSET");
        assertThat(m.bones()).extracting(MeshInfo.Bone::name).contains("Head", "Spine", "Spine1", "Spine2", "Spine3");
        assertThat(m.lodCount()).isEqualTo(1);
    }

    @Test
    void smFixtureOfBothFlavoursHasTwoLodsAndItsSocket() {
        for (String flavour : List.of("Tagged", "Unversioned")) {
            AssetPackage pkg = fixture(flavour, "SM_Fixture");
            Usmap u = flavour.equals("Unversioned") ? Usmap.load(ZenLegacyFixtures.usmap(), Codecs.standard()) : null;
            MeshInfo m = MeshInfo.read(pkg, u, MeshProfile.STANDARD);
            assertThat(m.meshType()).isEqualTo("StaticMesh");
            assertThat(m.lodCount()).as(flavour).isEqualTo(2);
            assertThat(m.slotNames()).containsExactly("Primary", "Secondary");
            assertThat(m.materials()).allSatisfy(s -> assertThat(s.materialPath()).endsWith("WorldGridMaterial"));
            assertThat(m.boneCount()).isZero();
            // the first LOD: one triangle per material slot, each over its own three vertices
            assertThat(m.triangleCount()).isEqualTo(2);
            assertThat(m.vertexCount()).isEqualTo(6);
            assertThat(m.sockets()).singleElement().satisfies(s -> {
                assertThat(s.name()).isEqualTo("FixtureSocket");
                // FIXTURES.md's (10, 20, 30) is the socket's relative rotation; its location is (12.5, -25, 37.5)
                assertThat(s.rotation()).isEqualTo(Map.of("Pitch", 10.0, "Yaw", 20.0, "Roll", 30.0));
                assertThat(s.location()).isEqualTo(Map.of("X", 12.5, "Y", -25.0, "Z", 37.5));
            });
        }
    }

    /** A static mesh with its slots, their materials and its first LOD's vertex and triangle counts. */
    record Case(String file, EngineVersion engine, String usmap, List<String> slots, List<String> materials, int vertices,
            int triangles) {
    }

    /** A cube with hard edges: four vertices and two triangles per face. */
    static final int CUBE_VERTICES = 24;
    static final int CUBE_TRIANGLES = 12;

    @Test
    void staticMeshesOfUassetApiAndRetoc() {
        String ue55 = "uassetapi/TestUE5_5/BlankGame/BlankUE5_5.usmap";
        List<Case> cases = List.of(
                new Case("uassetapi/TestUE5_4/BlankGame/SM_BlueCube.uasset", EngineVersion.UE5_4,
                        "uassetapi/TestUE5_4/BlankGame/BlankGame_Dumper-7.usmap", List.of("WorldGridMaterial"), List.of("MI_BlueCube"), CUBE_VERTICES,
                        CUBE_TRIANGLES),
                new Case("uassetapi/TestUE5_5/BlankGame/SM_Cube.uasset", EngineVersion.UE5_5, ue55, List.of("Material", "MatB"),
                        List.of("M_Cube_1", "M_Cube_2"), CUBE_VERTICES, CUBE_TRIANGLES),
                // retoc's UE5.5 SM_Cube carries no mappings; the engine classes are the same in every UE5.5 usmap
                new Case("retoc/UE5.5/SM_Cube.uasset", EngineVersion.UE5_5, ue55, List.of("Material", "MatB"), List.of("M_Cube_1", "M_Cube_2"),
                        CUBE_VERTICES, CUBE_TRIANGLES),
                new Case("uassetapi/TestUE5_6/BpThirdPerson/SM_Cube.uasset", EngineVersion.UE5_6,
                        "uassetapi/TestUE5_6/BpThirdPerson/ExplicitEnumValuesExample.usmap", List.of("lambert1"), List.of("MI_PrototypeGrid_Gray"),
                        CUBE_VERTICES, CUBE_TRIANGLES),
                new Case("uassetapi/TestManyAssets/Clay/Engine/Content/EngineSky/SM_SkySphere.uasset", EngineVersion.UE5_1,
                        "uassetapi/TestManyAssets/Clay/Clay.usmap", List.of("M_Sky_Panning_Clouds2"), List.of("M_Sky_Panning_Clouds2"),
                        // the inline position vertex buffer after the sections records 2,208 vertices
                        2208, 3968));
        for (Case c : cases) {
            AssetPackage pkg = AssetPackage.open(Fixtures.path(c.file()), c.engine());
            MeshInfo m = MeshInfo.read(pkg, usmap(c.usmap()), MeshProfile.STANDARD);
            assertThat(m.slotNames()).as(c.file()).containsExactlyElementsOf(c.slots());
            List<String> materials = new ArrayList<>();
            for (MeshInfo.MaterialSlot s : m.materials()) {
                // the material is the import the slot points at
                materials.add(pkg.importInfos().get(-s.materialIndex() - 1).objectName());
            }
            assertThat(materials).as(c.file()).containsExactlyElementsOf(c.materials());
            assertThat(m.lodCount()).as(c.file()).isEqualTo(1);
            assertThat(m.vertexCount()).as(c.file()).isEqualTo(c.vertices());
            assertThat(m.triangleCount()).as(c.file()).isEqualTo(c.triangles());
            assertThat(pkg.names().indexOf(c.slots().get(0))).as("slot name in the name map").isNotNegative();
        }
    }

    @Test
    void marvelRivalsProfileReadsTheGameplayTagsAfterEachMaterial() {
        AssetPackage pkg = fixture("Tagged", "SK_Fixture");
        Export e = pkg.exports().get(1);
        PropertyExportContent c = PropertyParser.contentOf(pkg, e, null);
        SkeletalMeshData d = SkeletalMeshData.read(pkg, after(pkg, e, c), MeshProfile.STANDARD);
        // the same mesh as Marvel Rivals writes it: an FGameplayTagContainer after each material (one holding a tag)
        List<SkeletalMaterial> tagged = new ArrayList<>();
        for (int i = 0; i < d.materials().size(); i++) {
            SkeletalMaterial m = d.materials().get(i);
            GameplayTagContainer tags = i == 0 ? new GameplayTagContainer(List.of(m.slotName())) : GameplayTagContainer.EMPTY;
            tagged.add(new SkeletalMaterial(m.material(), m.slotName(), m.importedNameFlag(), m.importedSlotName(), m.uvChannelData(),
                    m.overlayMaterial(), tags));
        }
        SkeletalMeshData rivals = new SkeletalMeshData(d.objectGuid(), d.strip(), d.bounds(),
                new SkeletalMaterial.Layout(d.layout().importedNameFlag(), d.layout().overlayMaterial(), true), tagged, d.skeleton(),
                d.splitRenderData(), d.cooked(), d.lodCount(), d.rest());
        byte[] bytes = write(pkg, rivals);
        assertThat(bytes.length).isEqualTo(c.extras().length + 4 + 4 + 8);
        c.setExtras(bytes);
        AssetPackage.Bytes b = pkg.toBytes();
        AssetPackage rewritten = AssetPackage.read(b.header(), b.exports(), "SK_Fixture.uasset", EngineVersion.UE5_8);
        MeshInfo m = MeshInfo.read(rewritten, null, io.uassetd.codecs.game.GameProfile.of("marvel_rivals").mesh());
        assertThat(m.slotNames()).containsExactly("Primary", "Secondary");
        assertThat(m.materials().get(0).gameplayTags()).containsExactly("Primary");
        assertThat(m.materials().get(1).gameplayTags()).isEmpty();
        assertThat(m.boneCount()).isEqualTo(3);
        assertThat(m.profile()).isEqualTo("marvel_rivals");
        // read without the profile, the tag containers are taken for the skeleton: a clear format error
        AssetPackage again = AssetPackage.read(b.header(), b.exports(), "SK_Fixture.uasset", EngineVersion.UE5_8);
        assertThatThrownBy(() -> MeshInfo.read(again, null, MeshProfile.STANDARD)).isInstanceOf(FormatException.class)
                .hasMessageContaining("SK_Fixture");
    }

    @Test
    void packagesWithoutAMeshAreRefused() {
        AssetPackage ns = AssetPackage.open(ZenLegacyFixtures.convert("Tagged", "/Game/Fixtures/Effects/NS_Fixture", dir.resolve("ns")),
                EngineVersion.UE5_8);
        assertThatThrownBy(() -> MeshInfo.read(ns, null, MeshProfile.STANDARD)).isInstanceOf(MeshException.class)
                .hasMessageContaining("no SkeletalMesh or StaticMesh");
        assertThat(io.uassetd.codecs.game.GameProfile.of("Marvel Rivals").mesh()).isEqualTo(new MeshProfile("marvel_rivals", true));
        assertThat(io.uassetd.codecs.game.GameProfile.of(null).mesh()).isSameAs(MeshProfile.STANDARD);
        assertThat(io.uassetd.codecs.game.GameProfile.of("standard").mesh()).isSameAs(MeshProfile.STANDARD);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> io.uassetd.codecs.game.GameProfile.of("fortnite"))
                .hasMessageContaining("none, marvel_rivals");
    }
}
