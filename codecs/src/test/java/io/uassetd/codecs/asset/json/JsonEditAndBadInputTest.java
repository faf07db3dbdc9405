package io.uassetd.codecs.asset.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.property.content.PropertyExportContent;
import io.uassetd.codecs.asset.property.PropertyFixtures;
import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.error.JsonFormatException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Edits made in the JSON reach the bytes (DA_AllProperties of the CUE4Parse LegacyPak, tagged
 * UE 5.8, known values Integer = 0x12345678 and AnsiString = "Fixture_ANSI_123"), and bad JSON is
 * refused with an error naming the JSON path.
 */
class JsonEditAndBadInputTest {
    private static final String PAK = "Tagged/Uncompressed/CUE4ParseFixtures-Legacy-Tagged-Uncompressed.pak";

    private static AssetPackage fixture() {
        return PropertyFixtures.legacyPak(PAK).get("Properties/DA_AllProperties");
    }

    private static int dataExport(JsonNode tree) {
        ArrayNode exports = (ArrayNode) tree.get("Exports");
        for (int i = 0; i < exports.size(); i++) {
            if (exports.get(i).has("Data") && exports.get(i).get("Data").isArray()) {
                for (JsonNode p : exports.get(i).get("Data")) {
                    if (p.get("Name").asText().equals("Integer")) {
                        return i;
                    }
                }
            }
        }
        throw new AssertionError("No export with an Integer property");
    }

    private static ObjectNode property(JsonNode tree, String name) {
        for (JsonNode p : tree.get("Exports").get(dataExport(tree)).get("Data")) {
            if (p.get("Name").asText().equals(name)) {
                return (ObjectNode) p;
            }
        }
        throw new AssertionError("No property " + name);
    }

    @Test
    void editedValuesAreWritten() {
        AssetPackage pkg = fixture();
        JsonNode tree = UAssetJson.parse(UAssetJson.toJson(pkg, null), pkg.name());
        assertThat(property(tree, "Integer").get("$type").asText()).isEqualTo("UAssetAPI.PropertyTypes.Objects.IntPropertyData, UAssetAPI");
        assertThat(property(tree, "Integer").get("Value").asLong()).isEqualTo(0x12345678L);
        assertThat(property(tree, "AnsiString").get("Value").asText()).isEqualTo("Fixture_ANSI_123");
        property(tree, "Integer").put("Value", 42);
        property(tree, "AnsiString").put("Value", "A longer string than before, written from JSON");

        AssetPackage.Bytes out = UAssetJson.toPackageBytes(tree, pkg.name());
        AssetPackage back = AssetPackage.read(out.header(), out.exports(), pkg.name(), EngineVersion.UE5_8);
        Export data = back.exports().stream().filter(x -> back.className(x).equals("ParserFixtureData")).findFirst().orElseThrow();
        PropertyExportContent c = PropertyParser.parse(back, data, null);
        assertThat(c.properties().find(back, "Integer", 0).value().view(back)).isEqualTo(42L);
        assertThat(c.properties().find(back, "AnsiString", 0).value().view(back))
                .isEqualTo("A longer string than before, written from JSON");
        assertThat(c.extras()).as("nothing left unread after the edited properties").isEqualTo(
                PropertyParser.parse(pkg, pkg.exports().stream().filter(x -> pkg.className(x).equals("ParserFixtureData"))
                        .findFirst().orElseThrow(), null).extras());

        AssetPackage edited = fixture();
        Export target = edited.exports().stream().filter(x -> edited.className(x).equals("ParserFixtureData")).findFirst().orElseThrow();
        PropertyExportContent content = PropertyParser.contentOf(edited, target, null);
        content.editor(edited).set("Integer", 42);
        content.editor(edited).set("AnsiString", "A longer string than before, written from JSON");
        AssetPackage.Bytes viaModel = edited.toBytes();
        assertThat(out.header()).as("JSON edit = model edit (header, script offsets)").isEqualTo(viaModel.header());
        assertThat(out.exports()).as("JSON edit = model edit (exports)").isEqualTo(viaModel.exports());
    }

    @Test
    void aNewNameStringIsAddedToTheNameMap() {
        AssetPackage pkg = fixture();
        JsonNode tree = UAssetJson.parse(UAssetJson.toJson(pkg, null), pkg.name());
        assertThat(property(tree, "Name").get("Value").asText()).isEqualTo("Fixture_Name_0xC0FFEE");
        int names = tree.get("NameMap").size();
        property(tree, "Name").put("Value", "Written_From_JSON");
        property(tree, "Enum").put("Value", "EFixtureEnum::Gamma_From_JSON");

        AssetPackage.Bytes out = UAssetJson.toPackageBytes(tree, pkg.name());
        AssetPackage back = AssetPackage.read(out.header(), out.exports(), pkg.name(), EngineVersion.UE5_8);
        assertThat(back.names().size()).isEqualTo(names + 2);
        assertThat(back.names().indexOf("Written_From_JSON")).isGreaterThanOrEqualTo(0);
        Export data = back.exports().stream().filter(x -> back.className(x).equals("ParserFixtureData")).findFirst().orElseThrow();
        PropertyExportContent c = PropertyParser.parse(back, data, null);
        assertThat(c.properties().find(back, "Name", 0).value().view(back)).isEqualTo("Written_From_JSON");
        assertThat(c.properties().find(back, "Enum", 0).value().view(back)).isEqualTo("EFixtureEnum::Gamma_From_JSON");
        assertThat(c.rawCount()).isZero();
    }

    @Test
    void textThatIsNotJsonIsASyntaxError() {
        assertThatThrownBy(() -> UAssetJson.fromJson("{\"$type\": ".getBytes(StandardCharsets.UTF_8), "X.json"))
                .isInstanceOf(JsonFormatException.class).hasMessageContaining("Not valid JSON")
                .satisfies(e -> assertThat(((JsonFormatException) e).syntax()).isTrue());
    }

    @Test
    void unknownPropertyTypeNamesItsPath() {
        AssetPackage pkg = fixture();
        JsonNode tree = UAssetJson.parse(UAssetJson.toJson(pkg, null), pkg.name());
        property(tree, "Integer").put("$type", "UAssetAPI.PropertyTypes.Objects.NoSuchPropertyData, UAssetAPI");
        int export = dataExport(tree);
        assertThatThrownBy(() -> UAssetJson.fromTree(tree, "X.json")).isInstanceOf(JsonFormatException.class)
                .hasMessageContaining("Unknown or unsupported $type UAssetAPI.PropertyTypes.Objects.NoSuchPropertyData")
                .hasMessageContaining("$.Exports[" + export + "].Data[")
                .satisfies(e -> assertThat(((JsonFormatException) e).syntax()).isFalse());
    }

    @Test
    void wrongValueTypeNamesItsPath() {
        AssetPackage pkg = fixture();
        JsonNode tree = UAssetJson.parse(UAssetJson.toJson(pkg, null), pkg.name());
        property(tree, "Integer").put("Value", "not a number");
        assertThatThrownBy(() -> UAssetJson.fromTree(tree, "X.json")).isInstanceOf(JsonFormatException.class)
                .hasMessageContaining("Expected a number").hasMessageMatching("(?s).*\\$\\.Exports\\[\\d+]\\.Data\\[\\d+]\\.Value.*");
    }

    @Test
    void outOfRangeValueIsRefused() {
        AssetPackage pkg = fixture();
        JsonNode tree = UAssetJson.parse(UAssetJson.toJson(pkg, null), pkg.name());
        property(tree, "Integer").put("Value", 1L << 40);
        assertThatThrownBy(() -> UAssetJson.fromTree(tree, "X.json")).isInstanceOf(JsonFormatException.class)
                .hasMessageContaining("outside the range of IntProperty");
    }

    @Test
    void unknownExportTypeIsRefusedWithAndWithoutTheBlock() {
        AssetPackage pkg = fixture();
        JsonNode tree = UAssetJson.parse(UAssetJson.toJson(pkg, null), pkg.name());
        ((ObjectNode) tree.get("Exports").get(0)).put("$type", "UAssetAPI.ExportTypes.FancyExport, UAssetAPI");
        assertThatThrownBy(() -> UAssetJson.fromTree(tree, "X.json")).isInstanceOf(JsonFormatException.class)
                .hasMessageContaining("$.Exports[0].$type");
        ((ObjectNode) tree).remove("Uassetd");
        // without the block the document is read as UAssetAPI's own JSON; the bad $type is still named
        assertThatThrownBy(() -> UAssetJson.fromTree(tree, "X.json")).isInstanceOf(JsonFormatException.class)
                .hasMessageContaining("$.Exports[0].$type");
    }
}
