package io.uassetd.codecs.asset;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.io.FString;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.version.EngineVersion;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The builder's layout is the cooker's: every cooked fixture rebuilt from its parsed parts (no
 * offsets copied) comes out byte-identical.
 */
class AssetBuilderTest {

    /**
     * The fixtures whose layout the builder reproduces: cooked (editor-only data filtered) with no
     * thumbnails, searchable names, gatherable text or world tile info, which the builder does not write.
     */
    static Stream<String> packages() {
        return AssetFixtures.legacyPackages().filter(r -> plainCooked(AssetFixtures.open(r)));
    }

    static boolean plainCooked(AssetPackage p) {
        PackageFileSummary s = p.summary();
        return s.filterEditorOnly() && p.thumbnails() == null && p.searchableNames() == null
                && s.gatherableTextDataCount() == 0 && s.worldTileInfoDataOffset() == 0;
    }

    /**
     * The fixtures left out of the rebuild above, by name, so none is skipped silently: the eight
     * editor (uncooked) packages, whose thumbnails and editor-only data the builder does not lay out.
     */
    @Test
    void theFixturesLeftOutAreExactlyTheEditorPackages() {
        List<String> leftOut = AssetFixtures.legacyPackages().filter(r -> !plainCooked(AssetFixtures.open(r))).toList();
        assertThat(leftOut).containsExactlyInAnyOrder(LEFT_OUT);
    }

    private static final String[] LEFT_OUT = {
        "uassetapi/TestEditorAssets/TestActorBP.uasset",
        "uassetapi/TestEditorAssets/TestMaterial.uasset",
        "uassetapi/TestEditorAssets/TestSoundClass.uasset",
        "uassetapi/TestEditorUE5_7/Blueprints/BP_FP_CameraManager.uasset",
        "uassetapi/TestEditorUE5_7/Blueprints/BP_FirstPersonCameraManager.uasset",
        "uassetapi/TestEditorUE5_7/Blueprints/BP_FirstPersonCharacter.uasset",
        "uassetapi/TestEditorUE5_7/Blueprints/BP_FirstPersonGameMode.uasset",
        "uassetapi/TestEditorUE5_7/Blueprints/BP_FirstPersonPlayerController.uasset",
    };

    static AssetPackage rebuild(AssetPackage p) {
        return io.uassetd.testkit.PackageCopies.builderOf(p).build(p.name());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("packages")
    void rebuildingACookedPackageFromItsPartsReproducesIt(String relative) {
        AssetPackage p = AssetFixtures.open(relative);
        AssetPackage.Bytes original = p.toBytes();
        AssetPackage.Bytes rebuilt = rebuild(p).toBytes();
        assertThat(firstDifference(rebuilt.header(), original.header())).as("first differing header byte").isEqualTo(-1);
        assertThat(firstDifference(rebuilt.exports(), original.exports())).as("first differing .uexp byte").isEqualTo(-1);
    }

    /**
     * The bytes the builder makes while it lays a package out ({@code buildWithBytes}, what Zen -> legacy
     * extraction writes) are those of the package serialized, with whatever header tail the package keeps.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("packages")
    void bytesMadeDuringLayoutAreTheSerializedPackage(String relative) {
        AssetPackage p = AssetFixtures.open(relative);
        PackageBuilder.Built built = io.uassetd.testkit.PackageCopies.builderOf(p).buildWithBytes(p.name());
        AssetPackage.Bytes serialized = built.asset().toBytes();
        assertThat(firstDifference(built.bytes().header(), serialized.header())).as("first differing header byte").isEqualTo(-1);
        assertThat(firstDifference(built.bytes().exports(), serialized.exports())).as("first differing .uexp byte").isEqualTo(-1);
    }

    /** A header tail of kept (non-zero) bytes is in the bytes made during layout as in the serialized package. */
    @Test
    void bytesMadeDuringLayoutKeepANonZeroHeaderTail() {
        AssetPackage p = AssetFixtures.open(packages().findFirst().orElseThrow());
        byte[] tail = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
        PackageBuilder.Built built = io.uassetd.testkit.PackageCopies.builderOf(p).headerTail(tail).buildWithBytes(p.name());
        AssetPackage.Bytes serialized = built.asset().toBytes();
        assertThat(firstDifference(built.bytes().header(), serialized.header())).as("first differing header byte").isEqualTo(-1);
    }

    private static int firstDifference(byte[] a, byte[] b) {
        int n = Math.min(a.length, b.length);
        for (int i = 0; i < n; i++) {
            if (a[i] != b[i]) {
                return i;
            }
        }
        return a.length == b.length ? -1 : n;
    }

    @Test
    void aNewPackageFromScratchReadsBack() {
        PackageBuilder b = PackageBuilder.cooked(EngineVersion.UE5_3, true);
        int coreUObject = b.addName(NameEntry.of("/Script/CoreUObject"));
        int engine = b.addName(NameEntry.of("/Script/Engine"));
        int cls = b.addName(NameEntry.of("Class"));
        int pkg = b.addName(NameEntry.of("Package"));
        int dataAsset = b.addName(NameEntry.of("DataAsset"));
        int mine = b.addName(NameEntry.of("DA_Mine"));
        b.addName(NameEntry.of("None"));
        PackageIndex enginePkg = b.addImport(new ObjectImport(new FName(coreUObject, 0), new FName(pkg, 0), PackageIndex.NULL,
                new FName(engine, 0), null, false));
        PackageIndex dataAssetClass = b.addImport(new ObjectImport(new FName(coreUObject, 0), new FName(cls, 0), enginePkg,
                new FName(dataAsset, 0), null, false));
        ObjectExport entry = new ObjectExport(dataAssetClass, PackageIndex.NULL, PackageIndex.NULL, PackageIndex.NULL,
                new FName(mine, 0), 0x1, 0, 0, false, false, false, null, false, 0, false, true, false, -1, 0, 0, 0, 0, 0, 0);
        b.addExport(entry, new byte[] {0, 0, 0, 0, 1, 2, 3, 4}, List.of());
        AssetPackage p = b.build("DA_Mine.uasset");
        AssetPackage.Bytes out = p.toBytes();
        AssetPackage q = AssetPackage.read(out.header(), out.exports(), "DA_Mine.uasset", EngineVersion.UE5_3);
        assertThat(q.summary().isUnversioned()).isTrue();
        assertThat(q.exportInfos()).hasSize(1);
        assertThat(q.exportInfos().get(0).className()).isEqualTo("DataAsset");
        assertThat(q.exportInfos().get(0).serialOffset()).isEqualTo(q.summary().totalHeaderSize());
        assertThat(q.objectPath(PackageIndex.ofImport(1))).isEqualTo("/Script/Engine.DataAsset");
        assertThat(q.export(0).rawData()).containsExactly(0, 0, 0, 0, 1, 2, 3, 4);
        assertThat(q.summary().packageName()).isEqualTo(new FString("None", false));
        assertThat(q.toBytes().header()).isEqualTo(out.header());
    }
}
