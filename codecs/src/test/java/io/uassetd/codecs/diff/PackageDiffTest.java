package io.uassetd.codecs.diff;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.testkit.Fixtures;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.json.UAssetJson;
import io.uassetd.codecs.asset.property.PropertyFixtures;
import io.uassetd.codecs.asset.version.EngineVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link PackageDiff} on a real DataTable (UAssetGUI's DT_ThrowLights, UE4.27, written as a package by
 * uassetd), against "new versions" made by editing its JSON tree and writing a package from it, so
 * that every expected change is known exactly.
 */
class PackageDiffTest {
    private static final String NAME = "DT_ThrowLights.uasset";
    private AssetPackage base;
    private ObjectNode tree;

    @BeforeEach
    void load() throws IOException {
        byte[] json = Files.readAllBytes(Fixtures.path("uassetgui-json/DT_ThrowLights.json"));
        base = write(UAssetJson.parse(json, NAME));
        tree = UAssetJson.toTree(base, null);
    }

    private static AssetPackage write(JsonNode tree) {
        AssetPackage.Bytes bytes = UAssetJson.fromTree(tree, NAME).toBytes();
        return AssetPackage.read(bytes.header(), bytes.exports(), NAME, EngineVersion.UE4_27);
    }

    private ArrayNode rows(ObjectNode t) {
        return (ArrayNode) t.get("Exports").get(0).get("Table").get("Data");
    }

    private static List<String> lines(List<Change> changes) {
        return changes.stream().map(Change::render).toList();
    }

    @Test
    void aPackageAndItsRewriteAreEqual() {
        assertThat(PackageDiff.diff(base, null, write(tree), null)).isEmpty();
    }

    @Test
    void changedAddedAndRemovedRowsAreReportedExactly() {
        ObjectNode edited = tree.deepCopy();
        ArrayNode rows = rows(edited);
        ((ObjectNode) rows.get(0).get("Value").get(0)).put("Value", 21.0);
        assertThat(rows.remove(rows.size() - 1).get("Name").asText()).isEqualTo("MoonstoneFlare");
        ObjectNode added = rows.get(0).deepCopy();
        added.put("Name", "ThrowTorch2");
        rows.add(added);
        ((ArrayNode) edited.get("NameMap")).add("ThrowTorch2");
        List<Change> d = PackageDiff.diff(base, null, write(edited), null);

        assertThat(d).extracting(Change::path, c -> c.kind().label()).containsExactly(
                org.assertj.core.groups.Tuple.tuple("Names[ThrowTorch2]", "added"),
                org.assertj.core.groups.Tuple.tuple("Exports[DT_ThrowLights].Rows[ThrowTorch].DurationSeconds", "changed"),
                org.assertj.core.groups.Tuple.tuple("Exports[DT_ThrowLights].Rows[MoonstoneFlare]", "removed"),
                org.assertj.core.groups.Tuple.tuple("Exports[DT_ThrowLights].Rows[ThrowTorch2]", "added"));
        assertThat(d.get(1).render()).isEqualTo("~ Exports[DT_ThrowLights].Rows[ThrowTorch].DurationSeconds: 20.0 -> 21.0");
        // a removed or added row carries its values, as plain JSON keyed by field
        assertThat(d.get(2).oldValue().get("DurationSeconds").asDouble()).isEqualTo(20.0);
        assertThat(d.get(3).newValue().get("DisplayName").asText()).isEqualTo("Tools.ThrowTorch.Name");
        assertThat(d.get(3).oldValue()).isNull();
    }

    @Test
    void propertiesOfEveryShapeAreAddressedByPath() {
        // CUE4Parse's UE5.8 data asset: scalars, structs, arrays, maps, object references
        AssetPackage da = PropertyFixtures.legacyPak(PropertyFixtures.LEGACY_PAKS.get(0)).get("Properties/DA_AllProperties");
        ObjectNode t = UAssetJson.toTree(da, null);
        AssetPackage same = writeUe5(t.deepCopy());
        assertThat(PackageDiff.diff(da, null, same, null)).isEmpty();

        ObjectNode edited = t.deepCopy();
        ArrayNode props = (ArrayNode) edited.get("Exports").get(1).get("Data");
        prop(props, "Integer").put("Value", 7);
        ((ObjectNode) prop(props, "IntegerArray").get("Value").get(1)).put("Value", 99);
        ((ObjectNode) prop(props, "Vector").get("Value")).put("Y", 8.5);
        ((ObjectNode) prop(props, "Nested").get("Value").get(0)).put("Value", 5);
        ObjectNode mapValue = (ObjectNode) prop(props, "IntegerMap").get("Value").get(0).get(1);
        long oldMapValue = mapValue.get("Value").asLong();
        mapValue.put("Value", 1234);
        int oldClass = prop(props, "ClassReference").get("Value").asInt();
        prop(props, "ClassReference").put("Value", prop(props, "HardObjectReference").get("Value").asInt());
        List<Change> d = PackageDiff.diff(da, null, writeUe5(edited), null);

        assertThat(lines(d)).containsExactly(
                "~ Exports[DA_AllProperties].Integer: 305419896 -> 7",
                "~ Exports[DA_AllProperties].Vector.Y: -2.5 -> 8.5",
                "~ Exports[DA_AllProperties].Nested.Marker: " + prop((ArrayNode) t.get("Exports").get(1).get("Data"), "Nested")
                        .get("Value").get(0).get("Value").asText() + " -> 5",
                "~ Exports[DA_AllProperties].IntegerArray[1]: "
                        + prop((ArrayNode) t.get("Exports").get(1).get("Data"), "IntegerArray").get("Value").get(1).get("Value").asText()
                        + " -> 99",
                "~ Exports[DA_AllProperties].IntegerMap[\"Minimum\"]: " + oldMapValue + " -> 1234",
                "~ Exports[DA_AllProperties].ClassReference: \"" + refText(t, oldClass) + "\" -> \""
                        + refText(t, prop(props, "HardObjectReference").get("Value").asInt()) + "\"");
    }

    @Test
    void anImportAddedBeforeTheOthersIsOneChangeNotEveryReference() {
        // every import index shifts by one; references compare by the object they name
        AssetPackage da = PropertyFixtures.legacyPak(PropertyFixtures.LEGACY_PAKS.get(0)).get("Properties/DA_AllProperties");
        ObjectNode edited = UAssetJson.toTree(da, null);
        shiftImports(edited, false);
        ObjectNode imp = ((ObjectNode) edited.get("Imports").get(0)).deepCopy();
        imp.put("ObjectName", "/Script/DiffFixture").put("OuterIndex", 0).put("ClassPackage", "/Script/CoreUObject").put("ClassName", "Package");
        ((ArrayNode) edited.get("Imports")).insert(0, imp);
        ((ArrayNode) edited.get("NameMap")).add("/Script/DiffFixture");
        AssetPackage shifted = writeUe5(edited);
        assertThat(shifted.imports()).hasSize(da.imports().size() + 1);

        assertThat(lines(PackageDiff.diff(da, null, shifted, null))).containsExactly(
                "+ Names[/Script/DiffFixture]: \"/Script/DiffFixture\"",
                "+ Imports[/Script/DiffFixture]: {\"ClassPackage\":\"/Script/CoreUObject\",\"ClassName\":\"Package\"}");
    }

    private static final java.util.Set<String> INDEX_FIELDS = java.util.Set.of("OuterIndex", "ClassIndex", "SuperIndex", "TemplateIndex",
            "ResolvedOwner", "Object");

    /** Renumbers every import reference of the tree as if one import were inserted first. */
    private static void shiftImports(JsonNode n, boolean objectValue) {
        if (n instanceof ObjectNode o) {
            boolean isRef = o.path("$type").asText().contains(".ObjectPropertyData");
            for (String f : List.copyOf(iterable(o))) {
                JsonNode v = o.get(f);
                boolean index = INDEX_FIELDS.contains(f) || isRef && f.equals("Value");
                if (index && v.isIntegralNumber() && v.asInt() < 0) {
                    o.put(f, v.asInt() - 1);
                } else if (f.endsWith("Dependencies") && v.isArray()) {
                    ArrayNode a = (ArrayNode) v;
                    for (int k = 0; k < a.size(); k++) {
                        if (a.get(k).asInt() < 0) {
                            a.set(k, a.get(k).asInt() - 1);
                        }
                    }
                } else {
                    shiftImports(v, false);
                }
            }
        } else if (n instanceof ArrayNode a) {
            a.forEach(e -> shiftImports(e, false));
        }
    }

    private static List<String> iterable(ObjectNode o) {
        List<String> names = new java.util.ArrayList<>();
        o.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static String refText(JsonNode tree, int index) {
        return new PackageDiff.Refs(tree).ref(index).asText();
    }

    private static ObjectNode prop(ArrayNode props, String name) {
        for (JsonNode p : props) {
            if (p.path("Name").asText().equals(name)) {
                return (ObjectNode) p;
            }
        }
        throw new AssertionError("no property " + name);
    }

    private static AssetPackage writeUe5(JsonNode tree) {
        AssetPackage.Bytes bytes = UAssetJson.fromTree(tree, "DA_AllProperties.uasset").toBytes();
        return AssetPackage.read(bytes.header(), bytes.exports(), "DA_AllProperties.uasset", EngineVersion.UE5_8);
    }
}
