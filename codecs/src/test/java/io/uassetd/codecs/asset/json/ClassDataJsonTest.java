package io.uassetd.codecs.asset.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.asset.property.classdata.ClassDataFixtures;
import io.uassetd.codecs.asset.property.classdata.EnumData;
import io.uassetd.codecs.asset.property.classdata.StringTableData;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.error.JsonFormatException;
import io.uassetd.codecs.usmap.Usmap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * String tables and enums in UAssetAPI's shapes (StringTableExport's {@code Table}, EnumExport's
 * {@code Enum}) on real packages: UAssetAPI's UE4.23 Items table and CUE4Parse's UE5.8 ST_Fixed and
 * E_Fixture in both cooks. The JSON holds the stored values, writes back the original bytes, and
 * an edit made in the JSON reaches the package.
 */
class ClassDataJsonTest {

    private static ObjectNode json(AssetPackage pkg, Usmap usmap) {
        return UAssetJson.toTree(pkg, usmap);
    }

    private static AssetPackage.Bytes bytes(JsonNode doc, String name) {
        return UAssetJson.toPackageBytes(doc, name);
    }

    private static AssetPackage reread(AssetPackage.Bytes b, String name, EngineVersion engine) {
        return AssetPackage.read(b.header(), b.exports(), name, engine);
    }

    @Test
    void itemsIsAStringTableExport() {
        AssetPackage pkg = ClassDataFixtures.legacy("uassetapi/TestJson/Items.uasset", EngineVersion.UE4_23);
        AssetPackage.Bytes original = pkg.toBytes();
        ObjectNode doc = json(pkg, null);
        JsonNode export = doc.get("Exports").get(0);
        assertThat(export.get("$type").asText()).isEqualTo("UAssetAPI.ExportTypes.StringTableExport, UAssetAPI");
        JsonNode table = export.get("Table");
        assertThat(table.get("TableNamespace").asText()).isEqualTo("Items");
        assertThat(table.get("Value")).hasSize(397);
        assertThat(table.get("Value")).anySatisfy(pair -> {
            assertThat(pair.get(0).asText()).isEqualTo("Name_PrinterSmall");
            assertThat(pair.get(1).asText()).isEqualTo("Small Printer");
        });
        assertThat(export.get("Extras").asText()).isEqualTo("AAAAAA=="); // the metadata count (0), as UAssetAPI leaves it
        AssetPackage.Bytes back = bytes(doc, pkg.name());
        assertThat(back.header()).isEqualTo(original.header());
        assertThat(back.exports()).isEqualTo(original.exports());

        for (JsonNode pair : table.get("Value")) {
            if (pair.get(0).asText().equals("Name_PrinterSmall")) {
                ((ArrayNode) pair).set(1, "Kleiner Drucker \u00fc");
            }
        }
        ((ObjectNode) table).put("TableNamespace", "ItemsDE");
        AssetPackage edited = reread(bytes(doc, pkg.name()), pkg.name(), EngineVersion.UE4_23);
        StringTableData st = (StringTableData) PropertyParser.parse(edited, edited.export(0), null).classData();
        assertThat(st.namespace()).isEqualTo("ItemsDE");
        assertThat(st.source("Name_PrinterSmall")).isEqualTo("Kleiner Drucker \u00fc");
        assertThat(st.entries()).hasSize(397);
        assertThat(st.source("Name_AllCaps_PrinterSmall")).isEqualTo("SMALL PRINTER");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Tagged", "Unversioned"})
    void fixtureStringTable(String flavour) {
        AssetPackage pkg = ClassDataFixtures.zen(flavour, "/Game/Fixtures/StringTables/ST_Fixed");
        AssetPackage.Bytes original = pkg.toBytes();
        ObjectNode doc = json(pkg, ClassDataFixtures.mappingsFor(flavour));
        JsonNode export = doc.get("Exports").get(0);
        assertThat(export.get("$type").asText()).contains("StringTableExport");
        JsonNode values = export.get("Table").get("Value");
        assertThat(values).hasSize(3);
        assertThat(values.get(1).get(1).asText()).isEqualTo("Fixture \u65e5\u672c\u8a9e \u03a9 \u00e4\u00f6\u00fc");
        assertThat(values.get(2).get(1).isNull()).isTrue(); // an empty FString, null as in UAssetAPI
        AssetPackage.Bytes back = bytes(doc, pkg.name());
        assertThat(back.header()).isEqualTo(original.header());
        assertThat(back.exports()).isEqualTo(original.exports());
    }

    @ParameterizedTest
    @ValueSource(strings = {"Tagged", "Unversioned"})
    void userDefinedEnumIsAnEnumExport(String flavour) {
        AssetPackage pkg = ClassDataFixtures.zen(flavour, "/Game/Fixtures/Blueprints/E_Fixture");
        Usmap usmap = ClassDataFixtures.mappingsFor(flavour);
        AssetPackage.Bytes original = pkg.toBytes();
        ObjectNode doc = json(pkg, usmap);
        JsonNode export = doc.get("Exports").get(0);
        assertThat(export.get("$type").asText()).isEqualTo("UAssetAPI.ExportTypes.EnumExport, UAssetAPI");
        JsonNode en = export.get("Enum");
        assertThat(en.get("CppForm").asText()).isEqualTo("Namespaced");
        assertThat(en.get("Names")).hasSize(4);
        assertThat(en.get("Names").get(3).get("Item1").asText()).isEqualTo("E_Fixture::E_MAX");
        assertThat(en.get("Names").get(3).get("Item2").asLong()).isEqualTo(3);
        AssetPackage.Bytes back = bytes(doc, pkg.name());
        assertThat(back.header()).isEqualTo(original.header());
        assertThat(back.exports()).isEqualTo(original.exports());

        ((ObjectNode) en).put("CppForm", "EnumClass");
        ((ObjectNode) en.get("Names").get(1)).put("Item2", 7);
        AssetPackage edited = reread(bytes(doc, pkg.name()), pkg.name(), EngineVersion.UE5_8);
        EnumData data = (EnumData) PropertyParser.parse(edited, edited.export(0), usmap).classData();
        assertThat(data.cppForm()).isEqualTo(EnumData.CppForm.EnumClass);
        assertThat(data.nameMap(edited)).containsEntry("E_Fixture::NewEnumerator1", 7L).containsEntry("E_Fixture::E_MAX", 3L);
        assertThat(edited.export(0).rawSize()).isEqualTo(pkg.export(0).rawSize());

        ((ObjectNode) en).put("CppForm", "Sideways");
        assertThatThrownBy(() -> bytes(doc, pkg.name())).isInstanceOf(JsonFormatException.class)
                .hasMessageContaining("Unknown CppForm Sideways").hasMessageContaining("$.Exports[0].Enum.CppForm");
    }

    @Test
    void classDataStaysInExtrasWhereUAssetApisShapeCannotSayHowItIsStored() {
        AssetPackage pkg = ClassDataFixtures.legacy("uassetapi/TestJson/Items.uasset", EngineVersion.UE4_23);
        PropertyParser.parseAll(pkg, null).apply();
        StringTableData st = (StringTableData) ((io.uassetd.codecs.asset.property.content.PropertyExportContent) pkg.export(0).content()).classData();
        // An ASCII source stored as UTF-16 (not what Unreal would pick): the table travels serialized in Extras
        int i = 0;
        StringTableData.Entry first = st.entries().get(i);
        st.entries().set(i, new StringTableData.Entry(first.key(), new io.uassetd.codecs.io.FString(first.source().text(), true)));
        pkg.export(0).setContent(pkg.export(0).content());
        AssetPackage.Bytes wide = pkg.toBytes();
        AssetPackage again = reread(wide, pkg.name(), EngineVersion.UE4_23);
        ObjectNode doc = json(again, null);
        assertThat(doc.get("Exports").get(0).get("$type").asText()).isEqualTo("UAssetAPI.ExportTypes.NormalExport, UAssetAPI");
        AssetPackage.Bytes back = bytes(doc, pkg.name());
        assertThat(back.exports()).isEqualTo(wide.exports());
        assertThat(back.header()).isEqualTo(wide.header());
    }
}
