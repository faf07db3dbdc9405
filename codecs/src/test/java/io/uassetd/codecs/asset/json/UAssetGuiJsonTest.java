package io.uassetd.codecs.asset.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.testkit.Fixtures;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The real files UAssetGUI (UAssetAPI 1.0.2.0) wrote, in {@code uassetgui-json/} (Return to Moria,
 * UE4.27, tagged properties, unversioned summary): each is read, written as a package, the package
 * read back (as UE4.27) and exported to JSON again, and that JSON compared with the input:
 *
 * <ul>
 * <li>the name map as a list (same entries, same order);</li>
 * <li>imports by ClassPackage, ClassName, OuterIndex, ObjectName, PackageName, bImportOptional;</li>
 * <li>exports by $type (a LevelExport comes back as a LevelExport), ObjectName, OuterIndex,
 * ClassIndex, SuperIndex, TemplateIndex, ObjectFlags (UAssetAPI's names against the number), the
 * forced/client/server/asset flags, the four dependency lists, and SerialOffset and SerialSize, which
 * UAssetAPI recorded from the original binary: equal means every export and the header have the
 * original's sizes;</li>
 * <li>property trees value by value ({@link #property}): $type, Name and ArrayIndex, struct and enum
 * types, texts by flags, history, namespace, key, source string and table, soft object paths by
 * path name and sub path, containers element by element; reals compared as the float32 the package
 * stores (UAssetAPI's {@code "+0"}, {@code "-0"}, {@code "NaN"}, {@code "Infinity"} as numbers, a
 * signed zero keeping its sign), other numbers exactly; UAssetAPI's nested native structs
 * ({@code StructPropertyData} holding one {@code VectorPropertyData}) against uassetd's flat form;</li>
 * <li>data table rows by name and struct, string tables by namespace and entries, and the bytes after
 * the properties: a level's {@code ObjectGuid}, ULevel fields and {@code Extras} as UAssetAPI's; for a
 * NormalExport uassetd's {@code Extras} are UAssetAPI's {@code ObjectGuid} (bool32), then UAssetAPI's
 * {@code Extras}.</li>
 * </ul>
 */
class UAssetGuiJsonTest {
    /** Every file of the folder (a file added or missing fails the test rather than being skipped). */
    private static final List<String> FILES = List.of("CPF_BearNest_Level.json", "DT_Moria_Chapters.json",
            "DT_Moria_ZoneFilters.json", "DT_ThrowLights.json", "World_StringTable.json");
    private static final Map<String, String> TYPE_BACK = Map.of("NormalExport", "NormalExport", "LevelExport", "LevelExport",
            "DataTableExport", "DataTableExport", "StringTableExport", "StringTableExport");

    @Test
    void everyRealUAssetGuiFileReadsWritesAndComesBackTheSame() throws IOException {
        Path dir = Fixtures.path("uassetgui-json");
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json")).sorted().toList())
                    .containsExactlyElementsOf(FILES);
        }
        List<String> differences = new ArrayList<>();
        int exports = 0;
        for (String file : FILES) {
            byte[] json = Files.readAllBytes(dir.resolve(file));
            JsonNode in = UAssetJson.parse(json, file);
            assertThat(in.has("Uassetd")).isFalse();
            String name = file.replace(".json", ".uasset");
            AssetPackage pkg = UAssetJson.fromJson(json, name);
            AssetPackage.Bytes bytes = pkg.toBytes();
            AssetPackage reread = AssetPackage.read(bytes.header(), bytes.exports(), name, EngineVersion.UE4_27);
            ObjectNode out = UAssetJson.toTree(reread, null);
            new Compare(file, differences).document(in, out);
            exports += in.get("Exports").size();
            // what was written is stable: our own JSON of it writes the same bytes again
            AssetPackage.Bytes again = UAssetJson.fromJson(UAssetJson.toJson(reread, null), name).toBytes();
            assertThat(again.header()).as(file).isEqualTo(bytes.header());
            assertThat(again.exports()).as(file).isEqualTo(bytes.exports());
        }
        assertThat(differences).isEmpty();
        assertThat(exports).isEqualTo(14 + 1 + 1 + 1 + 1);
    }

    @Test
    void theComparisonSeesAChangedValue() throws IOException {
        // the comparison itself can fail: a value changed in the input is reported with its path
        Path dir = Fixtures.path("uassetgui-json");
        byte[] json = Files.readAllBytes(dir.resolve("DT_ThrowLights.json"));
        JsonNode in = UAssetJson.parse(json, "DT_ThrowLights.json");
        AssetPackage reread = roundTrip(json, "DT_ThrowLights.uasset");
        ObjectNode out = UAssetJson.toTree(reread, null);
        ObjectNode changed = in.deepCopy();
        ObjectNode duration = (ObjectNode) changed.get("Exports").get(0).get("Table").get("Data").get(0).get("Value").get(0);
        duration.put("Value", 21.0);
        ((ObjectNode) changed.get("Exports").get(0)).put("SerialSize", 1);
        List<String> differences = new ArrayList<>();
        new Compare("x", differences).document(changed, out);
        assertThat(differences).hasSize(2);
        assertThat(differences.get(0)).contains("SerialSize");
        assertThat(differences.get(1)).contains("Table.Data[0].Value[0].Value").contains("21.0").contains("20.0");
    }

    private static AssetPackage roundTrip(byte[] json, String name) {
        AssetPackage.Bytes bytes = UAssetJson.fromJson(json, name).toBytes();
        return AssetPackage.read(bytes.header(), bytes.exports(), name, EngineVersion.UE4_27);
    }

    /** Compares a UAssetAPI document with uassetd's JSON of the package written from it. */
    private record Compare(String file, List<String> out) {
        void differ(String path, Object theirs, Object ours) {
            out.add(file + " " + path + ": " + theirs + " vs " + ours);
        }

        void document(JsonNode in, JsonNode back) {
            equalNodes("NameMap", in.get("NameMap"), back.get("NameMap"));
            JsonNode ti = in.get("Imports");
            JsonNode oi = back.get("Imports");
            if (ti.size() != oi.size()) {
                differ("Imports", ti.size(), oi.size());
            } else {
                for (int i = 0; i < ti.size(); i++) {
                    for (String f : List.of("ClassPackage", "ClassName", "OuterIndex", "ObjectName", "PackageName", "bImportOptional")) {
                        scalar("Imports[" + i + "]." + f, ti.get(i).get(f), oi.get(i).get(f));
                    }
                }
            }
            JsonNode te = in.get("Exports");
            JsonNode oe = back.get("Exports");
            if (te.size() != oe.size()) {
                differ("Exports", te.size(), oe.size());
                return;
            }
            for (int i = 0; i < te.size(); i++) {
                export("Exports[" + i + "]", te.get(i), oe.get(i));
            }
        }

        void export(String path, JsonNode t, JsonNode o) {
            String type = simple(t);
            scalar(path + ".$type", TYPE_BACK.get(type), simple(o));
            for (String f : List.of("ObjectName", "OuterIndex", "ClassIndex", "SuperIndex", "TemplateIndex", "SerialSize", "SerialOffset",
                    "bForcedExport", "bNotForClient", "bNotForServer", "bIsAsset", "bNotAlwaysLoadedForEditorGame",
                    "SerializationBeforeSerializationDependencies", "CreateBeforeSerializationDependencies",
                    "SerializationBeforeCreateDependencies", "CreateBeforeCreateDependencies")) {
                equalNodes(path + "." + f, t.get(f), o.get(f));
            }
            long flags = UAssetApiJson.flags(JsonIn.root(t.get("ObjectFlags"), file), UAssetApiJson.OBJECT_FLAGS);
            if (flags != o.get("ObjectFlags").asLong()) {
                differ(path + ".ObjectFlags", flags, o.get("ObjectFlags"));
            }
            properties(path + ".Data", t.get("Data"), o.get("Data"));
            byte[] theirExtras = Base64.getDecoder().decode(t.get("Extras").asText());
            byte[] ourExtras = Base64.getDecoder().decode(o.get("Extras").asText());
            switch (type) {
                case "DataTableExport" -> {
                    scalar(path + ".ObjectGuid", t.get("ObjectGuid"), o.get("ObjectGuid"));
                    JsonNode tr = t.get("Table").get("Data");
                    JsonNode or = o.get("Table").get("Data");
                    if (tr.size() != or.size()) {
                        differ(path + ".Table.Data", tr.size(), or.size());
                        break;
                    }
                    for (int r = 0; r < tr.size(); r++) {
                        String rp = path + ".Table.Data[" + r + "]";
                        scalar(rp + ".Name", tr.get(r).get("Name"), or.get(r).get("Name"));
                        scalar(rp + ".StructType", tr.get(r).get("StructType"), or.get(r).get("StructType"));
                        properties(rp + ".Value", tr.get(r).get("Value"), or.get(r).get("Value"));
                    }
                    bytes(path + ".Extras", theirExtras, ourExtras);
                }
                case "StringTableExport" -> {
                    scalar(path + ".ObjectGuid", t.get("ObjectGuid"), o.get("ObjectGuid"));
                    scalar(path + ".Table.TableNamespace", t.get("Table").get("TableNamespace"), o.get("Table").get("TableNamespace"));
                    equalNodes(path + ".Table.Value", t.get("Table").get("Value"), o.get("Table").get("Value"));
                    bytes(path + ".Extras", theirExtras, ourExtras);
                }
                case "LevelExport" -> {
                    // written back as UAssetAPI writes it: ObjectGuid, ULevel's fields, the rest in Extras
                    scalar(path + ".ObjectGuid", t.get("ObjectGuid"), o.get("ObjectGuid"));
                    for (String f : List.of("Owner", "Actors", "URL", "Model", "ModelComponents", "LevelScriptActor", "NavListStart",
                            "NavListEnd")) {
                        equalNodes(path + "." + f, t.get(f), o.get(f));
                    }
                    bytes(path + ".Extras", theirExtras, ourExtras);
                }
                default -> {
                    // uassetd's Extras: the object GUID UAssetAPI parsed, then UAssetAPI's Extras
                    ByteBuffer b = ByteBuffer.wrap(ourExtras).order(ByteOrder.LITTLE_ENDIAN);
                    boolean hasGuid = !t.get("ObjectGuid").isNull();
                    scalar(path + ".ObjectGuid (bool32)", hasGuid ? 1 : 0, b.getInt());
                    if (hasGuid) {
                        b.position(b.position() + 16);
                    }
                    bytes(path + ".Extras", theirExtras, Arrays.copyOfRange(ourExtras, b.position(), ourExtras.length));
                }
            }
        }

        void bytes(String path, byte[] theirs, byte[] ours) {
            if (!Arrays.equals(theirs, ours)) {
                differ(path, Base64.getEncoder().encodeToString(theirs), Base64.getEncoder().encodeToString(ours));
            }
        }

        void properties(String path, JsonNode t, JsonNode o) {
            if (t == null || o == null || t.size() != o.size()) {
                differ(path + " (count)", t == null ? null : t.size(), o == null ? null : o.size());
                return;
            }
            for (int i = 0; i < t.size(); i++) {
                property(path + "[" + i + "]", t.get(i), o.get(i), true);
            }
        }

        /** One property (or a container element when not {@code named}) value by value. */
        void property(String path, JsonNode t, JsonNode o, boolean named) {
            t = unwrapNative(t);
            String type = simple(t);
            scalar(path + ".$type", type, simple(o));
            if (named) {
                scalar(path + ".Name", t.get("Name"), o.get("Name"));
                scalar(path + ".ArrayIndex", t.path("ArrayIndex").asInt(0), o.path("ArrayIndex").asInt(0));
            }
            switch (type) {
                case "StructPropertyData" -> {
                    scalar(path + ".StructType", t.get("StructType"), o.get("StructType"));
                    properties(path + ".Value", t.get("Value"), o.get("Value"));
                }
                case "ArrayPropertyData", "SetPropertyData" -> elements(path + ".Value", t.get("Value"), o.get("Value"));
                case "MapPropertyData" -> {
                    JsonNode tv = t.get("Value");
                    JsonNode ov = o.get("Value");
                    if (tv.size() != ov.size()) {
                        differ(path + ".Value (entries)", tv.size(), ov.size());
                        break;
                    }
                    for (int i = 0; i < tv.size(); i++) {
                        elements(path + ".Value[" + i + "]", tv.get(i), ov.get(i));
                    }
                }
                case "TextPropertyData" -> {
                    long flags = UAssetApiJson.flags(JsonIn.root(t.get("Flags"), file), TEXT_FLAGS);
                    scalar(path + ".Flags", flags, o.get("Flags").asLong());
                    for (String f : List.of("HistoryType", "Namespace", "Value", "CultureInvariantString", "TableId")) {
                        scalar(path + "." + f, t.get(f), o.get(f));
                    }
                }
                case "SoftObjectPropertyData" -> {
                    JsonNode tv = t.get("Value");
                    JsonNode asset = tv.get("AssetPath");
                    if (asset != null && !asset.path("PackageName").isNull()) {
                        differ(path + ".Value.AssetPath.PackageName (a UE4 path has none)", asset.get("PackageName"), null);
                    }
                    scalar(path + ".Value.AssetPath.AssetName", asset == null ? tv.get("AssetPathName") : asset.get("AssetName"),
                            o.get("Value").get("AssetPath").get("AssetName"));
                    scalar(path + ".Value.AssetPath.PackageName", null, o.get("Value").get("AssetPath").get("PackageName"));
                    scalar(path + ".Value.SubPathString", tv.get("SubPathString"), o.get("Value").get("SubPathString"));
                }
                case "EnumPropertyData", "BytePropertyData" -> {
                    scalar(path + ".EnumType", t.get("EnumType"), o.get("EnumType"));
                    scalar(path + ".ByteType", t.get("ByteType"), o.get("ByteType"));
                    scalar(path + ".EnumValue", t.get("EnumValue"), o.get("EnumValue"));
                    scalar(path + ".Value", t.get("Value"), o.get("Value"));
                }
                default -> value(path + ".Value", t.get("Value"), o.get("Value"));
            }
        }

        void elements(String path, JsonNode t, JsonNode o) {
            if (t.size() != o.size()) {
                differ(path + " (count)", t.size(), o.size());
                return;
            }
            for (int i = 0; i < t.size(); i++) {
                property(path + "[" + i + "]", t.get(i), o.get(i), false);
            }
        }

        /** A plain value: objects member by member (UAssetAPI's {@code $type} dropped), arrays element by element. */
        void value(String path, JsonNode t, JsonNode o) {
            if (t != null && t.isArray() && o != null && o.isObject() && o.size() == 1 && o.has("GameplayTags")) {
                o = o.get("GameplayTags"); // UAssetAPI's GameplayTagContainer is the list of tags
            }
            if (t != null && t.isObject()) {
                if (o == null || !o.isObject()) {
                    differ(path, t, o);
                    return;
                }
                List<String> fields = new ArrayList<>();
                t.fieldNames().forEachRemaining(fields::add);
                fields.remove("$type");
                List<String> ours = new ArrayList<>();
                o.fieldNames().forEachRemaining(ours::add);
                if (!ours.containsAll(fields) || !fields.containsAll(ours)) {
                    differ(path + " (fields)", fields, ours);
                    return;
                }
                for (String f : fields) {
                    value(path + "." + f, t.get(f), o.get(f));
                }
            } else if (t != null && t.isArray()) {
                if (o == null || !o.isArray() || o.size() != t.size()) {
                    differ(path, t, o);
                    return;
                }
                for (int i = 0; i < t.size(); i++) {
                    value(path + "[" + i + "]", t.get(i), o.get(i));
                }
            } else {
                scalar(path, t, o);
            }
        }

        void equalNodes(String path, JsonNode t, JsonNode o) {
            if (t == null ? o != null && !o.isNull() : !t.equals(o) && !(t.isNull() && o == null)) {
                differ(path, t, o);
            }
        }

        /** Scalars: absent = null; reals as float32 bits (UAssetAPI's real strings read as numbers); other values exactly. */
        void scalar(String path, Object theirs, Object ours) {
            Object t = normal(theirs);
            Object o = normal(ours);
            if (t instanceof Double a && o instanceof Double b) {
                if (Float.floatToIntBits((float) (double) a) != Float.floatToIntBits((float) (double) b)) {
                    differ(path, theirs, ours);
                }
                return;
            }
            if (t == null ? o != null : !t.equals(o)) {
                differ(path, theirs, ours);
            }
        }

        private static Object normal(Object x) {
            if (x instanceof JsonNode n) {
                if (n.isNull() || n.isMissingNode()) {
                    return null;
                }
                if (n.isFloatingPointNumber()) {
                    return n.doubleValue();
                }
                if (n.isIntegralNumber()) {
                    return n.longValue();
                }
                if (n.isTextual()) {
                    String s = n.textValue();
                    return switch (s) {
                        case "+0" -> 0.0;
                        case "-0" -> -0.0;
                        case "NaN" -> Double.NaN;
                        case "Infinity" -> Double.POSITIVE_INFINITY;
                        case "-Infinity" -> Double.NEGATIVE_INFINITY;
                        default -> s;
                    };
                }
                if (n.isBoolean()) {
                    return n.booleanValue();
                }
                return n.toString();
            }
            if (x instanceof Integer i) {
                return (long) i;
            }
            return x;
        }
    }

    private static final Map<String, Long> TEXT_FLAGS = Map.of("None", 0L, "Transient", 1L, "CultureInvariant", 2L,
            "ConvertedProperty", 4L, "Immutable", 8L, "InitializedFromString", 16L);

    /** UAssetAPI's nested native struct: a StructPropertyData whose Value is one property of the struct's own class. */
    private static JsonNode unwrapNative(JsonNode t) {
        if (simple(t).equals("StructPropertyData") && t.get("Value").isArray() && t.get("Value").size() == 1) {
            JsonNode inner = t.get("Value").get(0);
            String type = simple(inner);
            if (!type.equals("StructPropertyData") && NativeStructJson.layoutOf(inner.get("$type").asText()) != null
                    || type.equals("GameplayTagContainerPropertyData")) {
                ObjectNode copy = (ObjectNode) inner.deepCopy();
                copy.set("Name", t.get("Name"));
                copy.set("ArrayIndex", t.get("ArrayIndex"));
                return copy;
            }
        }
        return t;
    }

    /** The class name of a {@code $type}: {@code UAssetAPI.ExportTypes.NormalExport, UAssetAPI} -> {@code NormalExport}. */
    private static String simple(JsonNode n) {
        String t = n.path("$type").asText("");
        String cls = t.contains(",") ? t.substring(0, t.indexOf(',')) : t;
        return cls.substring(cls.lastIndexOf('.') + 1);
    }
}
