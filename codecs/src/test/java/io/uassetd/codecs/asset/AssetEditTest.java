package io.uassetd.codecs.asset;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.testkit.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Edits move offsets: the written package is consistent and reads back with the edit. */
class AssetEditTest {

    @Test
    void addingANameShiftsEveryLaterOffset() throws IOException {
        String rel = "uassetapi/TestJson/Items.uasset";
        AssetPackage p = AssetFixtures.open(rel);
        PackageFileSummary before = p.summary();
        int importOffset = before.importOffset();
        int exportOffset = before.exportOffset();
        int header = before.totalHeaderSize();
        long bulk = before.bulkDataStartOffset();
        int nameOffset = before.nameOffset();
        byte[] data = p.export(0).rawData();

        p.names().add("UassetdTestName");
        AssetPackage.Bytes out = p.toBytes();
        int grow = 4 + "UassetdTestName".length() + 1 + 4;
        AssetPackage q = AssetPackage.read(out.header(), out.exports(), "edited.uasset", EngineVersion.UE4_23);
        PackageFileSummary s = q.summary();
        assertThat(q.names().size()).isEqualTo(10);
        assertThat(q.names().get(9)).isEqualTo("UassetdTestName");
        assertThat(q.names().entry(9).hashesMatch()).isTrue();
        assertThat(s.nameCount()).isEqualTo(10);
        assertThat(s.nameOffset()).isEqualTo(nameOffset);
        assertThat(s.importOffset()).isEqualTo(importOffset + grow);
        assertThat(s.exportOffset()).isEqualTo(exportOffset + grow);
        assertThat(s.totalHeaderSize()).isEqualTo(header + grow);
        assertThat(s.bulkDataStartOffset()).isEqualTo(bulk + grow);
        assertThat(s.generations().get(s.generations().size() - 1).nameCount()).isEqualTo(10);
        assertThat(q.export(0).entry().serialOffset()).isEqualTo(header + grow);
        assertThat(q.export(0).rawData()).isEqualTo(data);
        assertThat(out.exports()).isEqualTo(Files.readAllBytes(AssetPackage.sibling(Fixtures.path(rel), ".uexp")));
        assertThat(q.toBytes().header()).isEqualTo(out.header());
    }

    @Test
    void aFirstSoftPackageReferenceAndAnImportAreWrittenWhereTheEmptyTablesWere() {
        AssetPackage p = AssetFixtures.open("uassetapi/TestJson/Items.uasset");
        assertThat(p.softPackageReferences()).isEmpty();
        int engine = p.names().indexOf("/Script/Engine");
        p.softPackageReferences().add(new SoftPackageReference(new io.uassetd.codecs.asset.core.FName(engine, 0), null));
        ObjectImport copy = p.importAt(2);
        io.uassetd.codecs.asset.core.PackageIndex added = p.addImport(copy);
        assertThat(added.value()).isEqualTo(-4);
        AssetPackage.Bytes out = p.toBytes();
        AssetPackage q = AssetPackage.read(out.header(), out.exports(), "Items.uasset", EngineVersion.UE4_23);
        assertThat(q.softPackageReferences()).hasSize(1);
        assertThat(q.name(q.softPackageReferences().get(0).name())).isEqualTo("/Script/Engine");
        assertThat(q.imports()).hasSize(4);
        assertThat(q.objectPath(added)).isEqualTo("/Script/Engine.Default__StringTable");
        assertThat(q.export(0).rawData()).isEqualTo(p.export(0).rawData());
    }

    @Test
    void growingAnExportMovesTheOnesAfterIt() {
        AssetPackage p = AssetFixtures.open("uassetapi/TestUE5_6/BpThirdPerson/SM_Cube.uasset");
        byte[] first = p.export(0).rawData();
        byte[] grown = Arrays.copyOf(first, first.length + 10);
        p.export(0).setRawData(grown);
        long secondOffset = p.export(1).entry().serialOffset();
        long bulk = p.summary().bulkDataStartOffset();
        AssetPackage.Bytes out = p.toBytes();
        AssetPackage q = AssetPackage.read(out.header(), out.exports(), "SM_Cube.uasset", EngineVersion.UE5_6);
        assertThat(q.export(0).entry().serialSize()).isEqualTo(grown.length);
        assertThat(q.export(0).rawData()).isEqualTo(grown);
        assertThat(q.export(1).entry().serialOffset()).isEqualTo(secondOffset + 10);
        assertThat(q.summary().bulkDataStartOffset()).isEqualTo(bulk + 10);
        assertThat(q.export(0).rawBuffer().remaining()).isEqualTo(grown.length);
        assertThat(q.export(2).rawData()).isEqualTo(p.export(2).rawData());
        assertThat(q.trailingBytes()).containsExactly(0xC1, 0x83, 0x2A, 0x9E);
    }

    @Test
    void exportContentHookSerializesAndMayAddNames() {
        AssetPackage p = AssetFixtures.open("uassetapi/TestJson/Items.uasset");
        byte[] original = p.export(0).rawData();
        p.export(0).setContent((pkg, export) -> {
            pkg.names().add("AddedByContent");
            byte[] b = Arrays.copyOf(original, original.length + 4);
            return b;
        });
        AssetPackage.Bytes out = p.toBytes();
        AssetPackage q = AssetPackage.read(out.header(), out.exports(), "Items.uasset", EngineVersion.UE4_23);
        assertThat(q.names().indexOf("AddedByContent")).isEqualTo(9);
        assertThat(q.export(0).entry().serialSize()).isEqualTo(original.length + 4);
        assertThat(Arrays.copyOf(q.export(0).rawData(), original.length)).isEqualTo(original);
    }

    @Test
    void editorPackageWithThumbnailsKeepsThumbnailOffsetsValid() {
        AssetPackage p = AssetFixtures.open("uassetapi/TestEditorAssets/TestMaterial.uasset");
        assertThat(p.thumbnails()).isNotEmpty();
        int oldOffset = p.thumbnails().get(0).fileOffset();
        byte[] thumbnail = p.rawSpanAt(oldOffset);
        p.names().add("X");
        AssetPackage.Bytes out = p.toBytes();
        AssetPackage q = AssetPackage.read(out.header(), null, "TestMaterial.uasset", null);
        int newOffset = q.thumbnails().get(0).fileOffset();
        assertThat(newOffset).isGreaterThan(oldOffset);
        assertThat(Arrays.copyOfRange(out.header(), newOffset, newOffset + 8))
                .isEqualTo(Arrays.copyOfRange(AssetFixtures.open("uassetapi/TestEditorAssets/TestMaterial.uasset").toBytes().header(),
                        oldOffset, oldOffset + 8));
        for (int i = 0; i < q.exports().size(); i++) {
            assertThat(q.export(i).rawData()).isEqualTo(p.export(i).rawData());
        }
        // the thumbnail's image moved with the header and is the same bytes at its new offset
        assertThat(thumbnail.length).as("thumbnail image bytes").isGreaterThan(8);
        assertThat(q.rawSpanAt(newOffset)).isEqualTo(thumbnail);
        assertThat(Arrays.copyOfRange(out.header(), newOffset, newOffset + thumbnail.length)).isEqualTo(thumbnail);
    }

    @Test
    void writesBothFilesAndCopiesTheBulkCompanion(@TempDir Path dir) throws IOException {
        String rel = "uassetapi/TestUE5_5/BlankGame/SM_Cube.uasset";
        Path src = Fixtures.path(rel);
        AssetPackage p = AssetFixtures.open(rel);
        Path target = dir.resolve("out/SM_Cube.uasset");
        p.write(target);
        assertThat(Files.readAllBytes(target)).isEqualTo(Files.readAllBytes(src));
        assertThat(Files.readAllBytes(dir.resolve("out/SM_Cube.uexp"))).isEqualTo(Files.readAllBytes(AssetPackage.sibling(src, ".uexp")));
        assertThat(Files.readAllBytes(dir.resolve("out/SM_Cube.ubulk"))).isEqualTo(Files.readAllBytes(AssetPackage.sibling(src, ".ubulk")));
        try (var files = Files.list(dir.resolve("out"))) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactlyInAnyOrder("SM_Cube.uasset", "SM_Cube.uexp",
                    "SM_Cube.ubulk");
        }
    }
}
