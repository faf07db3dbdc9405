package io.uassetd.codecs.asset;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.asset.version.LegacyFileVersion;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** What the model exposes for a selection of fixtures: counts, classes, names, versions, references. */
class AssetModelTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "uassetapi/TestManyAssets/Bloodstained/PB_DT_RandomizerRoomCheck.uasset | 1 | 4 | 452 | DataTable",
        "uassetapi/TestJson/Items.uasset | 1 | 3 | 9 | StringTable",
        "uassetapi/TestManyAssets/CodeVein/SK_Inner_Female1.uasset | 2 | 14 | 213 | ClothingAsset,SkeletalMesh",
        "uassetapi/TestEditorAssets/TestMaterial.uasset | 4 | 7 | 34 | Material,MaterialExpressionConstant3Vector,MetaData,SceneThumbnailInfoWithPrimitive",
        "uassetapi/TestUE5_5/BlankGame/T_Test.uasset | 1 | 3 | 10 | Texture2D",
        "uassetapi/TestUE5_6/BpThirdPerson/SM_Cube.uasset | 3 | 10 | 20 | BodySetup,NavCollision,StaticMesh",
        "uassetapi/TestImproperNameMapHashes/OC_Gatling_DamageB_B.uasset | 1 | 10 | 44 | OverclockUpgrade",
    })
    void countsAndExportClasses(String relative, int exports, int imports, int names, String classes) {
        AssetPackage p = AssetFixtures.open(relative);
        assertThat(p.exports()).hasSize(exports);
        assertThat(p.imports()).hasSize(imports);
        assertThat(p.names().size()).isEqualTo(names);
        assertThat(p.exportInfos()).extracting(AssetPackage.ExportInfo::className).containsExactly(classes.split(","));
    }

    static Stream<String> packages() {
        return AssetFixtures.legacyPackages();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("packages")
    void storedNameHashesAreZeroOrUnrealsExceptInTheImproperFixtures(String relative) {
        AssetPackage p = AssetFixtures.open(relative);
        if (!p.version().atLeast(io.uassetd.codecs.asset.version.ObjectVersion.NAME_HASHES_SERIALIZED)) {
            return;
        }
        // cooked UE5 packages store zero hashes; any stored non-zero hash must be Unreal's
        long bad = p.names().entries().stream()
                .filter(e -> !e.hashesMatch() && (e.nonCasePreservingHash() | e.casePreservingHash()) != 0).count();
        if (relative.contains("TestImproperNameMapHashes") || relative.contains("TestDuplicateNameMapEntries")) {
            // some entries carry hashes that are not the string's: kept as stored (the round trip proves it)
            assertThat(p.names().entries().stream().filter(e -> !e.hashesMatch()).count()).isPositive();
        } else {
            assertThat(bad).as("names with other hashes").isZero();
        }
    }

    @Test
    void zenPackagesAreNotLegacyPackages() throws java.io.IOException {
        byte[] zen = java.nio.file.Files.readAllBytes(io.uassetd.testkit.Fixtures.path("retoc/UE4.27/T_Emissive.uasset"));
        assertThat(AssetPackage.isLegacyPackage(zen)).isFalse();
        byte[] legacy = java.nio.file.Files.readAllBytes(io.uassetd.testkit.Fixtures.path("retoc/UE4.27/TestModUI.uasset"));
        assertThat(AssetPackage.isLegacyPackage(legacy)).isTrue();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> AssetPackage.read(zen, null, "T_Emissive.uasset", EngineVersion.UE4_27))
                .isInstanceOf(io.uassetd.codecs.error.CorruptDataException.class)
                .hasMessageContaining("Bad package tag");
    }

    @Test
    void duplicateNameEntriesAreKept() {
        AssetPackage p = AssetFixtures.open("uassetapi/TestDuplicateNameMapEntries/BIOME_AzureWeald.uasset");
        long distinct = p.names().entries().stream().map(NameEntry::text).distinct().count();
        assertThat(p.names().size() - distinct).isEqualTo(2);
    }

    @Test
    void summaryFieldsOfACookedUE4Package() {
        AssetPackage p = AssetFixtures.open("uassetapi/TestJson/Items.uasset");
        PackageFileSummary s = p.summary();
        assertThat(s.legacyFileVersion()).isEqualTo(LegacyFileVersion.REMOVED_TEXTURE_ALLOCATIONS);
        assertThat(s.isUnversioned()).isTrue();
        assertThat(p.version()).isEqualTo(EngineVersion.UE4_23.packageVersion());
        assertThat(p.packageFlags()).isEqualTo(0x80000000);
        assertThat(p.hasUnversionedProperties()).isFalse();
        assertThat(p.usesEventDrivenLoader()).isTrue();
        assertThat(p.packageGuid().toString()).isEqualTo("CF29104D4D943BBED67C73A4A8CFB997");
        assertThat(s.totalHeaderSize()).isEqualTo(595);
        assertThat(p.isSplit()).isTrue();
        assertThat(p.export(0).entry().serialOffset()).isEqualTo(595);
        assertThat(p.trailingBytes()).containsExactly(0xC1, 0x83, 0x2A, 0x9E);
        AssetPackage.PreloadDependencies deps = p.preloadDependenciesOf(p.export(0));
        int total = deps.serializationBeforeSerialization().size() + deps.createBeforeSerialization().size()
                + deps.serializationBeforeCreate().size() + deps.createBeforeCreate().size();
        assertThat(total).isEqualTo(p.export(0).entry().dependencyCount()).isEqualTo(p.preloadDependencies().size());
        assertThat(p.preloadDependencies()).allSatisfy(i -> assertThat(p.objectName(i)).isNotNull());
    }

    @Test
    void exportReaderSpeaksInTheUexpOffsets() {
        AssetPackage p = AssetFixtures.open("uassetapi/TestManyAssets/Bloodstained/PB_DT_RandomizerRoomCheck.uasset");
        io.uassetd.codecs.asset.archive.PackageReader r = p.exportReader(p.export(0));
        assertThat(r.file()).isEqualTo("PB_DT_RandomizerRoomCheck.uasset");
        assertThat(r.position()).isEqualTo(9228);
        assertThat(r.version()).isEqualTo(p.version());
        FName first = r.readFName();
        assertThat(p.name(first)).isNotBlank();
        AssetPackage items = AssetFixtures.open("uassetapi/TestJson/Items.uasset");
        io.uassetd.codecs.asset.archive.PackageReader x = items.exportReader(items.export(0));
        assertThat(x.file()).isEqualTo("Items.uexp");
        assertThat(x.position()).isZero();
        x.seek(x.length());
        org.assertj.core.api.Assertions.assertThatThrownBy(x::readI32)
                .isInstanceOf(io.uassetd.codecs.error.TruncatedDataException.class)
                .hasMessageContaining("Items.uexp, offset " + io.uassetd.codecs.error.FormatException.hex(24443))
                .hasMessageContaining("Export[0] Items");
    }

    @Test
    void ue5TablesArePresent() {
        AssetPackage t = AssetFixtures.open("uassetapi/TestUE5_5/BlankGame/T_Test.uasset");
        assertThat(t.dataResources()).isNotNull();
        assertThat(t.summary().dataResourceOffset()).isPositive();
        AssetPackage bp = AssetFixtures.open("uassetapi/TestEditorUE5_7/Blueprints/BP_FirstPersonCharacter.uasset");
        assertThat(bp.softObjectPaths()).isNotEmpty();
        assertThat(bp.softObjectPaths()).anySatisfy(e -> assertThat(e.utf8SubPath()).isTrue());
        assertThat(bp.searchableNames()).isNotNull();
    }

    @Test
    void editorUE57PackageWithSavedHash() {
        AssetPackage p = AssetFixtures.open("uassetapi/TestEditorUE5_7/Blueprints/BP_FirstPersonCharacter.uasset");
        PackageFileSummary s = p.summary();
        assertThat(s.legacyFileVersion()).isEqualTo(LegacyFileVersion.VERSIONED_SUMMARY_LAYOUT);
        assertThat(s.isUnversioned()).isFalse();
        assertThat(s.fileVersionUE5()).isEqualTo(1018);
        assertThat(s.savedHash()).hasSize(20);
        assertThat(s.guid()).isNull();
        assertThat(s.persistentGuid()).isNotNull();
        assertThat(s.customVersions().versions()).isNotEmpty();
        assertThat(p.isSplit()).isFalse();
        assertThat(p.exports()).hasSize(69);
        AssetPackage.ExportInfo bpgc = p.exportInfos().get(2);
        assertThat(bpgc.objectName()).isEqualTo("BP_FirstPersonCharacter_C");
        assertThat(bpgc.className()).isEqualTo("BlueprintGeneratedClass");
        assertThat(bpgc.superIndex()).isEqualTo(-23);
        assertThat(s.payloadTocOffset()).isPositive();
        assertThat(p.imports()).allSatisfy(i -> assertThat(i.packageName()).isNotNull());
        byte[] trailer = p.payloadToc();
        assertThat(trailer).isNotEmpty();
        // FPackageTrailer: header tag 0xD1C43B2E80A5F697, footer ends with the package tag
        assertThat(java.nio.ByteBuffer.wrap(trailer).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong(0))
                .isEqualTo(0xD1C43B2E80A5F697L);
        assertThat(java.util.Arrays.copyOfRange(trailer, trailer.length - 4, trailer.length))
                .containsExactly(0xC1, 0x83, 0x2A, 0x9E);
        assertThat(p.assetRegistryData()).isNotEmpty();
    }

    @Test
    void importsResolveToNamesAndPaths() {
        AssetPackage p = AssetFixtures.open("uassetapi/TestJson/Items.uasset");
        List<AssetPackage.ImportInfo> imports = p.importInfos();
        assertThat(imports.get(2)).isEqualTo(new AssetPackage.ImportInfo(2, "Default__StringTable", "StringTable",
                "/Script/Engine", -2, false));
        assertThat(p.objectPath(PackageIndex.ofImport(2))).isEqualTo("/Script/Engine.Default__StringTable");
        assertThat(p.objectName(PackageIndex.ofExport(0))).isEqualTo("Items");
        assertThat(p.objectName(PackageIndex.NULL)).isNull();
        assertThat(p.className(p.export(0))).isEqualTo("StringTable");
    }

    @Test
    void fnameNumbersRenderAsUnrealDoes() {
        AssetPackage p = AssetFixtures.open("uassetapi/TestJson/Items.uasset");
        int items = p.names().indexOf("Items");
        assertThat(p.name(new FName(items, 0))).isEqualTo("Items");
        assertThat(p.name(new FName(items, 1))).isEqualTo("Items_0");
        assertThat(p.name(new FName(items, 13))).isEqualTo("Items_12");
        assertThat(p.names().toFName("Items_12")).isEqualTo(new FName(items, 13));
        assertThat(p.names().toFName("Items")).isEqualTo(new FName(items, 0));
        int before = p.names().size();
        FName fresh = p.names().toFName("Brand_New_Name");
        assertThat(fresh).isEqualTo(new FName(before, 0));
        assertThat(p.names().size()).isEqualTo(before + 1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("packages")
    void versionedPackagesCarryTheirEnginesFileVersions(String relative) {
        AssetPackage p = AssetFixtures.open(relative);
        PackageFileSummary s = p.summary();
        if (s.isUnversioned()) {
            assertThat(p.version()).isEqualTo(AssetFixtures.engineFor(relative).packageVersion());
            return;
        }
        EngineVersion engine = AssetFixtures.engineFor(relative);
        assertThat(s.fileVersionUE4()).as("UE4 version of a %s package", engine).isEqualTo(engine.fileVersionUE4());
        // a versioned package may come from an earlier UE5 minor (e.g. a 5.4-saved texture in a 5.5 project)
        assertThat(s.fileVersionUE5()).isLessThanOrEqualTo(engine.fileVersionUE5());
        assertThat(EngineVersion.guess(p.version()).isUE5()).isEqualTo(engine.isUE5());
    }

    @Test
    void engineVersionsParseFromRequestNames() {
        assertThat(EngineVersion.parse("UE5_3")).isEqualTo(EngineVersion.UE5_3);
        assertThat(EngineVersion.parse("4.27")).isEqualTo(EngineVersion.UE4_27);
        assertThat(EngineVersion.parse("VER_UE4_18")).isEqualTo(EngineVersion.UE4_18);
        assertThat(EngineVersion.UE5_4.packageVersion().fileVersionUE5()).isEqualTo(1012);
        assertThat(EngineVersion.guess(new io.uassetd.codecs.asset.version.PackageVersion(522, 1018, 0)))
                .isEqualTo(EngineVersion.UE5_8);
    }
}
