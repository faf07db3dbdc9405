package io.uassetd.codecs.asset.json;

import com.fasterxml.jackson.core.JsonGenerator;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.io.FString;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.property.types.DelegateValue;
import io.uassetd.codecs.asset.property.types.FieldPathValue;
import io.uassetd.codecs.asset.property.types.MulticastDelegateValue;
import io.uassetd.codecs.asset.property.types.SoftObjectPath;
import io.uassetd.codecs.asset.property.types.SoftObjectValue;
import io.uassetd.codecs.asset.property.types.TextValue;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Text, soft object references and delegates in UAssetAPI's JSON:
 * <ul>
 * <li>{@code TextPropertyData}: {@code Flags}, {@code HistoryType} ({@code None}, {@code Base},
 * {@code StringTableEntry}), {@code Namespace}, {@code Value} (the key), {@code CultureInvariantString}
 * (the source string, or a None history's invariant string), {@code TableId};</li>
 * <li>{@code SoftObjectPropertyData}: {@code Value} = {@code {"AssetPath": {"PackageName", "AssetName"},
 * "SubPathString"}} (UE5.1+; a UE4 path with PackageName null, as UAssetAPI writes it; the older
 * {@code {"AssetPathName", "SubPathString"}} is read too), {@code {"Path"}}
 * (before soft object paths), or {@code {"Index"}} into the package's soft object path list;</li>
 * <li>{@code DelegatePropertyData}: {@code Value} = {@code {"Object": index, "Delegate": name}};
 * {@code MulticastDelegatePropertyData} (and the Inline and Sparse kinds): a list of those;</li>
 * <li>{@code FieldPathPropertyData}: {@code Value} = {@code {"Path": [names], "ResolvedOwner": index}}.</li>
 * </ul>
 * Texts of other history types, and values whose strings are stored in the encoding Unreal would
 * not pick, keep the raw form.
 */
final class ReferenceJson {
    static final String TEXT = ValueJson.OBJECTS + "TextPropertyData" + ValueJson.ASSEMBLY;
    static final String SOFT = ValueJson.OBJECTS + "SoftObjectPropertyData" + ValueJson.ASSEMBLY;
    static final String DELEGATE = ValueJson.OBJECTS + "DelegatePropertyData" + ValueJson.ASSEMBLY;
    static final String FIELD_PATH = ValueJson.OBJECTS + "FieldPathPropertyData" + ValueJson.ASSEMBLY;
    /** The multicast delegate kinds, each with its UAssetAPI class ({@code MulticastDelegatePropertyData}, ...). */
    static final List<String> MULTICAST = List.of("MulticastDelegateProperty", "MulticastInlineDelegateProperty",
            "MulticastSparseDelegateProperty");
    private static final Map<Integer, String> HISTORIES = Map.of(-1, "None", 0, "Base", 11, "StringTableEntry");

    private final AssetPackage pkg;
    private final JsonNames names;

    ReferenceJson(AssetPackage pkg, JsonNames names) {
        this.pkg = pkg;
        this.names = names;
    }

    /** The $type of a value this class writes, or null when it keeps the raw form. */
    static String typeName(PropertyValue v) {
        if (v instanceof TextValue t) {
            return HISTORIES.containsKey(t.historyType()) && plainStrings(t.history()) ? TEXT : null;
        }
        if (v instanceof SoftObjectValue s) {
            SoftObjectPath p = s.path();
            return plain(p.legacy()) && plain(p.subPath()) ? SOFT : null;
        }
        if (v instanceof MulticastDelegateValue m) {
            return MULTICAST.contains(m.type()) ? multicastType(m.type()) : null;
        }
        if (v instanceof FieldPathValue) {
            return FIELD_PATH;
        }
        return v instanceof DelegateValue ? DELEGATE : null;
    }

    static String multicastType(String kind) {
        return ValueJson.OBJECTS + kind + "Data" + ValueJson.ASSEMBLY;
    }

    /** The $types this class writes (and reads). */
    static List<String> writtenTypes() {
        List<String> out = new java.util.ArrayList<>(List.of(TEXT, SOFT, DELEGATE, FIELD_PATH));
        MULTICAST.forEach(k -> out.add(multicastType(k)));
        return out;
    }

    /** True for the $types this class reads. */
    static boolean reads(String type) {
        return type.equals(TEXT) || type.equals(SOFT) || type.equals(DELEGATE) || type.equals(FIELD_PATH)
                || MULTICAST.stream().anyMatch(k -> multicastType(k).equals(type));
    }

    /** True when a string is stored as Unreal would store it (ANSI when pure ASCII, else UTF-16), or absent. */
    private static boolean plain(FString s) {
        return s == null || s.value() == null || s.wide() != FString.isAnsi(s.value());
    }

    private static boolean plainStrings(TextValue.History h) {
        if (h instanceof TextValue.NoneHistory n) {
            return plain(n.invariant());
        }
        if (h instanceof TextValue.BaseHistory b) {
            return plain(b.namespace()) && plain(b.key()) && plain(b.source());
        }
        return h instanceof TextValue.StringTableHistory s && plain(s.key());
    }

    private static FString string(JsonIn in) {
        return in == null ? FString.EMPTY : new FString(in.asText(), !FString.isAnsi(in.asText()));
    }

    // ---- writing -----------------------------------------------------------------------------------

    void write(JsonGenerator g, PropertyValue v) throws IOException {
        if (v instanceof TextValue t) {
            g.writeNumberField("Flags", t.flags());
            g.writeStringField("HistoryType", HISTORIES.get(t.historyType()));
            if (t.history() instanceof TextValue.NoneHistory n) {
                g.writeStringField("CultureInvariantString", n.invariant() == null ? null : n.invariant().value());
                if (!n.serializesFlag()) {
                    g.writeBooleanField("HasCultureInvariantFlag", false);
                }
            } else if (t.history() instanceof TextValue.BaseHistory b) {
                g.writeStringField("Namespace", b.namespace().value());
                g.writeStringField("Value", b.key().value());
                g.writeStringField("CultureInvariantString", b.source().value());
            } else if (t.history() instanceof TextValue.StringTableHistory s) {
                names.writeField(g, "TableId", s.table());
                g.writeStringField("Value", s.key().value());
            }
        } else if (v instanceof SoftObjectValue s) {
            SoftObjectPath p = s.path();
            g.writeObjectFieldStart("Value");
            switch (p.layout()) {
                case STRING -> g.writeStringField("Path", p.legacy().value());
                case ASSET_PATH_NAME -> {
                    // as UAssetAPI (1.0.2 on) writes a UE4 path: its FTopLevelAssetPath shape, the one name in AssetName
                    g.writeObjectFieldStart("AssetPath");
                    g.writeNullField("PackageName");
                    names.writeField(g, "AssetName", p.first());
                    g.writeEndObject();
                    g.writeStringField("SubPathString", p.subPath().value());
                }
                case TOP_LEVEL_ASSET_PATH -> {
                    g.writeObjectFieldStart("AssetPath");
                    names.writeField(g, "PackageName", p.first());
                    names.writeField(g, "AssetName", p.second());
                    g.writeEndObject();
                    g.writeStringField("SubPathString", p.subPath().value());
                }
                case LIST_INDEX -> {
                    g.writeNumberField("Index", p.index());
                    g.writeStringField("Path", p.text(pkg));
                }
                default -> throw new IllegalStateException("Unknown soft object path layout " + p.layout());
            }
            g.writeEndObject();
        } else if (v instanceof DelegateValue d) {
            g.writeFieldName("Value");
            writeDelegate(g, d);
        } else if (v instanceof MulticastDelegateValue m) {
            g.writeArrayFieldStart("Value");
            for (DelegateValue d : m.delegates()) {
                writeDelegate(g, d);
            }
            g.writeEndArray();
        } else if (v instanceof FieldPathValue f) {
            g.writeObjectFieldStart("Value");
            g.writeArrayFieldStart("Path");
            for (FName n : f.path()) {
                names.write(g, n);
            }
            g.writeEndArray();
            g.writeNumberField("ResolvedOwner", f.owner().value());
            g.writeEndObject();
        }
    }

    private void writeDelegate(JsonGenerator g, DelegateValue d) throws IOException {
        g.writeStartObject();
        g.writeNumberField("Object", d.object().value());
        names.writeField(g, "Delegate", d.function());
        g.writeEndObject();
    }

    // ---- reading -----------------------------------------------------------------------------------

    PropertyValue read(String type, String kind, JsonIn in) {
        if (type.equals(SOFT) != SoftObjectValue.handles(kind)) {
            throw in.get("$type").error("$type " + type + " cannot hold a " + kind);
        }
        return switch (type) {
            case TEXT -> readText(in);
            case SOFT -> new SoftObjectValue(kind, readPath(in.get("Value")));
            case DELEGATE -> readDelegate(in.get("Value"));
            case FIELD_PATH -> {
                JsonIn v = in.get("Value");
                List<FName> path = new ArrayList<>();
                v.get("Path").elements().forEach(e -> path.add(names.read(e)));
                yield new FieldPathValue(path, new PackageIndex(v.intField("ResolvedOwner")));
            }
            default -> {
                if (!MulticastDelegateValue.handles(kind)) {
                    throw in.get("$type").error("$type " + type + " cannot hold a " + kind);
                }
                List<DelegateValue> list = new ArrayList<>();
                in.get("Value").elements().forEach(e -> list.add(readDelegate(e)));
                yield new MulticastDelegateValue(kind, list);
            }
        };
    }

    private DelegateValue readDelegate(JsonIn v) {
        return new DelegateValue(new PackageIndex(v.intField("Object")), names.read(v.get("Delegate")));
    }

    private TextValue readText(JsonIn in) {
        String history = in.get("HistoryType").asText();
        int type = HISTORIES.entrySet().stream().filter(e -> e.getValue().equals(history)).map(Map.Entry::getKey).findFirst()
                .orElseThrow(() -> in.get("HistoryType").error("Unsupported HistoryType " + history + " (None, Base, StringTableEntry)"));
        TextValue.History h = switch (type) {
            case -1 -> {
                boolean flag = in.boolOr("HasCultureInvariantFlag", true);
                JsonIn s = in.opt("CultureInvariantString");
                yield new TextValue.NoneHistory(flag, s == null ? null : string(s));
            }
            case 0 -> new TextValue.BaseHistory(string(in.opt("Namespace")), string(in.opt("Value")),
                    string(in.opt("CultureInvariantString")));
            default -> new TextValue.StringTableHistory(names.read(in.get("TableId")), string(in.opt("Value")));
        };
        JsonIn flags = in.opt("Flags");
        return new TextValue(flags == null ? 0 : (int) UAssetApiJson.flags(flags, TEXT_FLAGS), type, h);
    }

    /** ETextFlag by UAssetAPI's names (it writes {@code "Flags": "CultureInvariant"}, names joined by ", "). */
    private static final Map<String, Long> TEXT_FLAGS = Map.of("None", 0L, "Transient", 1L, "CultureInvariant", 2L,
            "ConvertedProperty", 4L, "Immutable", 8L, "InitializedFromString", 16L);

    private SoftObjectPath readPath(JsonIn v) {
        SoftObjectPath.Layout layout = SoftObjectPath.layout(pkg);
        return switch (layout) {
            case STRING -> new SoftObjectPath(layout, string(v.opt("Path")), null, null, null, 0);
            case ASSET_PATH_NAME -> {
                // uassetd's {"AssetPathName", "SubPathString"}; UAssetAPI (1.0.2 on) writes a UE4 path in its
                // FTopLevelAssetPath shape: {"AssetPath": {"PackageName": null, "AssetName": <the path name>}, "SubPathString"}
                JsonIn pathName = v.opt("AssetPathName");
                if (pathName == null && v.has("AssetPath")) {
                    JsonIn asset = v.get("AssetPath");
                    if (asset.has("PackageName")) {
                        throw asset.get("PackageName").error("A soft object path of this engine version has one name (AssetName); PackageName must be null");
                    }
                    pathName = asset.opt("AssetName");
                }
                yield new SoftObjectPath(layout, null, pathName == null ? names.read(v.get("AssetPathName")) : names.read(pathName), null,
                        string(v.opt("SubPathString")), 0);
            }
            case TOP_LEVEL_ASSET_PATH -> {
                JsonIn asset = v.get("AssetPath");
                yield new SoftObjectPath(layout, null, names.read(asset.get("PackageName")), names.read(asset.get("AssetName")),
                        string(v.opt("SubPathString")), 0);
            }
            case LIST_INDEX -> {
                int i = v.intField("Index");
                if (i < 0 || i >= pkg.softObjectPaths().size()) {
                    throw v.get("Index").error("Soft object path index " + i + " outside the list of " + pkg.softObjectPaths().size());
                }
                yield new SoftObjectPath(layout, null, null, null, null, i);
            }
        };
    }
}
