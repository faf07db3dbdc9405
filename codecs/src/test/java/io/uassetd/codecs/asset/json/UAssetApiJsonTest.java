package io.uassetd.codecs.asset.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.property.PropertyFixtures;
import io.uassetd.codecs.asset.version.ObjectVersion;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import io.uassetd.testkit.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * UAssetAPI's own JSON (no {@code Uassetd} block, no uassetd-only fields, versions and flags as
 * UAssetAPI's enum names, native structs in UAssetAPI's nested shape, blueprint classes and functions
 * as UAssetAPI's ClassExport/FunctionExport, see {@link UAssetApiStructs}) is read back: every tagged
 * legacy fixture's JSON, turned into such a document, gives a package that re-reads cleanly with the
 * same properties; where UAssetAPI's fields describe the header completely, the bytes are identical.
 */
class UAssetApiJsonTest {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    /** Tagged fixtures whose UAssetAPI-shaped document gives back the fixture byte for byte. */
    private static final List<String> TAGGED_IDENTICAL = List.of(
            "uassetapi/TestCustomSerializationStructsInMap/wtf.uasset",
            "uassetapi/TestJson/ABP_SMG_A.uasset",
            "uassetapi/TestJson/Items.uasset",
            "uassetapi/TestJson/Map_FrontEnd_Hotel_LS_Night.umap",
            "uassetapi/TestJson/RaceSimDataAsset.uasset",
            "uassetapi/TestJson/TurboAcres_Environment.uasset",
            "uassetapi/TestJson/WPN_LockOnRifle.uasset",
            "uassetapi/TestManyAssets/Astroneer/Augment_BroadBrush.uasset",
            "uassetapi/TestManyAssets/Bloodstained/PB_DT_RandomizerRoomCheck.uasset",
            "uassetapi/TestManyAssets/CodeVein/SK_Inner_Female1.uasset",
            "uassetapi/TestUnknownProperties/BP_DetPack_Charge.uasset",
            "unrealmodding/general/npc_onop/NPC_Onop_IO_Bech.uasset",
            "unrealmodding/general/pseudoregalia/BP_looseWeapon.uasset",
            "unrealmodding/general/pseudoregalia/UI_HUD.uasset",
            "unrealmodding/user_defined_struct/achievements_STRUCT_entry.uasset");
    /** Tagged fixtures equal in content whose .uasset header differs: editor packages (summary fields and tables beyond UAssetAPI's), duplicate name entries, stored name hashes that differ from the computed ones. */
    private static final List<String> TAGGED_DIFFERENT = List.of(
            "uassetapi/TestDuplicateNameMapEntries/BIOME_AzureWeald.uasset",
            "uassetapi/TestEditorAssets/TestActorBP.uasset",
            "uassetapi/TestEditorAssets/TestMaterial.uasset",
            "uassetapi/TestEditorAssets/TestSoundClass.uasset",
            "uassetapi/TestEditorUE5_7/Blueprints/BP_FP_CameraManager.uasset",
            "uassetapi/TestEditorUE5_7/Blueprints/BP_FirstPersonCameraManager.uasset",
            "uassetapi/TestEditorUE5_7/Blueprints/BP_FirstPersonCharacter.uasset",
            "uassetapi/TestEditorUE5_7/Blueprints/BP_FirstPersonGameMode.uasset",
            "uassetapi/TestEditorUE5_7/Blueprints/BP_FirstPersonPlayerController.uasset",
            "uassetapi/TestImproperNameMapHashes/OC_Gatling_DamageB_B.uasset",
            "uassetapi/TestUE5_5/BlankGame/T_pl01_001_body_D.uasset");
    /** Unversioned fixtures (with their mappings) byte-identical after the trip. */
    private static final List<String> UNVERSIONED_IDENTICAL = List.of(
            "uassetapi/TestJson/MGA_HeavyWeapon_Parent.uasset",
            "uassetapi/TestUE5_1/UnderlyingEnumTypes/NewDataTable.uasset",
            "uassetapi/TestUE5_5/BlankGame/T_Test.uasset");
    /** Unversioned fixtures equal in content whose bytes differ in what only uassetd's fields keep (header padding, unversioned headers starting with empty fragments, tables UAssetAPI's fields do not describe). */
    private static final List<String> UNVERSIONED_DIFFERENT = List.of(
            "uassetapi/TestManyAssets/Clay/Clay/Content/FirstPerson/Blueprints/BP_FirstPersonGameMode.uasset",
            "uassetapi/TestManyAssets/Clay/Clay/Content/FirstPerson/Blueprints/B_Gamemode.uasset",
            "uassetapi/TestManyAssets/Clay/Clay/Content/FirstPerson/Blueprints/Begin_Player.uasset",
            "uassetapi/TestManyAssets/Clay/Clay/Content/FirstPerson/Blueprints/Begin_Player_General.uasset",
            "uassetapi/TestManyAssets/Clay/Clay/Content/FirstPerson/Blueprints/Begin_Player_Main_Menu.uasset",
            "uassetapi/TestManyAssets/Clay/Clay/Content/FirstPerson/Blueprints/Boomerang.uasset",
            "uassetapi/TestManyAssets/Clay/Clay/Content/FirstPerson/Blueprints/Drone_Marker.uasset",
            "uassetapi/TestManyAssets/Clay/Clay/Content/FirstPerson/Blueprints/Game_Instance_Custom.uasset",
            "uassetapi/TestManyAssets/Clay/Clay/Content/FirstPerson/Blueprints/HUD_Custom.uasset",
            "uassetapi/TestManyAssets/Clay/Clay/Content/FirstPerson/Blueprints/Marker.uasset",
            "uassetapi/TestManyAssets/Clay/Clay/Content/FirstPerson/Blueprints/Save_Game_Custom.uasset",
            "uassetapi/TestManyAssets/Clay/Clay/Content/FirstPerson/Blueprints/Trigger_Box.uasset",
            "uassetapi/TestManyAssets/Clay/Engine/Content/BasicShapes/BasicShapeMaterial.uasset",
            "uassetapi/TestManyAssets/Clay/Engine/Content/BasicShapes/Cone.uasset",
            "uassetapi/TestManyAssets/Clay/Engine/Content/BasicShapes/Cube.uasset",
            "uassetapi/TestManyAssets/Clay/Engine/Content/BasicShapes/Cylinder.uasset",
            "uassetapi/TestManyAssets/Clay/Engine/Content/BasicShapes/Plane.uasset",
            "uassetapi/TestManyAssets/Clay/Engine/Content/BasicShapes/Sphere.uasset",
            "uassetapi/TestManyAssets/Clay/Engine/Content/EngineSky/SM_SkySphere.uasset",
            "uassetapi/TestUE5_4/Billiards/BP_Table_Lamp.uasset",
            "uassetapi/TestUE5_4/BlankGame/BP_CubePawn.uasset",
            "uassetapi/TestUE5_4/BlankGame/MI_BlueCube.uasset",
            "uassetapi/TestUE5_4/BlankGame/M_Cube.uasset",
            "uassetapi/TestUE5_4/BlankGame/SM_BlueCube.uasset",
            "uassetapi/TestUE5_5/BlankGame/BP_Test.uasset",
            "uassetapi/TestUE5_5/BlankGame/M_Cube_1.uasset",
            "uassetapi/TestUE5_5/BlankGame/SM_Cube.uasset",
            "uassetapi/TestUE5_5/BlankGame/WBP_Hello.uasset",
            "uassetapi/TestUE5_6/BpThirdPerson/BP_ThirdPersonCharacter.uasset",
            "uassetapi/TestUE5_6/BpThirdPerson/MI_Quinn_01.uasset",
            "uassetapi/TestUE5_6/BpThirdPerson/M_Mannequin.uasset",
            "uassetapi/TestUE5_6/BpThirdPerson/SM_Cube.uasset",
            "unrealmodding/ue5/PublicHousingPlot_Root.umap");

    @Test
    void taggedFixturesReadBackFromUAssetApiJson() throws IOException {
        UAssetApiStructs.EXPRESSIONS.clear();
        UAssetApiStructs.metaDataExports = 0;
        int total = 0;
        List<String> identical = new ArrayList<>();
        int completeTypeNames = 0;
        int structExports = 0;
        List<String> notConverted = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        List<String> differentBytes = new ArrayList<>();
        for (String relative : PropertyFixtures.legacyPackages().toList()) {
            AssetPackage pkg = PropertyFixtures.open(relative);
            if (pkg.hasUnversionedProperties()) {
                continue;
            }
            if (pkg.version().atLeast(ObjectVersionUE5.PROPERTY_TAG_COMPLETE_TYPE_NAME)) {
                // UE5.4+ tags store the complete type name: UAssetAPI's PropertyTypeName node list carries it
                completeTypeNames++;
            }
            total++;
            ObjectNode ours = UAssetJson.toTree(pkg, null);
            ObjectNode theirs = toUAssetApi(ours.deepCopy());
            assertThat(theirs.has("Uassetd")).isFalse();
            structExports += structExports(theirs);
            notConverted.addAll(notConverted(relative, ours, theirs));
            roundTrip(relative, pkg, ours, theirs, null).addTo(failures, identical, differentBytes);
        }
        assertThat(completeTypeNames).as("UE5.4+ packages").isEqualTo(6);
        assertThat(failures).isEmpty();
        // the exact lists: a regression (identical -> different) or a skipped fixture fails
        assertThat(identical).as("byte-identical").containsExactlyInAnyOrderElementsOf(TAGGED_IDENTICAL);
        assertThat(differentBytes).as("bytes differ").containsExactlyInAnyOrderElementsOf(TAGGED_DIFFERENT);
        assertThat(total).isEqualTo(TAGGED_IDENTICAL.size() + TAGGED_DIFFERENT.size());
        assertThat(structExports).as("class and function exports given as UAssetAPI's ClassExport/FunctionExport").isEqualTo(96);
        assertThat(notConverted).as("class and function exports left as NormalExports").isEmpty();
        assertThat(UAssetApiStructs.EXPRESSIONS).as("Kismet expressions in the tagged fixtures' scripts").isEqualTo(counts(TAGGED_EXPRESSIONS));
        assertThat(UAssetApiStructs.metaDataExports).as("editor packages' metadata given as UAssetAPI's MetaDataExport").isEqualTo(3);
    }

    @Test
    void unversionedFixturesReadBackFromUAssetApiJsonWithTheirMappings() throws IOException {
        UAssetApiStructs.EXPRESSIONS.clear();
        List<String> differentBytes = new ArrayList<>();
        int total = 0;
        List<String> identical = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        int structExports = 0;
        List<String> notConverted = new ArrayList<>();
        for (String relative : PropertyFixtures.legacyPackages().toList()) {
            AssetPackage pkg = PropertyFixtures.open(relative);
            if (!pkg.hasUnversionedProperties()) {
                continue;
            }
            var usmap = PropertyFixtures.usmapFor(relative);
            if (usmap == null) {
                continue;
            }
            total++;
            ObjectNode ours = UAssetJson.toTree(pkg, usmap);
            ObjectNode theirs = toUAssetApi(ours.deepCopy());
            structExports += structExports(theirs);
            notConverted.addAll(notConverted(relative, ours, theirs));
            if (total == 1) {
                org.assertj.core.api.Assertions.assertThatThrownBy(() -> UAssetJson.fromTree(theirs, pkg.name()))
                        .as("without mappings").isInstanceOf(io.uassetd.codecs.error.JsonFormatException.class)
                        .hasMessageContaining("needs the mappings (usmap_path)").hasMessageContaining("$.Exports[");
            }
            roundTrip(relative, pkg, ours, theirs, usmap).addTo(failures, identical, differentBytes);
        }
        assertThat(failures).isEmpty();
        assertThat(identical).as("byte-identical").containsExactlyInAnyOrderElementsOf(UNVERSIONED_IDENTICAL);
        assertThat(differentBytes).as("bytes differ").containsExactlyInAnyOrderElementsOf(UNVERSIONED_DIFFERENT);
        assertThat(total).isEqualTo(UNVERSIONED_IDENTICAL.size() + UNVERSIONED_DIFFERENT.size());
        assertThat(structExports).as("class and function exports given as UAssetAPI's ClassExport/FunctionExport").isEqualTo(206);
        assertThat(notConverted).as("class and function exports left as NormalExports").isEmpty();
        assertThat(UAssetApiStructs.EXPRESSIONS).as("Kismet expressions in the unversioned fixtures' scripts").isEqualTo(counts(UNVERSIONED_EXPRESSIONS));
    }

    private static byte[] handWritten() throws IOException {
        try (var in = UAssetApiJsonTest.class.getResourceAsStream("/uassetapi-json/SimpleDataAsset.json")) {
            return in.readAllBytes();
        }
    }

    @Test
    void handWrittenUAssetApiDocumentBecomesAPackage() throws IOException {
        AssetPackage pkg = UAssetJson.fromJson(handWritten(), "SimpleDataAsset.uasset");
        AssetPackage.Bytes bytes = pkg.toBytes();
        AssetPackage reread = AssetPackage.read(bytes.header(), bytes.exports(), "SimpleDataAsset.uasset", null);
        assertThat(reread.summary().packageFlags()).isEqualTo(0x80000200);
        assertThat(reread.version().fileVersionUE4()).isEqualTo(522);
        assertThat(reread.exports()).hasSize(1);
        assertThat(reread.export(0).entry().objectFlags()).isEqualTo(0x1 | 0x2 | 0x8);
        assertThat(reread.imports()).hasSize(3);
        AssetPackage.PreloadDependencies deps = reread.preloadDependenciesOf(reread.export(0));
        assertThat(deps.createBeforeSerialization()).extracting(i -> i.value()).containsExactly(-2, -3);
        assertThat(deps.serializationBeforeCreate()).extracting(i -> i.value()).containsExactly(-2, -3);
        JsonNode data = UAssetJson.toTree(reread, null).get("Exports").get(0).get("Data");
        assertThat(data).hasSize(6);
        assertThat(data.get(0).get("Name").asText()).isEqualTo("Count");
        assertThat(data.get(0).get("Value").asInt()).isEqualTo(42);
        assertThat(data.get(1).get("Value").asBoolean()).isTrue();
        assertThat(data.get(2).get("$type").asText()).contains("VectorPropertyData");
        assertThat(data.get(2).get("Value").get("X").asDouble()).isEqualTo(1.5);
        assertThat(data.get(2).get("Value").get("Y").asDouble()).isEqualTo(-2.0);
        assertThat(data.get(2).get("Value").get("Z").asDouble()).isEqualTo(100.25);
        assertThat(data.get(3).get("Value")).extracting(v -> v.get("Value").asInt()).containsExactly(1, 2, 3);
        assertThat(data.get(4).get("Value").asText()).isEqualTo("Tag");
        assertThat(data.get(5).get("Value").asText()).isEqualTo("Hello from UAssetGUI");
        assertThat(UAssetJson.toTree(reread, null).get("Exports").get(0).get("Extras").asText()).isEqualTo("AAAAAA==");
        // what is written reads back the same through our own JSON, byte for byte
        AssetPackage.Bytes again = UAssetJson.fromJson(UAssetJson.toJson(reread, null), "SimpleDataAsset.uasset").toBytes();
        assertThat(again.header()).isEqualTo(bytes.header());
        assertThat(again.exports()).isEqualTo(bytes.exports());
    }

    @Test
    void badNamesInUAssetApiDocumentsNameTheirPath() throws IOException {
        ObjectNode doc = (ObjectNode) UAssetJson.parse(handWritten(), "X.json");
        ObjectNode badVersion = doc.deepCopy().put("ObjectVersion", "VER_UE4_NOT_A_VERSION");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> UAssetJson.fromTree(badVersion, "X.json"))
                .isInstanceOf(io.uassetd.codecs.error.JsonFormatException.class).hasMessageContaining("$.ObjectVersion")
                .hasMessageContaining("VER_UE4_NOT_A_VERSION");
        ObjectNode badFlags = doc.deepCopy();
        ((ObjectNode) badFlags.get("Exports").get(0)).put("ObjectFlags", "RF_Public, RF_Bogus");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> UAssetJson.fromTree(badFlags, "X.json"))
                .isInstanceOf(io.uassetd.codecs.error.JsonFormatException.class).hasMessageContaining("$.Exports[0].ObjectFlags")
                .hasMessageContaining("RF_Bogus");
        ObjectNode noStructType = doc.deepCopy();
        ((ObjectNode) noStructType.get("Exports").get(0).get("Data").get(2)).remove("StructType");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> UAssetJson.fromTree(noStructType, "X.json"))
                .isInstanceOf(io.uassetd.codecs.error.JsonFormatException.class).hasMessageContaining("$.Exports[0].Data[2]");
        ObjectNode sparse = doc.deepCopy();
        for (String f : List.of("PackageGuid", "SerialSize", "SerialOffset", "ScriptSerializationStartOffset",
                "ScriptSerializationEndOffset", "SerializationControl", "Operation")) {
            ((ObjectNode) sparse.get("Exports").get(0)).remove(f);
        }
        assertThat(UAssetJson.toPackageBytes(sparse, "X.uasset").exports())
                .as("fields UAssetAPI computes or defaults may be left out").isEqualTo(UAssetJson.toPackageBytes(doc, "X.uasset").exports());
        ObjectNode numbers = doc.deepCopy().put("ObjectVersion", 522).put("PackageFlags", 0x80000200L);
        ((ObjectNode) numbers.get("Exports").get(0)).put("ObjectFlags", 11);
        assertThat(UAssetJson.toPackageBytes(numbers, "X.uasset").header())
                .isEqualTo(UAssetJson.toPackageBytes(doc, "X.uasset").header());
    }

    /** Every export's export-map fields, properties and extras the same (the layout-derived fields aside). */
    static String sameContent(JsonNode a, JsonNode b) {
        for (String f : List.of("NameMap", "Imports", "PackageFlags", "PackageGuid", "CustomVersionContainer")) {
            String d = JsonRoundTripTest.firstDifference("$." + f, a.get(f), b.get(f));
            if (d != null) {
                return d;
            }
        }
        if (a.get("Exports").size() != b.get("Exports").size()) {
            return "export count";
        }
        for (int i = 0; i < a.get("Exports").size(); i++) {
            ObjectNode x = a.get("Exports").get(i).deepCopy();
            ObjectNode y = b.get("Exports").get(i).deepCopy();
            for (String f : List.of("SerialSize", "SerialOffset", "FirstExportDependency", "ScriptSerializationStartOffset",
                    "ScriptSerializationEndOffset", "UnversionedHeader", "PropertiesSize")) {
                x.remove(f);
                y.remove(f);
            }
            String d = JsonRoundTripTest.firstDifference("$.Exports[" + i + "]", x, y);
            if (d != null) {
                return d;
            }
        }
        return null;
    }

    // ---- uassetd JSON -> UAssetAPI JSON ----------------------------------------------------------------

    /** Our document as UAssetAPI writes it: the Uassetd block folded into UAssetAPI's fields, uassetd-only fields dropped, names for numbers. */
    static ObjectNode toUAssetApi(ObjectNode root) {
        // blueprint classes and functions as UAssetAPI's ClassExport/FunctionExport (bytecode in the raw form)
        UAssetApiStructs.convert(root);
        ObjectNode x = (ObjectNode) root.remove("Uassetd");
        JsonNode summary = x.get("Summary");
        int ue4 = root.get("ObjectVersion").asInt();
        root.put("ObjectVersion", ue4Name(ue4));
        int ue5 = root.get("ObjectVersionUE5").asInt();
        root.put("ObjectVersionUE5", ue5 == 0 ? "UNKNOWN" : ue5Name(ue5));
        root.put("PackageFlags", flagNames(root.get("PackageFlags").asLong() & 0xFFFFFFFFL, UAssetApiJson.PACKAGE_FLAGS));
        ArrayNode names = (ArrayNode) root.get("NameMap");
        ArrayNode soft = root.putArray("SoftPackageReferenceList");
        for (JsonNode r : x.get("SoftPackageReferences")) {
            JsonNode name = r.get("name");
            if (name != null && !name.isNull()) {
                int number = name.get("number").asInt();
                soft.add(names.get(name.get("index").asInt()).asText() + (number > 0 ? "_" + (number - 1) : ""));
            } else {
                soft.add(r.get("path").get("value").asText());
            }
        }
        JsonNode softPaths = x.get("SoftObjectPaths");
        if (softPaths != null && softPaths.size() > 0) {
            ArrayNode list = root.putArray("SoftObjectPathList");
            for (JsonNode e : softPaths) {
                ObjectNode path = list.addObject();
                ObjectNode asset = path.putObject("AssetPath");
                for (String[] f : new String[][] {{"packageName", "PackageName"}, {"assetName", "AssetName"}}) {
                    JsonNode n = e.get(f[0]);
                    int number = n.get("number").asInt();
                    asset.put(f[1], names.get(n.get("index").asInt()).asText() + (number > 0 ? "_" + (number - 1) : ""));
                }
                JsonNode sub = e.get("subPath").get("value");
                path.set("SubPathString", sub);
            }
        }
        JsonNode resources = x.get("DataResources");
        if (resources != null && !resources.isNull()) {
            root.put("DataResourceVersion", x.get("DataResourceVersion").asInt() == 1 ? "Initial" : x.get("DataResourceVersion").asText());
            ArrayNode list = root.putArray("DataResources");
            Map<String, Long> flagTable = new java.util.LinkedHashMap<>(Map.of("Inline", 1L, "Streaming", 2L, "Optional", 4L, "Duplicate", 8L,
                    "MemoryMapped", 16L, "DerivedDataReference", 32L));
            for (JsonNode r : resources) {
                ObjectNode o = list.addObject();
                String flags = flagNames(r.get("flags").asLong(), flagTable);
                o.put("Flags", flags.equals("0") ? "None" : flags);
                o.set("SerialOffset", r.get("serialOffset"));
                o.set("DuplicateSerialOffset", r.get("duplicateSerialOffset"));
                o.set("SerialSize", r.get("serialSize"));
                o.set("RawSize", r.get("rawSize"));
                o.put("OuterIndex", r.get("outerIndex").get("value").asInt());
                o.put("LegacyBulkDataFlags", r.get("legacyBulkDataFlags").asLong() & 0xFFFFFFFFL);
            }
        }
        long registryAt = summary.get("assetRegistryDataOffset").asLong();
        for (JsonNode region : x.get("Layout")) {
            if (region.get("kind").asText().equals("RAW") && region.get("start").asLong() == registryAt) {
                root.put("AssetRegistryData", region.get("raw").asText());
            }
        }
        root.put("UseSeparateBulkDataFiles", x.get("Split").asBoolean());
        root.put("NamesReferencedFromExportDataCount", summary.get("namesReferencedFromExportDataCount").asInt());
        for (JsonNode e : root.get("Exports")) {
            ObjectNode o = (ObjectNode) e;
            o.remove(List.of("DependencyCounts", "FirstExportDependency", "PropertiesSize", "UnversionedHeader"));
            o.put("ObjectFlags", flagNames(o.get("ObjectFlags").asLong() & 0xFFFFFFFFL, UAssetApiJson.OBJECT_FLAGS));
            o.put("PackageFlags", flagNames(o.get("PackageFlags").asLong() & 0xFFFFFFFFL, UAssetApiJson.PACKAGE_FLAGS));
            if (o.get("Data") instanceof ArrayNode) {
                o.remove(List.of("Terminator", "UnversionedHeader"));
                properties((ArrayNode) o.get("Data"));
            }
            if (o.has("Table") && o.get("Table").has("Data")) {
                for (JsonNode row : o.get("Table").get("Data")) {
                    strip(row);
                }
            }
            String exportType = o.get("$type").asText();
            if (exportType.contains("StringTableExport") || exportType.contains("EnumExport")) {
                o.remove("ObjectGuid"); // uassetd's addition; UAssetAPI's classes have no such field
            }
        }
        return root;
    }

    /** A property list: each property's uassetd-only fields dropped, native structs in UAssetAPI's nested form. */
    private static void properties(ArrayNode list) {
        for (int i = 0; i < list.size(); i++) {
            ObjectNode p = (ObjectNode) list.get(i);
            JsonNode tag = p.remove("Tag");
            if (tag != null && tag.has("TypeName")) {
                // UE5.4+: UAssetAPI's PropertyTypeName (pre-order nodes), PropertyTagFlags and extension fields
                ArrayNode nodes = p.putArray("PropertyTypeName");
                typeNameNodes(tag.get("TypeName"), nodes);
                int flags = tag.has("Flags") ? tag.get("Flags").asInt() : 0;
                p.put("PropertyTagFlags", flagNames(flags, PROPERTY_TAG_FLAGS).replace("0", "None"));
                if (tag.has("Extensions")) {
                    byte[] ext = java.util.Base64.getDecoder().decode(tag.get("Extensions").asText());
                    p.put("PropertyTagExtensions", ext[0] == 2 ? "OverridableInformation" : ext[0] == 0 ? "NoExtension" : "ReserveForFutureUse");
                    if (ext.length > 1) {
                        p.put("OverrideOperation", List.of("None", "Modified", "Replaced", "Add", "Remove").get(ext[1]));
                        p.put("bExperimentalOverridableLogic", ext[2] != 0);
                    }
                }
            }
            if (tag != null) {
                // UAssetAPI's property objects name their types themselves
                copy(tag, "StructGuid", p, "StructGUID");
                copy(tag, "StructName", p, "StructType");
                copy(tag, "EnumName", p, "EnumType");
                copy(tag, "InnerType", p, "ArrayType");
                copy(tag, "ValueType", p, "ValueType");
                if (p.has("KeyType") || tag.get("Type").asText().equals("MapProperty")) {
                    p.remove("ArrayType");
                    copy(tag, "InnerType", p, "KeyType");
                }
            }
            p.remove(List.of("SchemaIndex", "PropertyType"));
            strip(p);
            String type = p.get("$type").asText();
            var layout = NativeStructJson.layoutOf(type);
            if (layout != null && !p.get("IsZero").asBoolean()) {
                ObjectNode wrapper = F.objectNode();
                wrapper.put("$type", "UAssetAPI.PropertyTypes.Structs.StructPropertyData, UAssetAPI");
                for (String f : List.of("Name", "ArrayIndex", "IsZero", "PropertyGuid", "DuplicationIndex")) {
                    wrapper.set(f, p.get(f));
                }
                for (String f : List.of("PropertyTypeName", "PropertyTagFlags", "PropertyTagExtensions", "OverrideOperation",
                        "bExperimentalOverridableLogic")) {
                    if (p.has(f)) {
                        wrapper.set(f, p.remove(f)); // the tag belongs to the StructPropertyData holding the struct
                    }
                }
                wrapper.put("StructType", layout.name());
                if (p.has("StructGUID")) {
                    wrapper.set("StructGUID", p.remove("StructGUID"));
                }
                wrapper.put("SerializeNone", true);
                if (p.get("Value").isObject()) {
                    ObjectNode v = (ObjectNode) p.get("Value");
                    ObjectNode typed = F.objectNode().put("$type", "UAssetAPI.UnrealTypes.F" + layout.name() + ", UAssetAPI");
                    typed.setAll(v);
                    p.set("Value", typed);
                }
                wrapper.putArray("Value").add(p);
                list.set(i, wrapper);
            }
        }
    }

    private static final Map<String, Long> PROPERTY_TAG_FLAGS = new java.util.LinkedHashMap<>(Map.of("HasArrayIndex", 1L,
            "HasPropertyGuid", 2L, "HasPropertyExtensions", 4L, "HasBinaryOrNativeSerialize", 8L, "BoolTrue", 16L, "SkippedSerialize", 32L));

    /** uassetd's {Name, Parameters} type name as UAssetAPI's pre-order [{Name, InnerCount}] nodes. */
    private static void typeNameNodes(JsonNode t, ArrayNode out) {
        JsonNode params = t.get("Parameters");
        out.addObject().put("Name", t.get("Name").asText()).put("InnerCount", params == null ? 0 : params.size());
        if (params != null) {
            params.forEach(x -> typeNameNodes(x, out));
        }
    }

    /** Blueprint classes and functions of uassetd's document the conversion left as NormalExports (file: export). */
    private static List<String> notConverted(String relative, JsonNode ours, JsonNode theirs) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < ours.get("Exports").size(); i++) {
            JsonNode e = ours.get("Exports").get(i);
            int c = e.get("ClassIndex").asInt();
            String cls = c < 0 ? ours.get("Imports").get(-c - 1).get("ObjectName").asText() : "";
            if ((cls.equals("Function") || cls.endsWith("GeneratedClass"))
                    && theirs.get("Exports").get(i).get("$type").asText().contains(".NormalExport,")) {
                out.add(relative + ": " + e.get("ObjectName").asText());
            }
        }
        return out;
    }

    /** How many exports of the document are UAssetAPI's ClassExport or FunctionExport. */
    /**
     * The Kismet expressions of every class and function script in the fixtures, decoded into UAssetAPI's expression
     * tree by the test ({@link UAssetApiKismet}) and serialized back by the reader: each type with its exact count.
     */
    private static final String TAGGED_EXPRESSIONS = "EX_AddMulticastDelegate=9, EX_BindDelegate=9, EX_BitFieldConst=6, EX_ByteConst=75, EX_CallMath=244, "
            + "EX_ComputedJump=8, EX_Context=210, EX_DoubleConst=22, EX_DynamicCast=7, EX_EndOfScript=82, EX_False=86, "
            + "EX_FinalFunction=148, EX_FloatConst=143, EX_InstanceVariable=243, EX_IntConst=122, "
            + "EX_InterfaceContext=4, EX_Jump=56, EX_JumpIfNot=51, EX_Let=260, EX_LetBool=102, EX_LetObj=74, "
            + "EX_LetValueOnPersistentFrame=64, EX_LocalFinalFunction=59, EX_LocalOutVariable=27, "
            + "EX_LocalVariable=1574, EX_LocalVirtualFunction=75, EX_NameConst=21, EX_NoObject=50, EX_Nothing=82, "
            + "EX_ObjToInterfaceCast=2, EX_ObjectConst=146, EX_PopExecutionFlow=121, EX_PopExecutionFlowIfNot=40, "
            + "EX_PrimitiveCast=29, EX_PushExecutionFlow=53, EX_Return=82, EX_RotationConst=21, EX_Self=128, "
            + "EX_SetArray=21, EX_SkipOffsetConst=9, EX_StringConst=116, EX_StructConst=24, EX_SwitchValue=2, "
            + "EX_TextConst=36, EX_Tracepoint=78, EX_True=85, EX_UnicodeStringConst=1, EX_VectorConst=21, "
            + "EX_VirtualFunction=37, EX_WireTracepoint=81";
    private static final String UNVERSIONED_EXPRESSIONS = "EX_AddMulticastDelegate=67, EX_ArrayConst=3, EX_BindDelegate=84, EX_ByteConst=59, EX_CallMath=875, "
            + "EX_CallMulticastDelegate=1, EX_ClearMulticastDelegate=3, EX_ComputedJump=10, EX_Context=1454, "
            + "EX_DoubleConst=112, EX_DynamicCast=46, EX_EndOfScript=187, EX_False=230, EX_FinalFunction=845, "
            + "EX_FloatConst=342, EX_InstanceVariable=969, EX_IntConst=858, EX_InterfaceContext=2, EX_Jump=267, "
            + "EX_JumpIfNot=174, EX_Let=870, EX_LetBool=409, EX_LetObj=193, EX_LetValueOnPersistentFrame=95, "
            + "EX_LocalFinalFunction=160, EX_LocalOutVariable=18, EX_LocalVariable=5243, EX_LocalVirtualFunction=148, "
            + "EX_NameConst=373, EX_NoObject=55, EX_Nothing=182, EX_ObjectConst=939, EX_PopExecutionFlow=362, "
            + "EX_PopExecutionFlowIfNot=159, EX_PrimitiveCast=103, EX_PushExecutionFlow=107, "
            + "EX_RemoveMulticastDelegate=5, EX_Return=187, EX_RotationConst=27, EX_Self=566, EX_SetArray=237, "
            + "EX_SkipOffsetConst=72, EX_SoftObjectConst=1, EX_StringConst=126, EX_StructConst=97, "
            + "EX_StructMemberContext=44, EX_TextConst=16, EX_True=125, EX_VectorConst=87, EX_VirtualFunction=122";

    private static Map<String, Integer> counts(String list) {
        Map<String, Integer> m = new java.util.TreeMap<>();
        for (String item : list.split(", ")) {
            String[] kv = item.split("=");
            m.put(kv[0], Integer.parseInt(kv[1]));
        }
        return m;
    }

    private static int structExports(JsonNode doc) {
        int n = 0;
        for (JsonNode e : doc.get("Exports")) {
            String t = e.get("$type").asText();
            // each with its script as UAssetAPI's expression tree, not the raw form
            n += (t.contains(".ClassExport,") || t.contains(".FunctionExport,")) && e.get("ScriptBytecode").isArray()
                    && e.get("ScriptBytecodeRaw").isNull() ? 1 : 0;
        }
        return n;
    }

    /** How a UAssetAPI-shaped document came back: a failure (content differs or an error), else null or how its bytes differ. */
    private record Trip(String relative, String failure, String difference) {
        /** Adds this outcome to one of the lists: failures (with why), byte-identical, or differing bytes (the fixture's path). */
        void addTo(List<String> failures, List<String> identical, List<String> different) {
            if (failure != null) {
                failures.add(failure);
            } else if (difference != null) {
                different.add(relative);
            } else {
                identical.add(relative);
            }
        }
    }

    /** Reads {@code theirs} back, compares its content with {@code ours} and its bytes with the fixture's. */
    private static Trip roundTrip(String relative, AssetPackage pkg, ObjectNode ours, ObjectNode theirs, io.uassetd.codecs.usmap.Usmap usmap)
            throws IOException {
        try {
            AssetPackage back = UAssetJson.fromTree(theirs, pkg.name(), usmap);
            AssetPackage.Bytes bytes = back.toBytes();
            AssetPackage reread = AssetPackage.read(bytes.header(), back.isSplit() ? bytes.exports() : null, pkg.name(),
                    PropertyFixtures.engineFor(relative));
            String diff = sameContent(ours, UAssetJson.toTree(reread, usmap));
            if (diff != null) {
                return new Trip(relative, relative + ": " + diff, null);
            }
            Path path = Fixtures.path(relative);
            Path uexp = AssetPackage.sibling(path, ".uexp");
            byte[] head = Files.readAllBytes(path);
            byte[] tail = Files.exists(uexp) ? Files.readAllBytes(uexp) : new byte[0];
            if (java.util.Arrays.equals(bytes.header(), head) && java.util.Arrays.equals(bytes.exports(), tail)) {
                return new Trip(relative, null, null);
            }
            return new Trip(relative, null, relative + " (header " + head.length + " -> " + bytes.header().length + " at "
                    + java.util.Arrays.mismatch(head, bytes.header()) + ", .uexp " + tail.length + " -> " + bytes.exports().length + " at "
                    + java.util.Arrays.mismatch(tail, bytes.exports()) + ")");
        } catch (RuntimeException e) {
            return new Trip(relative, relative + ": " + e + " " + java.util.Arrays.toString(java.util.Arrays.copyOf(e.getStackTrace(), 4)), null);
        }
    }

    private static void copy(JsonNode tag, String from, ObjectNode to, String field) {
        if (tag.has(from) && (!to.has(field) || to.get(field).isNull())) {
            to.set(field, tag.get(from));
        }
    }

    /** Drops uassetd-only fields inside a value (struct members, container elements). */
    private static void strip(JsonNode n) {
        if (n.isArray()) {
            n.forEach(UAssetApiJsonTest::strip);
            return;
        }
        if (!n.isObject()) {
            return;
        }
        ObjectNode o = (ObjectNode) n;
        JsonNode innerTag = o.remove("InnerTag");
        o.remove(List.of("Terminator", "UnversionedHeader"));
        if (innerTag != null && o.get("Value") instanceof ArrayNode a && a.isEmpty()) {
            // UAssetAPI keeps an empty array's struct type in a DummyStruct
            ObjectNode dummy = o.putObject("DummyStruct");
            dummy.put("$type", "UAssetAPI.PropertyTypes.Structs.StructPropertyData, UAssetAPI");
            dummy.set("Name", innerTag.get("Name"));
            dummy.set("StructType", innerTag.get("StructName"));
            if (innerTag.has("StructGuid")) {
                dummy.set("StructGUID", innerTag.get("StructGuid"));
            }
            dummy.putArray("Value");
        }
        if (o.has("ArrayType")) {
            o.remove("InnerType");
        }
        if (o.has("KeyType") && !o.get("KeyType").isNull()) {
            o.remove("KeyPropertyType");
        }
        if (o.has("ValueType") && !o.get("ValueType").isNull()) {
            o.remove("ValuePropertyType");
        }
        String type = o.has("$type") ? o.get("$type").asText() : "";
        if (type.startsWith("UAssetAPI.PropertyTypes.Structs.StructPropertyData") && o.get("Value") instanceof ArrayNode members) {
            properties(members);
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = o.properties().iterator(); it.hasNext();) {
            strip(it.next().getValue());
        }
    }

    static String ue4Name(int v) {
        for (ObjectVersion o : ObjectVersion.values()) {
            if (o.value() == v) {
                return "VER_UE4_" + o.name();
            }
        }
        return Integer.toString(v);
    }

    static String ue5Name(int v) {
        for (ObjectVersionUE5 o : ObjectVersionUE5.values()) {
            if (o.value() == v) {
                return o.name();
            }
        }
        return Integer.toString(v);
    }

    static String flagNames(long flags, Map<String, Long> table) {
        List<String> out = new ArrayList<>();
        long left = flags;
        for (Map.Entry<String, Long> e : table.entrySet()) {
            if (e.getValue() != 0 && (flags & e.getValue()) == e.getValue()) {
                out.add(e.getKey());
                left &= ~e.getValue();
            }
        }
        if (left != 0) {
            out.add(Long.toString(left));
        }
        return out.isEmpty() ? "0" : String.join(", ", out);
    }
}
