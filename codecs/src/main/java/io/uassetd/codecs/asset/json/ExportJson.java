package io.uassetd.codecs.asset.json;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.ObjectExport;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.error.FormatException;
import java.util.List;

/**
 * Exports in UAssetAPI's JSON: the export map fields under UAssetAPI's names, then the body of the
 * export's type. The types, most specific first; the first that {@link ExportJsonType#writes} an
 * export writes it, and {@code $type} picks the reader.
 */
final class ExportJson {
    static final List<ExportJsonType> TYPES = List.of(new DataTableExportJson(), new NormalExportJson(), new RawExportJson());

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private ExportJson() {
    }

    static ObjectNode write(JsonContext c, Export e) {
        ExportJsonType type = TYPES.stream().filter(t -> t.writes(e)).findFirst()
                .orElseThrow(() -> new IllegalStateException("No JSON type writes export " + e.index()));
        ObjectNode o = F.objectNode();
        o.put("$type", type.typeName());
        writeEntry(c, e, o);
        type.writeBody(c, e, o);
        return o;
    }

    static ExportJsonType typeOf(JsonIn in) {
        JsonIn t = in.get("$type");
        String name = t.asText();
        return TYPES.stream().filter(x -> x.typeName().equals(name)).findFirst()
                .orElseThrow(() -> t.error("Unknown or unsupported export $type " + name));
    }

    private static void writeEntry(JsonContext c, Export e, ObjectNode o) {
        ObjectExport x = e.entry();
        o.set("ObjectName", c.names().write(x.objectName()));
        o.put("OuterIndex", x.outerIndex().value());
        o.put("ClassIndex", x.classIndex().value());
        o.put("SuperIndex", x.superIndex().value());
        o.put("TemplateIndex", x.templateIndex().value());
        o.put("ObjectFlags", x.objectFlags());
        o.put("SerialSize", x.serialSize());
        o.put("SerialOffset", x.serialOffset());
        o.put("ScriptSerializationStartOffset", x.scriptSerializationStartOffset());
        o.put("ScriptSerializationEndOffset", x.scriptSerializationEndOffset());
        o.put("bForcedExport", x.forcedExport());
        o.put("bNotForClient", x.notForClient());
        o.put("bNotForServer", x.notForServer());
        o.put("PackageGuid", JsonNames.guid(x.packageGuid()));
        o.put("IsInheritedInstance", x.isInheritedInstance());
        o.put("PackageFlags", x.packageFlags());
        o.put("bNotAlwaysLoadedForEditorGame", x.notAlwaysLoadedForEditorGame());
        o.put("bIsAsset", x.isAsset());
        o.put("GeneratePublicHash", x.generatePublicHash());
        writeDependencies(c.pkg(), e, o);
        o.put("FirstExportDependency", x.firstExportDependency());
        o.putArray("DependencyCounts").add(x.serializationBeforeSerializationDependencies())
                .add(x.createBeforeSerializationDependencies()).add(x.serializationBeforeCreateDependencies())
                .add(x.createBeforeCreateDependencies());
    }

    /** UAssetAPI's four dependency lists (for reading only: the counts and FirstExportDependency are what is written). */
    private static void writeDependencies(AssetPackage pkg, Export e, ObjectNode o) {
        AssetPackage.PreloadDependencies d;
        try {
            d = pkg.preloadDependenciesOf(e);
        } catch (FormatException ex) {
            return;
        }
        indexes(o.putArray("SerializationBeforeSerializationDependencies"), d.serializationBeforeSerialization());
        indexes(o.putArray("CreateBeforeSerializationDependencies"), d.createBeforeSerialization());
        indexes(o.putArray("SerializationBeforeCreateDependencies"), d.serializationBeforeCreate());
        indexes(o.putArray("CreateBeforeCreateDependencies"), d.createBeforeCreate());
    }

    private static void indexes(ArrayNode a, List<PackageIndex> list) {
        list.forEach(i -> a.add(i.value()));
    }

    /** The export map entry of an export object (serial size and offset as written, recomputed on write). */
    static ObjectExport readEntry(JsonNames names, JsonIn in) {
        List<JsonIn> counts = in.get("DependencyCounts").elements();
        if (counts.size() != 4) {
            throw in.get("DependencyCounts").error("Expected the four preload dependency counts");
        }
        return new ObjectExport(new PackageIndex(in.intField("ClassIndex")), new PackageIndex(in.intField("SuperIndex")),
                new PackageIndex(in.intOr("TemplateIndex", 0)), new PackageIndex(in.intField("OuterIndex")),
                names.read(in.get("ObjectName")), in.intField("ObjectFlags"), in.longField("SerialSize"),
                in.longField("SerialOffset"), in.boolOr("bForcedExport", false), in.boolOr("bNotForClient", false),
                in.boolOr("bNotForServer", false), JsonNames.guid(in.opt("PackageGuid")), in.boolOr("IsInheritedInstance", false),
                in.intOr("PackageFlags", 0), in.boolOr("bNotAlwaysLoadedForEditorGame", true), in.boolOr("bIsAsset", false),
                in.boolOr("GeneratePublicHash", false), in.intOr("FirstExportDependency", -1), counts.get(0).asInt(),
                counts.get(1).asInt(), counts.get(2).asInt(), counts.get(3).asInt(),
                in.longField("ScriptSerializationStartOffset"), in.longField("ScriptSerializationEndOffset"));
    }
}
