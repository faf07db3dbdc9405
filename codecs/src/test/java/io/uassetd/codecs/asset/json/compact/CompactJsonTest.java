package io.uassetd.codecs.asset.json.compact;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.property.classdata.ClassDataFixtures;
import io.uassetd.codecs.asset.version.EngineVersion;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The compact (CUE4Parse-shaped) JSON of real packages: export headers, properties with object
 * references, DataTable rows, a string table, an enum's names and a user-defined struct, with the
 * known values of the fixtures; writing it leaves the package unchanged.
 */
class CompactJsonTest {

    private static JsonNode export(ArrayNode json, String name) {
        for (JsonNode e : json) {
            if (e.get("Name").textValue().equals(name)) {
                return e;
            }
        }
        throw new AssertionError("no export " + name + " in " + json);
    }

    @Test
    void stringTable() {
        AssetPackage pkg = ClassDataFixtures.legacy("uassetapi/TestJson/Items.uasset", EngineVersion.UE4_23);
        AssetPackage.Bytes before = pkg.toBytes();
        ArrayNode json = CompactJson.write(pkg, null);
        assertThat(json).hasSize(1);
        JsonNode st = json.get(0);
        assertThat(st.get("Type").textValue()).isEqualTo("StringTable");
        assertThat(st.get("Name").textValue()).isEqualTo("Items");
        assertThat(st.get("Class").textValue()).isEqualTo("UScriptClass'StringTable'");
        assertThat(st.get("Flags").textValue()).startsWith("RF_Public | RF_Standalone");
        assertThat(st.has("Outer")).isFalse();
        assertThat(st.get("StringTable").get("TableNamespace").textValue()).isEqualTo("Items");
        assertThat(st.get("StringTable").get("KeysToEntries")).hasSize(397);
        assertThat(st.get("StringTable").get("KeysToEntries").get("Name_PrinterSmall").textValue()).isEqualTo("Small Printer");
        assertThat(CompactJson.packagePath(pkg)).isEqualTo("/Game/Globals/StringTables/Items");
        assertThat(pkg.toBytes().exports()).isEqualTo(before.exports());
    }

    /** Every value of a property with this name anywhere in the exports' properties (nested structs included). */
    private static List<JsonNode> valuesOf(JsonNode node, String property) {
        List<JsonNode> out = new ArrayList<>();
        if (node.isObject()) {
            node.properties().forEach(f -> {
                if (f.getKey().equals(property)) {
                    out.add(f.getValue());
                }
                out.addAll(valuesOf(f.getValue(), property));
            });
        } else if (node.isArray()) {
            node.forEach(x -> out.addAll(valuesOf(x, property)));
        }
        return out;
    }

    @Test
    void zeroMaskedEnumsShowTheirFirstEnumerator() {
        // Unversioned properties the zero mask marks carry no bytes; CUE4Parse shows an enum's value-0 enumerator
        String lamp = "uassetapi/TestUE5_4/Billiards/BP_Table_Lamp.uasset";
        ArrayNode json = CompactJson.write(io.uassetd.codecs.asset.property.PropertyFixtures.open(lamp),
                io.uassetd.codecs.asset.property.PropertyFixtures.usmapFor(lamp));
        assertThat(valuesOf(json, "Mobility")).extracting(JsonNode::textValue).contains("EComponentMobility::Static");
        String boomerang = "uassetapi/TestManyAssets/Clay/Clay/Content/FirstPerson/Blueprints/Boomerang.uasset";
        ArrayNode b = CompactJson.write(io.uassetd.codecs.asset.property.PropertyFixtures.open(boomerang),
                io.uassetd.codecs.asset.property.PropertyFixtures.usmapFor(boomerang));
        assertThat(valuesOf(b, "ObjectType")).extracting(JsonNode::textValue).contains("ECollisionChannel::ECC_WorldStatic");
        assertThat(valuesOf(b, "CollisionEnabled")).extracting(JsonNode::textValue).contains("ECollisionEnabled::NoCollision");
    }

    @Test
    void zeroMaskedStructsShowTheirFields() {
        AssetPackage pkg = ClassDataFixtures.legacy("uassetapi/TestJson/Items.uasset", EngineVersion.UE4_23);
        CompactValues values = new CompactValues(pkg, new CompactRefs(pkg, CompactJson.packagePath(pkg)), null);
        var vector = new io.uassetd.codecs.asset.property.types.ZeroValue(io.uassetd.codecs.asset.property.PropertyType.struct("Vector"));
        assertThat(values.value(vector).toString()).isEqualTo("{\"X\":0.0,\"Y\":0.0,\"Z\":0.0}");
        var box = new io.uassetd.codecs.asset.property.types.ZeroValue(io.uassetd.codecs.asset.property.PropertyType.struct("Box"));
        JsonNode b = values.value(box);
        assertThat(b.get("Min").toString()).isEqualTo("{\"X\":0.0,\"Y\":0.0,\"Z\":0.0}");
        assertThat(b.get("IsValid").asInt()).isZero();
        var userStruct = new io.uassetd.codecs.asset.property.types.ZeroValue(io.uassetd.codecs.asset.property.PropertyType.struct("S_Fixture"));
        assertThat(values.value(userStruct).toString()).isEqualTo("{}");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Tagged", "Unversioned"})
    void enumStructAndTable(String flavour) {
        ArrayNode en = CompactJson.write(ClassDataFixtures.zen(flavour, "/Game/Fixtures/Blueprints/E_Fixture"),
                ClassDataFixtures.mappingsFor(flavour));
        JsonNode e = export(en, "E_Fixture");
        assertThat(e.get("Names").get("E_Fixture::NewEnumerator1").intValue()).isEqualTo(1);
        assertThat(e.get("Names").get("E_Fixture::E_MAX").intValue()).isEqualTo(3);
        assertThat(e.get("CppForm").textValue()).isEqualTo("Namespaced");
        JsonNode display = e.get("Properties").get("DisplayNameMap");
        assertThat(display.get(1).get("Key").textValue()).isEqualTo("NewEnumerator1");
        assertThat(display.get(1).get("Value").get("SourceString").textValue()).isEqualTo("Second");

        JsonNode s = export(CompactJson.write(ClassDataFixtures.zen(flavour, "/Game/Fixtures/Blueprints/S_Fixture"),
                ClassDataFixtures.mappingsFor(flavour)), "S_Fixture");
        List<String> fields = new ArrayList<>();
        s.get("ChildProperties").forEach(f -> fields.add(f.get("Type").textValue()));
        assertThat(fields).containsExactly("BoolProperty", "IntProperty", "StrProperty", "StructProperty");
        assertThat(s.get("ChildProperties").get(3).get("Struct").get("ObjectName").textValue()).isEqualTo("ScriptStruct'Vector'");
        assertThat(s.get("ChildProperties").get(3).get("Struct").get("ObjectPath").textValue()).isEqualTo("/Script/CoreUObject");
        JsonNode defaults = s.get("DefaultProperties");
        assertThat(defaults.get("Count_2_E856539A494C2F8996E8BA8D7485D64B").intValue()).isEqualTo(1337);
        assertThat(defaults.get("Offset_6_EE13655F478516862862DFBAA00CF12B").get("Z").doubleValue()).isEqualTo(3.75);

        JsonNode dt = export(CompactJson.write(ClassDataFixtures.zen(flavour, "/Game/Fixtures/DataTables/DT_AllProperties"),
                ClassDataFixtures.mappingsFor(flavour)), "DT_AllProperties");
        assertThat(dt.get("Properties").get("RowStruct").get("ObjectName").textValue()).isEqualTo("ScriptStruct'FixtureTableRow'");
        assertThat(dt.get("Rows").get("Alpha").get("Number").longValue()).isEqualTo(0x12345678L);
        assertThat(dt.get("Rows").get("Alpha").get("Kind").textValue()).isEqualTo("EFixtureEnum::Alpha");
        assertThat(dt.get("Rows").get("Beta").get("Values").get(3).intValue()).isEqualTo(Integer.MAX_VALUE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Tagged", "Unversioned"})
    void subobjectsAndReferences(String flavour) {
        AssetPackage pkg = ClassDataFixtures.zen(flavour, "/Game/Fixtures/Properties/DA_AllProperties");
        ArrayNode json = CompactJson.write(pkg, ClassDataFixtures.mappingsFor(flavour));
        JsonNode inline = export(json, "InlineFixture");
        assertThat(inline.get("Outer").textValue()).isEqualTo("DA_AllProperties");
        assertThat(inline.get("Flags").textValue()).isEqualTo("RF_NoFlags");
        JsonNode da = export(json, "DA_AllProperties");
        assertThat(da.get("Properties").get("Integer").longValue()).isEqualTo(0x12345678L);
        assertThat(da.get("Properties").get("AnsiString").textValue()).isEqualTo("Fixture_ANSI_123");
        List<JsonNode> refs = new ArrayList<>();
        da.get("Properties").forEach(v -> {
            if (v.isObject() && v.has("ObjectPath")) {
                refs.add(v);
            }
        });
        assertThat(refs).isNotEmpty().anySatisfy(r -> {
            assertThat(r.get("ObjectPath").textValue()).startsWith("/Game/Fixtures/Properties/DA_AllProperties.");
            assertThat(r.get("ObjectName").textValue()).endsWith("'DA_AllProperties:InlineFixture'");
        });
    }
}
