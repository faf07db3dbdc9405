package io.uassetd.codecs.asset.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.property.structs.NativeStructs;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.error.JsonFormatException;
import io.uassetd.testkit.Fixtures;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The inventory of UAssetAPI's JSON ({@code uassetapi-inventory.tsv}: every PropertyData class, export
 * type and top-level field of UAssetAPI's current source, with the older variants it wrote) against
 * the code: the table and the reader's and writer's supported sets are equal, and every row is tried
 * on JSON made from the real UAssetGUI file {@code uassetgui-json/CPF_BearNest_Level.json} (UE4.27,
 * tagged): a property row's value put into its first NormalExport, an export row's type at the level
 * or in another real file, a field row changed in the document.
 */
class UAssetApiInventoryTest {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final String HOST = "CPF_BearNest_Level.json";
    /** The export holding the sample property (a NormalExport of the host). */
    private static final int AT = 0;

    record Row(String kind, String name, String origin, String variant, String read, String written, String note) {
        @Override
        public String toString() {
            return kind + " " + name.replace("UAssetAPI.PropertyTypes.", "").replace(", UAssetAPI", "") + " " + variant;
        }
    }

    static List<Row> rows() {
        try (InputStream in = UAssetApiJson.class.getResourceAsStream("uassetapi-inventory.tsv")) {
            List<Row> out = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] c = line.split("\t", -1);
                assertThat(c).as(line).hasSize(7);
                out.add(new Row(c[0], c[1], c[2], c[3], c[4], c[5], c[6]));
            }
            return out;
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static Set<String> names(String kind, boolean current, String column, String value) {
        return rows().stream().filter(r -> r.kind().equals(kind) && r.variant().equals("current") == current)
                .filter(r -> (column.equals("read") ? r.read() : r.written()).equals(value)).map(Row::name)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void theTableAndTheCodeAgree() {
        // properties: 124 UAssetAPI classes (its source at 33ef77e), 10 of uassetd's own native structs
        assertThat(rows().stream().filter(r -> r.kind().equals("property") && r.variant().equals("current")
                && r.origin().equals("uassetapi")).count()).isEqualTo(124);
        assertThat(names("property", true, "read", "yes")).isEqualTo(new TreeSet<>(ValueJson.readTypes()));
        assertThat(names("property", true, "written", "yes")).isEqualTo(new TreeSet<>(ValueJson.writtenTypes()));
        // exports: UAssetAPI's 16 export classes
        assertThat(rows().stream().filter(r -> r.kind().equals("export") && r.variant().equals("current")).count()).isEqualTo(16);
        assertThat(names("export", true, "read", "yes"))
                .isEqualTo(ExportJson.TYPES.stream().map(ExportJsonType::typeName).collect(Collectors.toCollection(TreeSet::new)));
        assertThat(names("export", true, "written", "yes")).isEqualTo(ExportJson.TYPES.stream()
                .filter(t -> !(t instanceof ReadOnlyExportJson)).map(ExportJsonType::typeName).collect(Collectors.toCollection(TreeSet::new)));
        // top-level fields, older ones included, by what the reader does with them
        Map<String, Set<String>> table = new TreeMap<>();
        rows().stream().filter(r -> r.kind().equals("field")).forEach(r -> table.computeIfAbsent(r.read(), k -> new TreeSet<>()).add(r.name()));
        Map<String, Set<String>> code = new TreeMap<>();
        UAssetApiJson.TOP_LEVEL_FIELDS.forEach((k, v) -> code.put(k, new TreeSet<>(v)));
        assertThat(table).isEqualTo(code);
        // every older variant names a current row of its own
        for (Row r : rows()) {
            if (!r.variant().equals("current") && !r.kind().equals("field")) {
                assertThat(rows()).as(r.toString()).anyMatch(c -> c.name().equals(r.name()) && c.variant().equals("current"));
            }
        }
    }

    @Test
    void theDocumentRendersTheTable() throws IOException {
        Path doc = Path.of("../docs/uassetapi-json.md");
        String text = Files.readString(doc);
        String table = render();
        assertThat(text).as("docs/uassetapi-json.md holds the table as UAssetApiInventoryTest.render() writes it").contains(table);
    }

    /** The inventory as the Markdown tables of docs/uassetapi-json.md. */
    static String render() {
        StringBuilder b = new StringBuilder();
        for (String kind : List.of("property", "export", "field")) {
            b.append("| ").append(kind).append(" | origin | variant | read | written | note |\n|---|---|---|---|---|---|\n");
            for (Row r : rows()) {
                if (r.kind().equals(kind)) {
                    b.append("| `").append(r.name().replace("UAssetAPI.PropertyTypes.", "").replace("UAssetAPI.ExportTypes.", "")
                            .replace(", UAssetAPI", "")).append("` | ").append(r.origin()).append(" | ").append(r.variant()).append(" | ")
                            .append(r.read()).append(" | ").append(r.written()).append(" | ").append(r.note().replace("|", "\\|"))
                            .append(" |\n");
                }
            }
            b.append('\n');
        }
        return b.toString();
    }

    // ---- one test per row --------------------------------------------------------------------------

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void eachRow(Row row) throws IOException {
        switch (row.kind()) {
            case "property" -> property(row);
            case "export" -> export(row);
            case "field" -> field(row);
            default -> throw new AssertionError("kind " + row.kind());
        }
    }

    private static ObjectNode host() throws IOException {
        return (ObjectNode) UAssetJson.parse(Files.readAllBytes(Fixtures.path("uassetgui-json").resolve(HOST)), HOST);
    }

    private static AssetPackage.Bytes bytes(JsonNode doc) {
        return UAssetJson.toPackageBytes(doc, "CPF_BearNest_Level.umap");
    }

    /** The document with the property appended to the host export's Data; its names added to the name map. */
    private static ObjectNode withProperty(ObjectNode p, String... names) throws IOException {
        ObjectNode doc = host();
        ArrayNode map = (ArrayNode) doc.get("NameMap");
        for (String n : names) {
            map.add(n);
        }
        ((ArrayNode) doc.get("Exports").get(AT).get("Data")).add(p);
        return doc;
    }

    private static void property(Row row) throws IOException {
        String shortName = row.name().substring(row.name().lastIndexOf('.') + 1).replace(", UAssetAPI", "");
        if (row.variant().equals("before-2022-04")) {
            // ByteType Long: the name-map indexes of the enum type and value; ByteType Byte: the enum type's index
            ObjectNode current = withProperty(byteFName(), "ESample", "ESample::A");
            int enumType = current.get("NameMap").size() - 2;
            ObjectNode old = withProperty(property(ValueJson.OBJECTS + "BytePropertyData" + ValueJson.ASSEMBLY)
                    .put("ByteType", "Long").put("EnumType", enumType).put("Value", enumType + 1), "ESample", "ESample::A");
            assertThat(bytes(old).exports()).isEqualTo(bytes(current).exports());
            ObjectNode plain = withProperty(property(row.name()).put("ByteType", "Byte").put("EnumType", "ESample").put("Value", 9),
                    "ESample");
            ObjectNode plainOld = withProperty(property(row.name()).put("ByteType", "Byte").put("EnumType", enumType).put("Value", 9),
                    "ESample");
            assertThat(bytes(plainOld).exports()).isEqualTo(bytes(plain).exports());
            return;
        }
        if (row.variant().equals("uassetd-before-2026-11")) {
            ObjectNode old = byteFName();
            old.set("Value", old.remove("EnumValue"));
            assertThat(bytes(withProperty(old)).exports()).isEqualTo(bytes(withProperty(byteFName())).exports());
            return;
        }
        if (row.read().equals("no")) {
            ObjectNode p = property(row.name());
            p.putNull("Value");
            ObjectNode doc = withProperty(p);
            int index = doc.get("Exports").get(AT).get("Data").size() - 1;
            assertThatThrownBy(() -> bytes(doc)).isInstanceOf(JsonFormatException.class)
                    .hasMessageContaining("$.Exports[" + AT + "].Data[" + index + "]").hasMessageContaining(shortName);
            return;
        }
        ObjectNode sample = sample(row.name(), shortName);
        ObjectNode doc = withProperty(sample, "SampleName", "SampleStruct", "ESample", "ESample::A");
        AssetPackage.Bytes written = bytes(doc);
        AssetPackage back = AssetPackage.read(written.header(), written.exports(), "CPF_BearNest_Level.umap", EngineVersion.UE4_27);
        ObjectNode json = UAssetJson.toTree(back, null);
        JsonNode data = json.get("Exports").get(AT).get("Data");
        JsonNode out = data.get(data.size() - 1);
        assertThat(out.get("Name").asText()).isEqualTo("Sample");
        JsonNode expected = sample;
        if (sample.get("$type").asText().equals(ValueJson.STRUCT) && !shortName.equals("StructPropertyData")) {
            expected = sample.get("Value").get(0); // UAssetAPI's nested native struct comes back flat
        }
        String backType = switch (shortName) {
            case "WeakObjectPropertyData", "InterfacePropertyData" -> ValueJson.OBJECTS + "ObjectPropertyData" + ValueJson.ASSEMBLY;
            case "Utf8StrPropertyData" -> ValueJson.OBJECTS + "StrPropertyData" + ValueJson.ASSEMBLY;
            default -> row.name();
        };
        assertThat(out.get("$type").asText()).isEqualTo(backType);
        for (String f : List.of("Value", "EnumType", "EnumValue", "ByteType", "StructType", "SerializingPropertyType", "HistoryType",
                "Namespace", "CultureInvariantString", "TableId", "ArrayType", "KeyType", "ValueType")) {
            if (expected.has(f)) {
                String diff = difference("$." + f, expected.get(f), out.get(f));
                assertThat(diff).as(row + " " + out).isNull();
            }
        }
        // the JSON written back reads to the same bytes
        AssetPackage.Bytes again = UAssetJson.toPackageBytes(json, "CPF_BearNest_Level.umap");
        assertThat(again.exports()).isEqualTo(written.exports());
    }

    private static ObjectNode property(String type) {
        ObjectNode p = F.objectNode();
        p.put("$type", type);
        p.put("Name", "Sample");
        p.put("ArrayIndex", 0);
        p.putNull("PropertyGuid");
        return p;
    }

    private static ObjectNode byteFName() {
        return property(ValueJson.OBJECTS + "BytePropertyData" + ValueJson.ASSEMBLY).put("ByteType", "FName").put("EnumType", "ESample")
                .put("EnumValue", "ESample::A");
    }

    private static ObjectNode element(String kind, int value) {
        ObjectNode e = F.objectNode();
        e.put("$type", ValueJson.OBJECTS + kind + "PropertyData" + ValueJson.ASSEMBLY);
        e.put("Name", "Sample");
        e.put("Value", value);
        return e;
    }

    /** A value of the $type in UAssetAPI's current shape (a native struct nested in a StructPropertyData, as UAssetAPI writes it). */
    private static ObjectNode sample(String type, String shortName) {
        ObjectNode p = property(type);
        String kind = shortName.replace("PropertyData", "");
        switch (kind) {
            case "Int8" -> p.put("Value", -3);
            case "Int16", "Int", "Int64", "UInt16", "UInt32", "UInt64" -> p.put("Value", 7);
            case "Float" -> p.put("Value", 1.5);
            case "Double" -> p.put("Value", 2.25);
            case "Bool" -> p.put("Value", true);
            case "Str", "Utf8Str" -> p.put("Value", "hello");
            case "Name" -> p.put("Value", "SampleName");
            case "Byte" -> p.put("ByteType", "FName").put("EnumType", "ESample").put("EnumValue", "ESample::A");
            case "Enum" -> p.put("EnumType", "ESample").put("Value", "ESample::A");
            case "Object", "WeakObject", "Interface" -> p.put("Value", -1);
            case "Array", "Set" -> {
                p.put("ArrayType", "IntProperty");
                p.putArray("Value").add(element("Int", 4)).add(element("Int", 5));
            }
            case "Map" -> {
                p.put("KeyType", "IntProperty").put("ValueType", "IntProperty");
                p.putArray("Value").addArray().add(element("Int", 1)).add(element("Int", 2));
            }
            case "Struct" -> {
                p.put("StructType", "SampleStruct");
                p.putArray("Value").add(element("Int", 3).put("Name", "Inner"));
            }
            case "Text" -> p.put("HistoryType", "Base").put("Flags", 0).put("Namespace", "NS").put("Value", "KEY")
                    .put("CultureInvariantString", "text");
            case "SoftObject" -> {
                ObjectNode v = p.putObject("Value");
                v.putObject("AssetPath").putNull("PackageName").put("AssetName", "SampleName"); // UE4: one name
                v.put("SubPathString", "sub");
            }
            case "Delegate" -> p.putObject("Value").put("Object", -1).put("Delegate", "SampleName");
            case "MulticastDelegate", "MulticastInlineDelegate", "MulticastSparseDelegate" ->
                p.putArray("Value").addObject().put("Object", -1).put("Delegate", "SampleName");
            case "FieldPath" -> {
                ObjectNode v = p.putObject("Value");
                v.putArray("Path").add("SampleName");
                v.put("ResolvedOwner", -1);
            }
            case "Unknown" -> p.put("SerializingPropertyType", "SampleProperty")
                    .put("Value", Base64.getEncoder().encodeToString(new byte[] {1, 2, 3, 4}));
            default -> {
                NativeStructs.Layout layout = NativeStructJson.layoutOf(type);
                assertThat(layout).as(type).isNotNull();
                p.set("Value", kind.equals("Guid") ? F.textNode("{01234567-89AB-CDEF-0123-456789ABCDEF}") : fields(layout));
                if (type.contains("PropertyTypes.Structs.") && !layout.name().contains("_") && !List.of("Sphere", "Vector3d", "Vector4d",
                        "Quat4f", "Rotator3f", "IntVector4").contains(layout.name())) {
                    // UAssetAPI writes a struct property holding the native struct's own PropertyData
                    ObjectNode outer = property(ValueJson.STRUCT);
                    outer.put("StructType", layout.name());
                    outer.putArray("Value").add(p);
                    return outer;
                }
            }
        }
        return p;
    }

    private static ObjectNode fields(NativeStructs.Layout layout) {
        ObjectNode o = F.objectNode();
        int n = 1;
        for (NativeStructs.Field f : layout.fields()) {
            n++;
            switch (f.kind()) {
                case REAL, F32, F64 -> o.put(f.name(), n + 0.5);
                case I32, U32, I64, U8 -> o.put(f.name(), n);
                case BOOL32 -> o.put(f.name(), true);
                case NAME -> o.put(f.name(), "SampleName");
                case NAME_ARRAY -> o.putArray(f.name()).add("SampleName");
                case F32_ARRAY -> o.putArray(f.name()).add(n + 0.25).add(n + 0.75);
                case I32_ARRAY -> o.putArray(f.name()).add(n).add(n + 1);
                case STRUCT -> o.set(f.name(), fields(NativeStructs.layout(f.struct())));
                default -> throw new AssertionError("field kind " + f.kind());
            }
        }
        return o;
    }

    /** The first difference between a sample value and the value written back (numbers by value, "$type" of nested objects ignored). */
    static String difference(String path, JsonNode a, JsonNode b) {
        if (b == null) {
            return path + " missing";
        }
        if (a.isNumber() && b.isNumber()) {
            return a.doubleValue() == b.doubleValue() ? null : path + ": " + a + " vs " + b;
        }
        if (a.isObject() && b.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> it = a.properties().iterator();
            while (it.hasNext()) {
                var e = it.next();
                if (e.getKey().equals("$type") || e.getKey().equals("Name") && path.contains("[")) {
                    continue;
                }
                String d = difference(path + "." + e.getKey(), e.getValue(), b.get(e.getKey()));
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (a.isArray() && b.isArray()) {
            if (a.size() != b.size()) {
                return path + " size " + a.size() + " vs " + b.size();
            }
            for (int i = 0; i < a.size(); i++) {
                String d = difference(path + "[" + i + "]", a.get(i), b.get(i));
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        return a.equals(b) ? null : path + ": " + a + " vs " + b;
    }

    // ---- exports -----------------------------------------------------------------------------------

    private static final Map<String, String> FILE_OF_EXPORT = Map.of("NormalExport", HOST, "LevelExport", HOST,
            "DataTableExport", "DT_ThrowLights.json", "StringTableExport", "World_StringTable.json");

    private static void export(Row row) throws IOException {
        String type = row.name();
        String shortName = type.replace("UAssetAPI.ExportTypes.", "").replace(", UAssetAPI", "");
        if (!row.variant().equals("current")) {
            levelVariant(row.variant());
            return;
        }
        if (row.read().equals("no")) {
            ObjectNode doc = host();
            ((ObjectNode) doc.get("Exports").get(AT)).put("$type", type);
            assertThatThrownBy(() -> bytes(doc)).isInstanceOf(JsonFormatException.class)
                    .hasMessageContaining("$.Exports[" + AT + "].$type").hasMessageContaining(shortName);
            return;
        }
        String file = FILE_OF_EXPORT.get(shortName);
        if (file != null) {
            // a real UAssetGUI file holding the type: read, written and written back as UAssetAPI writes it
            byte[] json = Files.readAllBytes(Fixtures.path("uassetgui-json").resolve(file));
            JsonNode in = UAssetJson.parse(json, file);
            AssetPackage.Bytes b = UAssetJson.toPackageBytes(in, file.replace(".json", ".uasset"));
            AssetPackage back = AssetPackage.read(b.header(), b.exports(), file, EngineVersion.UE4_27);
            JsonNode out = UAssetJson.toTree(back, null);
            int found = 0;
            for (int i = 0; i < in.get("Exports").size(); i++) {
                if (in.get("Exports").get(i).get("$type").asText().equals(type)) {
                    assertThat(out.get("Exports").get(i).get("$type").asText()).isEqualTo(type);
                    found++;
                }
            }
            assertThat(found).isPositive();
            return;
        }
        // the other types: a document that names the type at the host's first export is read, or refused with a
        // JSON error naming that export (never an internal error); the reader exists
        assertThat(ExportJson.typeOf(new JsonIn(F.objectNode().put("$type", type), "$", "x")).typeName()).isEqualTo(type);
        ObjectNode doc = host();
        ((ObjectNode) doc.get("Exports").get(AT)).put("$type", type);
        try {
            bytes(doc);
        } catch (JsonFormatException e) {
            assertThat(e.getMessage()).contains("$");
        }
    }

    /** UAssetAPI's older LevelExport shapes, made from the real file's LevelExport, give the same package. */
    private static void levelVariant(String variant) throws IOException {
        ObjectNode current = host();
        int level = -1;
        for (int i = 0; i < current.get("Exports").size(); i++) {
            if (current.get("Exports").get(i).get("$type").asText().equals(LevelExportJson.TYPE)) {
                level = i;
            }
        }
        assertThat(level).isNotNegative();
        ObjectNode doc = current.deepCopy();
        ObjectNode l = (ObjectNode) doc.get("Exports").get(level);
        assertThat(l.get("ObjectGuid").isNull()).isTrue();
        l.remove("ObjectGuid");
        if (!variant.equals("2024-06-to-2024-08")) {
            // the bytes after the actors as that UAssetAPI read them: URL's Protocol as LevelType.Namespace, its empty
            // Host as the int32 0, Map as LevelType.Value, the empty Portal and Op count as the int64 0, Port and Valid
            // as FlagsProbably, then int32s to the export's last byte
            JsonNode url = l.get("URL");
            assertThat(url.get("Host").isNull() && url.get("Portal").isNull() && url.get("Op").isEmpty()).isTrue();
            ObjectNode type = F.objectNode().put("Namespace", url.get("Protocol").asText()).put("Value", url.get("Map").asText());
            long flags = (url.get("Port").asLong() & 0xFFFFFFFFL) | url.get("Valid").asLong() << 32;
            List<Integer> misc = new ArrayList<>();
            misc.add(l.get("Model").asInt());
            misc.add(l.get("ModelComponents").size());
            l.get("ModelComponents").forEach(m -> misc.add(m.asInt()));
            for (String f : List.of("LevelScriptActor", "NavListStart", "NavListEnd")) {
                misc.add(l.get(f).asInt());
            }
            byte[] extras = Base64.getDecoder().decode(l.get("Extras").asText());
            assertThat((extras.length - 1) % 4).isZero();
            assertThat(extras[extras.length - 1]).isZero();
            ByteBuffer b = ByteBuffer.wrap(extras, 0, extras.length - 1).order(ByteOrder.LITTLE_ENDIAN);
            while (b.hasRemaining()) {
                misc.add(b.getInt());
            }
            for (String f : List.of("Owner", "URL", "Model", "ModelComponents", "LevelScriptActor", "NavListStart", "NavListEnd")) {
                l.remove(f);
            }
            l.set("LevelType", type);
            l.put("FlagsProbably", flags);
            ArrayNode m = l.putArray("MiscCategoryData");
            misc.forEach(m::add);
            l.put("Extras", "");
            if (variant.equals("before-2022-10")) {
                l.set("IndexData", l.remove("Actors"));
            }
        }
        assertThat(bytes(doc).exports()).isEqualTo(bytes(current).exports());
        assertThat(bytes(doc).header()).isEqualTo(bytes(current).header());
    }

    // ---- fields ------------------------------------------------------------------------------------

    private static void field(Row row) throws IOException {
        String f = row.name();
        ObjectNode doc = host();
        AssetPackage.Bytes base = bytes(doc);
        switch (row.read()) {
            case "refused-if-set" -> {
                doc.put(f, "AQID");
                if (f.equals("AppendedNullBytes")) {
                    doc.put(f, 3);
                }
                assertThatThrownBy(() -> bytes(doc)).isInstanceOf(JsonFormatException.class).hasMessageContaining("$." + f);
            }
            case "computed", "ignored" -> {
                doc.put(f, f.startsWith("do") || f.startsWith("Is") || f.startsWith("Has") || f.startsWith("Will") ? "x" : "12345");
                if (doc.path(f).isTextual() && List.of("doWeHaveAssetRegistryData", "doWeHaveWorldTileInfo", "IsFilterEditorOnly",
                        "HasUnversionedProperties", "WillSerializeNameHashes").contains(f)) {
                    doc.put(f, !host().path(f).asBoolean(true));
                }
                AssetPackage.Bytes b = bytes(doc);
                assertThat(b.header()).as(f + " does not change the package").isEqualTo(base.header());
                assertThat(b.exports()).isEqualTo(base.exports());
            }
            case "read" -> readField(row, doc, base);
            default -> throw new AssertionError(row.read());
        }
    }

    /** A field the reader uses: changed (or given in its older shape), the package changes as it says (or stays the same). */
    private static void readField(Row row, ObjectNode doc, AssetPackage.Bytes base) throws IOException {
        String f = row.name();
        String variant = row.variant();
        switch (f + "@" + variant) {
            case "AssetRegistryData@1.0.0" -> {
                doc.putArray(f);
                assertThat(bytes(doc).header()).isEqualTo(base.header());
                doc.putArray(f).add(1);
                assertThatThrownBy(() -> bytes(doc)).isInstanceOf(JsonFormatException.class).hasMessageContaining("$.AssetRegistryData");
                return;
            }
            case "AssetRegistryData@2022-10-to-2025-09" -> {
                doc.put(f, Base64.getEncoder().encodeToString(new byte[] {1, 0, 0, 0, 9, 9}));
                byte[] h = bytes(doc).header();
                assertThat(h.length).isEqualTo(base.header().length + 2);
                return;
            }
            case "EngineVersion@1.0.0" -> {
                doc.remove("ObjectVersion");
                doc.remove("ObjectVersionUE5");
                doc.put(f, "VER_UE4_27");
                assertThat(bytes(doc).header()).isEqualTo(base.header());
                return;
            }
            default -> {
            }
        }
        switch (f) {
            case "AssetRegistryRecords" -> {
                // UAssetAPI 1.1's parsed form of the same registry (a cooked package: count then records)
                doc.remove("AssetRegistryData");
                doc.putArray(f);
                assertThat(bytes(doc).header()).isEqualTo(base.header());
                ObjectNode r = ((ArrayNode) doc.get(f)).addObject().put("Path", "PersistentLevel").put("ClassName", "Level");
                r.putObject("TagMap").put("Key", "Value");
                byte[] h = bytes(doc).header();
                assertThat(new String(h, StandardCharsets.ISO_8859_1)).contains("PersistentLevel\0").contains("Key\0").contains("Value\0");
            }
            case "ImportBits", "SoftPackageBits", "ExtraPackageDependencies" -> {
                // editor packages only: a cooked package (FilterEditorOnly) has no dependency data, the field is not used
                doc.remove("AssetRegistryData");
                doc.putArray("AssetRegistryRecords");
                byte[] before = bytes(doc).header();
                doc.putArray(f).add(true);
                assertThat(bytes(doc).header()).isEqualTo(before);
                // an editor package (no FilterEditorOnly): the bits follow the records, the offset in front points at them
                doc.put("PackageFlags", "PKG_ContainsMap");
                doc.remove(f);
                byte[] empty = bytes(doc).header();
                doc.putArray(f).add(true).add(false).add(true);
                if (f.equals("ExtraPackageDependencies")) {
                    doc.putArray(f).addObject().put("Key", "None").put("Value", 1);
                }
                byte[] with = bytes(doc).header();
                assertThat(with.length).as("an editor UE4.27 package has no ExtraPackageDependencies")
                        .isEqualTo(f.equals("ExtraPackageDependencies") ? empty.length : empty.length + 4);
            }
            case "$type" -> {
                doc.put(f, "UAssetAPI.NotAnAsset, UAssetAPI");
                assertThatThrownBy(() -> bytes(doc)).isInstanceOf(JsonFormatException.class).hasMessageContaining("$type");
            }
            case "ObjectVersionUE5", "SoftObjectPathList", "DataResources", "DataResourceVersion" -> {
                // UE5 fields: a UE4.27 document (ObjectVersionUE5 UNKNOWN) gives the same package without them
                doc.remove(f);
                assertThat(bytes(doc).header()).isEqualTo(base.header());
                ObjectNode ue5 = host();
                ue5.put("ObjectVersionUE5", "LARGE_WORLD_COORDINATES");
                if (f.equals("ObjectVersionUE5")) {
                    assertThat(bytes(ue5).header()).isNotEqualTo(base.header());
                }
            }
            default -> {
                if (f.equals("FileVersionLicenseeUE") || f.equals("CustomVersionContainer")) {
                    // written only in a versioned summary (this file's is unversioned)
                    doc.put("IsUnversioned", false);
                    base = bytes(doc);
                }
                if (f.equals("NamesReferencedFromExportDataCount")) {
                    // written from UE5's NAMES_REFERENCED_FROM_EXPORT_DATA on
                    doc.put("ObjectVersionUE5", "NAMES_REFERENCED_FROM_EXPORT_DATA");
                    base = bytes(doc);
                }
                JsonNode changed = changed(f, doc.get(f));
                doc.set(f, changed);
                AssetPackage.Bytes b;
                try {
                    b = bytes(doc);
                } catch (JsonFormatException e) {
                    // a change the reader refuses shows it reads the field
                    assertThat(e.getMessage()).as(f).contains("$");
                    return;
                }
                assertThat(b.header().length == base.header().length && java.util.Arrays.equals(b.header(), base.header())
                        && java.util.Arrays.equals(b.exports(), base.exports())).as(f + " changes the package").isFalse();
            }
        }
    }

    /** A changed value of a field. */
    private static JsonNode changed(String f, JsonNode v) {
        return switch (f) {
            case "UseSeparateBulkDataFiles", "UsesEventDrivenLoader", "IsUnversioned" -> F.booleanNode(!v.asBoolean());
            case "FileVersionLicenseeUE", "PackageSource", "NamesReferencedFromExportDataCount", "LegacyFileVersion" ->
                F.numberNode(v.asLong() == -7 ? -6 : -7);
            case "ObjectVersion" -> F.textNode("VER_UE4_26");
            case "PackageGuid" -> F.textNode("{01234567-89AB-CDEF-0123-456789ABCDEF}");
            case "FolderName" -> F.textNode("/Game/Other");
            case "PackageFlags" -> F.textNode("PKG_FilterEditorOnly");
            case "ChunkIDs" -> F.arrayNode().add(3);
            case "RecordedEngineVersion", "RecordedCompatibleWithEngineVersion" -> ((ObjectNode) v.deepCopy()).put("Major", 9);
            case "CustomVersionContainer" -> {
                // the first entry serialized (or, when it is, at another version)
                ArrayNode a = (ArrayNode) v.deepCopy();
                ObjectNode first = (ObjectNode) a.get(0);
                if (first.path("IsSerialized").asBoolean(true)) {
                    first.put("Version", first.get("Version").asInt() + 1);
                } else {
                    first.put("IsSerialized", true);
                }
                yield a;
            }
            case "DependsMap", "Exports", "Imports" -> {
                ArrayNode a = (ArrayNode) v.deepCopy();
                a.remove(a.size() - 1);
                yield a;
            }
            case "NameMap" -> ((ArrayNode) v.deepCopy()).add("AnotherName");
            case "SoftPackageReferenceList" -> F.arrayNode().add("/Game/Other");
            default -> throw new AssertionError("no change defined for " + f);
        };
    }
}
