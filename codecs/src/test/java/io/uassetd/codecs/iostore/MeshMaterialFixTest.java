package io.uassetd.codecs.iostore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.ObjectExport;
import io.uassetd.codecs.asset.SerialLayout;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.mesh.MeshInfo;
import io.uassetd.codecs.asset.mesh.MeshProfile;
import io.uassetd.codecs.asset.mesh.SkeletalMaterial;
import io.uassetd.codecs.asset.mesh.SkeletalMeshData;
import io.uassetd.codecs.asset.property.content.PropertyExportContent;
import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.game.GameProfile;
import io.uassetd.codecs.bundle.MeshMaterialFix;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.testkit.ZenLegacyFixtures;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Marvel Rivals mesh material fix on SK_Fixture (converted from the CUE4Parse UE5.8 Tagged
 * container): an empty FGameplayTagContainer after each skeletal material, everything else the same.
 * Where the tag containers go is found in the original bytes independently of the fix (the
 * serialized material array), and the fixed package is checked by reading it again.
 */
class MeshMaterialFixTest {
    static final EngineVersion UE = EngineVersion.UE5_8;

    @TempDir
    static Path dir;
    static byte[] header;
    static byte[] uexp;

    @BeforeAll
    static void convert() throws Exception {
        Path uasset = ZenLegacyFixtures.convert("Tagged", "/Game/Fixtures/Meshes/SK_Fixture", dir.resolve("sk"));
        header = Files.readAllBytes(uasset);
        uexp = Files.readAllBytes(AssetPackage.sibling(uasset, ".uexp"));
    }

    static AssetPackage read(byte[] h, byte[] x) {
        return AssetPackage.read(h, x, "SK_Fixture.uasset", UE);
    }

    static MeshMaterialFix.Result fix(byte[] h, byte[] x, List<String> notes) {
        return MeshMaterialFix.apply(GameProfile.MARVEL_RIVALS, true, h, x, "SK_Fixture.uasset", UE, "Game/SK_Fixture.uasset", notes);
    }

    static Export skeletalMesh(AssetPackage p) {
        return p.exports().stream().filter(e -> "SkeletalMesh".equals(p.className(e))).findFirst().orElseThrow();
    }

    @Test
    void skFixtureGetsAnEmptyTagContainerAfterEachMaterialAndNothingElseChanges() {
        List<String> notes = new ArrayList<>();
        MeshMaterialFix.Result r = fix(header, uexp, notes);
        assertThat(notes).isEmpty();
        assertThat(r.meshes()).containsExactly(MeshMaterialFix.Status.FIXED);
        AssetPackage.Bytes b = r.pkg().toBytes();

        // the same materials and bones, read with the Rivals profile, as the original with the standard one
        MeshInfo before = MeshInfo.read(read(header, uexp), null, MeshProfile.STANDARD);
        AssetPackage fixed = read(b.header(), b.exports());
        MeshInfo after = MeshInfo.read(fixed, null, GameProfile.MARVEL_RIVALS.mesh());
        assertThat(after.slotNames()).containsExactly("Primary", "Secondary").isEqualTo(before.slotNames());
        assertThat(after.materials()).extracting(MeshInfo.MaterialSlot::materialIndex)
                .isEqualTo(before.materials().stream().map(MeshInfo.MaterialSlot::materialIndex).toList());
        assertThat(after.materials()).allSatisfy(m -> assertThat(m.gameplayTags()).isEmpty());
        assertThat(after.boneCount()).isEqualTo(3).isEqualTo(before.boneCount());
        assertThat(after.lodCount()).isEqualTo(before.lodCount());
        // the engine's layout no longer reads it
        AssetPackage again = read(b.header(), b.exports());
        assertThatThrownBy(() -> MeshInfo.read(again, null, MeshProfile.STANDARD)).isInstanceOf(FormatException.class);

        // every export parses, and the export map's sizes and offsets are where the data lies
        AssetPackage all = read(b.header(), b.exports());
        for (Export e : all.exports()) {
            PropertyParser.contentOf(all, e, null);
        }
        assertThat(SerialLayout.repair(b.header(), b.exports(), "SK_Fixture.uasset", UE, null).fixes()).isEmpty();

        // .uexp: the original with 4 zero bytes after each serialized material, found in the original bytes
        AssetPackage orig = read(header, uexp);
        Export mesh = skeletalMesh(orig);
        PropertyExportContent c = PropertyParser.contentOf(orig, mesh, null);
        SkeletalMeshData d = SkeletalMeshData.read(orig, afterProperties(orig, mesh, c), MeshProfile.STANDARD);
        int n = d.materials().size();
        assertThat(n).isEqualTo(2);
        ByteArrayOutputStream array = new ByteArrayOutputStream();
        array.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(n).array());
        List<Integer> ends = new ArrayList<>();
        for (SkeletalMaterial m : d.materials()) {
            PackageWriter w = orig.newWriter();
            m.write(w);
            array.writeBytes(w.toByteArray());
            ends.add(array.size());
        }
        byte[] extras = c.extras();
        int at = indexOf(extras, array.toByteArray(), 0);
        assertThat(at).as("material array in the mesh data").isNotNegative();
        assertThat(indexOf(extras, array.toByteArray(), at + 1)).as("found once").isNegative();
        long extrasStart = mesh.entry().serialOffset() - orig.summary().totalHeaderSize() + c.scriptPropertiesSize();
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        int from = 0;
        for (int end : ends) {
            int cut = Math.toIntExact(extrasStart + at + end);
            expected.write(uexp, from, cut - from);
            expected.writeBytes(new byte[4]);
            from = cut;
        }
        expected.write(uexp, from, uexp.length - from);
        assertThat(b.exports()).isEqualTo(expected.toByteArray());

        // header: the same size; only the mesh's size, the later exports' offsets and BulkDataStartOffset moved, by 4 per material
        assertThat(b.header()).hasSameSizeAs(header);
        int grow = 4 * n;
        for (int i = 0; i < orig.exports().size(); i++) {
            ObjectExport was = orig.exports().get(i).entry();
            ObjectExport now = fixed.exports().get(i).entry();
            assertThat(now.serialSize()).as("size of export " + i).isEqualTo(was.serialSize() + (i == mesh.index() ? grow : 0));
            assertThat(now.serialOffset()).as("offset of export " + i)
                    .isEqualTo(was.serialOffset() + (was.serialOffset() > mesh.entry().serialOffset() ? grow : 0));
            assertThat(now.objectName()).isEqualTo(was.objectName());
        }
        assertThat(orig.summary().bulkDataStartOffset()).isPositive();
        assertThat(fixed.summary().bulkDataStartOffset()).isEqualTo(orig.summary().bulkDataStartOffset() + grow);
        assertThat(fixed.summary().totalHeaderSize()).isEqualTo(orig.summary().totalHeaderSize());
    }

    @Test
    void aSecondFixIsANoOp() {
        AssetPackage.Bytes once = fix(header, uexp, new ArrayList<>()).pkg().toBytes();
        List<String> notes = new ArrayList<>();
        MeshMaterialFix.Result twice = fix(once.header(), once.exports(), notes);
        assertThat(twice.meshes()).containsExactly(MeshMaterialFix.Status.ALREADY);
        assertThat(twice.changed()).isFalse();
        assertThat(notes).isEmpty();
        AssetPackage.Bytes b = twice.pkg().toBytes();
        assertThat(b.header()).isEqualTo(once.header());
        assertThat(b.exports()).isEqualTo(once.exports());
    }

    @Test
    void turnedOffOrTheStockEngineLeavesThePackageAlone() {
        for (MeshMaterialFix.Result r : List.of(
                MeshMaterialFix.apply(GameProfile.MARVEL_RIVALS, false, header, uexp, "SK_Fixture.uasset", UE, "SK", new ArrayList<>()),
                MeshMaterialFix.apply(GameProfile.NONE, true, header, uexp, "SK_Fixture.uasset", UE, "SK", new ArrayList<>()))) {
            assertThat(r.meshes()).isEmpty();
            AssetPackage.Bytes b = r.pkg().toBytes();
            assertThat(b.header()).isEqualTo(header);
            assertThat(b.exports()).isEqualTo(uexp);
        }
    }

    @Test
    void aStaticMeshIsLeftAsItIs() throws Exception {
        Path sm = ZenLegacyFixtures.convert("Tagged", "/Game/Fixtures/Meshes/SM_Fixture", dir.resolve("sm"));
        byte[] h = Files.readAllBytes(sm);
        byte[] x = Files.readAllBytes(AssetPackage.sibling(sm, ".uexp"));
        List<String> notes = new ArrayList<>();
        MeshMaterialFix.Result r = MeshMaterialFix.apply(GameProfile.MARVEL_RIVALS, true, h, x, "SM_Fixture.uasset", UE, "SM", notes);
        assertThat(r.meshes()).isEmpty();
        assertThat(notes).isEmpty();
        AssetPackage.Bytes b = r.pkg().toBytes();
        assertThat(b.header()).isEqualTo(h);
        assertThat(b.exports()).isEqualTo(x);
    }

    @Test
    void aMeshThatReadsNeitherWayIsLeftUnchangedWithANote() {
        // the material count made absurd: neither layout reads the materials
        AssetPackage orig = read(header, uexp);
        Export mesh = skeletalMesh(orig);
        PropertyExportContent c = PropertyParser.contentOf(orig, mesh, null);
        SkeletalMeshData d = SkeletalMeshData.read(orig, afterProperties(orig, mesh, c), MeshProfile.STANDARD);
        PackageWriter w = orig.newWriter();
        d.materials().get(0).write(w);
        byte[] first = w.toByteArray();
        int at = indexOf(c.extras(), first, 0) - 4;
        long countAt = mesh.entry().serialOffset() - orig.summary().totalHeaderSize() + c.scriptPropertiesSize() + at;
        byte[] bad = uexp.clone();
        ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN).putInt(Math.toIntExact(countAt), 0x7000);
        List<String> notes = new ArrayList<>();
        MeshMaterialFix.Result r = fix(header, bad, notes);
        assertThat(r.meshes()).containsExactly(MeshMaterialFix.Status.SKIPPED);
        assertThat(notes).singleElement().asString().contains("Game/SK_Fixture.uasset", "SK_Fixture", "keeps its material layout",
                "neither");
        AssetPackage.Bytes b = r.pkg().toBytes();
        assertThat(b.header()).isEqualTo(header);
        assertThat(b.exports()).isEqualTo(bad);
    }

    @Test
    void unversionedPropertiesNeedTheMappings() throws Exception {
        Path uasset = ZenLegacyFixtures.convert("Unversioned", "/Game/Fixtures/Meshes/SK_Fixture", dir.resolve("unversioned"));
        byte[] h = Files.readAllBytes(uasset);
        byte[] x = Files.readAllBytes(AssetPackage.sibling(uasset, ".uexp"));
        List<String> notes = new ArrayList<>();
        MeshMaterialFix.Result r = MeshMaterialFix.apply(GameProfile.MARVEL_RIVALS, true, h, x, "SK_Fixture.uasset", UE, "SK", notes);
        assertThat(r.meshes()).containsExactly(MeshMaterialFix.Status.SKIPPED);
        assertThat(notes).singleElement().asString().contains("SK: SkeletalMesh", "keeps its material layout", "usmap_path");
        AssetPackage.Bytes b = r.pkg().toBytes();
        assertThat(b.header()).isEqualTo(h);
        assertThat(b.exports()).isEqualTo(x);

        // with the mappings the properties read, but this UE5.8 unversioned mesh records no custom versions: its null
        // overlay materials read as empty tag containers, so both layouts read it; it is left unchanged and reported
        Usmap u = Usmap.load(ZenLegacyFixtures.usmap(), Codecs.standard());
        notes.clear();
        MeshMaterialFix.Result withMappings = MeshMaterialFix.apply(GameProfile.MARVEL_RIVALS, true, h, x, "SK_Fixture.uasset", UE, u,
                "SK", notes);
        assertThat(withMappings.meshes()).containsExactly(MeshMaterialFix.Status.SKIPPED);
        assertThat(notes).singleElement().asString().contains("SK: SkeletalMesh 'SK_Fixture'", "cannot be told", "overlay material");
        AssetPackage.Bytes f = withMappings.pkg().toBytes();
        assertThat(f.header()).isEqualTo(h);
        assertThat(f.exports()).isEqualTo(x);
        MeshInfo before = MeshInfo.read(AssetPackage.read(h, x, "SK_Fixture.uasset", UE), u, MeshProfile.STANDARD);
        assertThat(before.slotNames()).containsExactly("Primary", "Secondary");
    }

    static io.uassetd.codecs.asset.archive.PackageReader afterProperties(AssetPackage pkg, Export e, PropertyExportContent c) {
        var r = pkg.exportReader(e);
        r.seek(r.position() + c.scriptPropertiesSize());
        return r;
    }

    static int indexOf(byte[] hay, byte[] needle, int from) {
        for (int i = from; i + needle.length <= hay.length; i++) {
            if (Arrays.equals(hay, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        return -1;
    }
}
