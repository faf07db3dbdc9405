package io.uassetd.codecs.asset.json;

import io.uassetd.codecs.asset.core.FGuid;
import com.fasterxml.jackson.core.JsonGenerator;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.ObjectExport;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.error.FormatException;
import java.io.IOException;
import java.util.List;

/**
 * Exports in UAssetAPI's JSON: the export map fields under UAssetAPI's names, then the body of the
 * export's type. The types, most specific first; the first that {@link ExportJsonType#writes} an
 * export writes it, and {@code $type} picks the reader.
 */
final class ExportJson {
    static final List<ExportJsonType> TYPES = List.of(new DataTableExportJson(), new StringTableExportJson(), new EnumExportJson(),
            new LevelExportJson(), new NormalExportJson(), new RawExportJson(), new StructExportJson(), new StructExportJson.ClassExportJson(),
            new StructExportJson.FunctionExportJson(), new StructExportJson.UserDefinedStructExportJson(), new MetaDataExportJson(),
            new PropertyExportJson(), new ActorComponentExportJson(), new SceneComponentExportJson(), new AssetImportDataExportJson());

    private ExportJson() {
    }

    static void write(JsonGenerator g, JsonContext c, Export e) throws IOException {
        ExportJsonType type = TYPES.stream().filter(t -> t.writes(c, e)).findFirst()
                .orElseThrow(() -> new IllegalStateException("No JSON type writes export " + e.index()));
        g.writeStartObject();
        g.writeStringField("$type", type.typeName());
        writeEntry(g, c, e);
        type.writeBody(c, e, g);
        g.writeEndObject();
    }

    static ExportJsonType typeOf(JsonIn in) {
        JsonIn t = in.get("$type");
        String name = t.asText();
        return TYPES.stream().filter(x -> x.typeName().equals(name)).findFirst()
                .orElseThrow(() -> t.error("Unknown or unsupported export $type " + name));
    }

    private static void writeEntry(JsonGenerator g, JsonContext c, Export e) throws IOException {
        ObjectExport x = e.entry();
        c.names().writeField(g, "ObjectName", x.objectName());
        g.writeNumberField("OuterIndex", x.outerIndex().value());
        g.writeNumberField("ClassIndex", x.classIndex().value());
        g.writeNumberField("SuperIndex", x.superIndex().value());
        g.writeNumberField("TemplateIndex", x.templateIndex().value());
        g.writeNumberField("ObjectFlags", x.objectFlags());
        g.writeNumberField("SerialSize", x.serialSize());
        g.writeNumberField("SerialOffset", x.serialOffset());
        g.writeNumberField("ScriptSerializationStartOffset", x.scriptSerializationStartOffset());
        g.writeNumberField("ScriptSerializationEndOffset", x.scriptSerializationEndOffset());
        g.writeBooleanField("bForcedExport", x.forcedExport());
        g.writeBooleanField("bNotForClient", x.notForClient());
        g.writeBooleanField("bNotForServer", x.notForServer());
        g.writeStringField("PackageGuid", JsonNames.guid(x.packageGuid()));
        g.writeBooleanField("IsInheritedInstance", x.isInheritedInstance());
        g.writeNumberField("PackageFlags", x.packageFlags());
        g.writeBooleanField("bNotAlwaysLoadedForEditorGame", x.notAlwaysLoadedForEditorGame());
        g.writeBooleanField("bIsAsset", x.isAsset());
        g.writeBooleanField("GeneratePublicHash", x.generatePublicHash());
        writeDependencies(g, c.pkg(), e);
        g.writeNumberField("FirstExportDependency", x.firstExportDependency());
        g.writeArrayFieldStart("DependencyCounts");
        g.writeNumber(x.serializationBeforeSerializationDependencies());
        g.writeNumber(x.createBeforeSerializationDependencies());
        g.writeNumber(x.serializationBeforeCreateDependencies());
        g.writeNumber(x.createBeforeCreateDependencies());
        g.writeEndArray();
    }

    /** UAssetAPI's four dependency lists (for reading only: the counts and FirstExportDependency are what is written). */
    private static void writeDependencies(JsonGenerator g, AssetPackage pkg, Export e) throws IOException {
        AssetPackage.PreloadDependencies d;
        try {
            d = pkg.preloadDependenciesOf(e);
        } catch (FormatException ex) {
            return;
        }
        indexes(g, "SerializationBeforeSerializationDependencies", d.serializationBeforeSerialization());
        indexes(g, "CreateBeforeSerializationDependencies", d.createBeforeSerialization());
        indexes(g, "SerializationBeforeCreateDependencies", d.serializationBeforeCreate());
        indexes(g, "CreateBeforeCreateDependencies", d.createBeforeCreate());
    }

    private static void indexes(JsonGenerator g, String field, List<PackageIndex> list) throws IOException {
        g.writeArrayFieldStart(field);
        for (PackageIndex i : list) {
            g.writeNumber(i.value());
        }
        g.writeEndArray();
    }

    /** The package indexes of an export entry, each inside the import and export maps (a JSON error naming the field if not). */
    static void checkIndexes(JsonIn e, int imports, int exports) {
        for (String f : List.of("ClassIndex", "SuperIndex", "TemplateIndex", "OuterIndex")) {
            JsonIn v = e.opt(f);
            if (v == null) {
                continue;
            }
            int i = v.asInt();
            if (i < -imports || i > exports) {
                throw v.error(f + " " + i + " outside the import map (" + imports + ") and export map (" + exports + ")");
            }
        }
    }

    /** The export map entry of an export object (serial size and offset as written, recomputed on write). */
    static ObjectExport readEntry(JsonNames names, JsonIn in) {
        List<JsonIn> counts = in.get("DependencyCounts").elements();
        if (counts.size() != 4) {
            throw in.get("DependencyCounts").error("Expected the four preload dependency counts");
        }
        return readEntry(names, in, counts);
    }

    /**
     * The export map entry; without {@code counts} (UAssetAPI's JSON, which has the dependency lists
     * instead) the dependency fields are left for {@link #withDependencies}, and the serial size and
     * offset, computed on write, may be absent. {@code ObjectFlags} may be UAssetAPI's flag names.
     */
    static ObjectExport readEntry(JsonNames names, JsonIn in, List<JsonIn> counts) {
        boolean ours = counts != null;
        int flags = ours ? in.intField("ObjectFlags") : (int) UAssetApiJson.flags(in.get("ObjectFlags"), UAssetApiJson.OBJECT_FLAGS);
        JsonIn packageFlags = in.opt("PackageFlags");
        int exportPackageFlags = packageFlags == null ? 0
                : ours ? packageFlags.asInt() : (int) UAssetApiJson.flags(packageFlags, UAssetApiJson.PACKAGE_FLAGS);
        return new ObjectExport(new PackageIndex(in.intField("ClassIndex")), new PackageIndex(in.intField("SuperIndex")),
                new PackageIndex(in.intOr("TemplateIndex", 0)), new PackageIndex(in.intField("OuterIndex")),
                names.read(in.get("ObjectName")), flags, ours ? in.longField("SerialSize") : 0,
                ours ? in.longField("SerialOffset") : 0, in.boolOr("bForcedExport", false), in.boolOr("bNotForClient", false),
                in.boolOr("bNotForServer", false), exportGuid(in, ours), in.boolOr("IsInheritedInstance", false),
                exportPackageFlags, in.boolOr("bNotAlwaysLoadedForEditorGame", true), in.boolOr("bIsAsset", false),
                in.boolOr("GeneratePublicHash", false), ours ? in.intOr("FirstExportDependency", -1) : -1,
                ours ? counts.get(0).asInt() : 0, ours ? counts.get(1).asInt() : 0, ours ? counts.get(2).asInt() : 0,
                ours ? counts.get(3).asInt() : 0,
                ours ? in.longField("ScriptSerializationStartOffset") : longOr(in, "ScriptSerializationStartOffset"),
                ours ? in.longField("ScriptSerializationEndOffset") : longOr(in, "ScriptSerializationEndOffset"));
    }

    /** The export's package GUID; UAssetAPI's JSON may leave it out (zero then). */
    private static FGuid exportGuid(JsonIn in, boolean ours) {
        var g = JsonNames.guid(in.opt("PackageGuid"));
        return g == null && !ours ? FGuid.ZERO : g;
    }

    private static long longOr(JsonIn in, String field) {
        JsonIn v = in.opt(field);
        return v == null || v.isNull() ? 0 : v.asLong();
    }

    /** A copy with the first preload dependency and the four counts. */
    static ObjectExport withDependencies(ObjectExport x, int first, int[] c) {
        return new ObjectExport(x.classIndex(), x.superIndex(), x.templateIndex(), x.outerIndex(), x.objectName(), x.objectFlags(),
                x.serialSize(), x.serialOffset(), x.forcedExport(), x.notForClient(), x.notForServer(), x.packageGuid(),
                x.isInheritedInstance(), x.packageFlags(), x.notAlwaysLoadedForEditorGame(), x.isAsset(), x.generatePublicHash(),
                first, c[0], c[1], c[2], c[3], x.scriptSerializationStartOffset(), x.scriptSerializationEndOffset());
    }
}
