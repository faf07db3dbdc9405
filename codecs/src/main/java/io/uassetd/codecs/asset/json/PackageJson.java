package io.uassetd.codecs.asset.json;

import io.uassetd.codecs.usmap.Usmap;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.DataResource;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.NameEntry;
import io.uassetd.codecs.asset.NameHashes;
import io.uassetd.codecs.asset.NameMap;
import io.uassetd.codecs.asset.ObjectExport;
import io.uassetd.codecs.asset.ObjectImport;
import io.uassetd.codecs.asset.PackageFileSummary;
import io.uassetd.codecs.asset.Region;
import io.uassetd.codecs.asset.SearchableNames;
import io.uassetd.codecs.asset.SoftObjectPathEntry;
import io.uassetd.codecs.asset.SoftPackageReference;
import io.uassetd.codecs.asset.ThumbnailEntry;
import io.uassetd.codecs.asset.core.FEngineVersion;
import io.uassetd.codecs.asset.core.FGenerationInfo;
import io.uassetd.codecs.io.FString;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.version.CustomVersion;
import io.uassetd.codecs.asset.version.ObjectVersion;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The package level of the JSON: UAssetAPI's top-level fields ({@code NameMap}, {@code Imports},
 * {@code Exports}, {@code DependsMap}, {@code PackageGuid}, {@code CustomVersionContainer}, ...) and
 * the {@code Uassetd} block with what UAssetAPI's schema has no place for but an exact rewrite
 * needs: every summary field as read, name entries whose encoding or hashes differ from the
 * computed ones, the tables UAssetAPI keeps elsewhere, and the layout (every span of the package
 * in order, unparsed spans as base64).
 */
final class PackageJson {
    static final String ASSET_TYPE = "UAssetAPI.UAsset, UAssetAPI";
    static final String IMPORT_TYPE = "UAssetAPI.Import, UAssetAPI";
    /** Version of the Uassetd block's layout. */
    static final int FORMAT_VERSION = 1;

    private PackageJson() {
    }

    // ---- writing -----------------------------------------------------------------------------------

    static void write(JsonGenerator g, AssetPackage pkg, String info) throws IOException {
        JsonContext c = JsonContext.of(pkg);
        PackageFileSummary s = pkg.summary();
        g.writeStartObject();
        g.writeStringField("$type", ASSET_TYPE);
        g.writeStringField("Info", info);
        g.writeNumberField("LegacyFileVersion", s.legacyFileVersion().value());
        g.writeBooleanField("IsUnversioned", s.isUnversioned());
        g.writeNumberField("ObjectVersion", s.version().fileVersionUE4());
        g.writeNumberField("ObjectVersionUE5", s.version().fileVersionUE5());
        g.writeNumberField("FileVersionLicenseeUE", s.version().licenseeVersion());
        g.writeBooleanField("UsesEventDrivenLoader", pkg.usesEventDrivenLoader());
        g.writeBooleanField("WillSerializeNameHashes", pkg.version().atLeast(ObjectVersion.NAME_HASHES_SERIALIZED));
        g.writeNumberField("PackageFlags", s.packageFlags());
        g.writeStringField("PackageGuid", JsonNames.guid(pkg.packageGuid()));
        g.writeStringField("FolderName", s.packageName().value());
        g.writeNumberField("PackageSource", s.packageSource());
        g.writeArrayFieldStart("CustomVersionContainer");
        for (CustomVersion v : s.customVersions().versions()) {
            g.writeStartObject();
            g.writeStringField("Key", JsonNames.guid(v.key()));
            g.writeNumberField("Version", v.version());
            if (v.friendlyName() != null && v.friendlyName().value() != null) {
                g.writeStringField("FriendlyName", v.friendlyName().value());
            }
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeArrayFieldStart("Generations");
        for (FGenerationInfo gen : s.generations()) {
            g.writeStartObject();
            g.writeNumberField("ExportCount", gen.exportCount());
            g.writeNumberField("NameCount", gen.nameCount());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeFieldName("RecordedEngineVersion");
        engineVersion(g, s.savedByEngineVersion());
        g.writeFieldName("RecordedCompatibleWithEngineVersion");
        engineVersion(g, s.compatibleWithEngineVersion());
        g.writeArrayFieldStart("ChunkIDs");
        for (int id : s.chunkIds()) {
            g.writeNumber(id);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("NameMap");
        for (NameEntry e : pkg.names().entries()) {
            g.writeString(e.text());
        }
        g.writeEndArray();
        g.writeArrayFieldStart("Imports");
        for (ObjectImport i : pkg.imports()) {
            g.writeStartObject();
            g.writeStringField("$type", IMPORT_TYPE);
            c.names().writeField(g, "ObjectName", i.objectName());
            g.writeNumberField("OuterIndex", i.outerIndex().value());
            c.names().writeField(g, "ClassPackage", i.classPackage());
            c.names().writeField(g, "ClassName", i.className());
            c.names().writeField(g, "PackageName", i.packageName());
            g.writeBooleanField("bImportOptional", i.importOptional());
            g.writeEndObject();
        }
        g.writeEndArray();
        if (pkg.dependsMap() == null) {
            g.writeNullField("DependsMap");
        } else {
            g.writeArrayFieldStart("DependsMap");
            for (List<PackageIndex> list : pkg.dependsMap()) {
                g.writeStartArray();
                for (PackageIndex i : list) {
                    g.writeNumber(i.value());
                }
                g.writeEndArray();
            }
            g.writeEndArray();
        }
        g.writeArrayFieldStart("Exports");
        for (Export e : pkg.exports()) {
            ExportJson.write(g, c, e);
        }
        g.writeEndArray();
        g.writeFieldName("Uassetd");
        extension(g, pkg);
        g.writeEndObject();
    }

    private static void engineVersion(JsonGenerator g, FEngineVersion v) throws IOException {
        if (v == null) {
            g.writeNull();
            return;
        }
        g.writeStartObject();
        g.writeNumberField("Major", v.major());
        g.writeNumberField("Minor", v.minor());
        g.writeNumberField("Patch", v.patch());
        g.writeNumberField("Changelist", v.changelist());
        g.writeStringField("Branch", v.branch() == null ? null : v.branch().value());
        g.writeEndObject();
    }

    private static void extension(JsonGenerator g, AssetPackage pkg) throws IOException {
        g.writeStartObject();
        g.writeNumberField("FormatVersion", FORMAT_VERSION);
        g.writeStringField("FileName", pkg.name());
        g.writeBooleanField("Split", pkg.isSplit());
        g.writeFieldName("Summary");
        g.writeObject(pkg.summary().fields());
        boolean hashes = pkg.version().atLeast(ObjectVersion.NAME_HASHES_SERIALIZED);
        g.writeArrayFieldStart("NameEntries");
        for (int i = 0; i < pkg.names().size(); i++) {
            NameEntry e = pkg.names().entry(i);
            if (!e.equals(defaultEntry(e.text(), hashes))) {
                g.writeStartObject();
                g.writeNumberField("Index", i);
                g.writeBooleanField("Wide", e.name().wide());
                g.writeNumberField("NonCasePreservingHash", e.nonCasePreservingHash());
                g.writeNumberField("CasePreservingHash", e.casePreservingHash());
                g.writeEndObject();
            }
        }
        g.writeEndArray();
        g.writeFieldName("SoftObjectPaths");
        g.writeObject(pkg.softObjectPaths());
        g.writeFieldName("SoftPackageReferences");
        g.writeObject(pkg.softPackageReferences());
        g.writeFieldName("SearchableNames");
        g.writeObject(pkg.searchableNames());
        g.writeFieldName("Thumbnails");
        g.writeObject(pkg.thumbnails());
        g.writeArrayFieldStart("PreloadDependencies");
        for (PackageIndex i : pkg.preloadDependencies()) {
            g.writeNumber(i.value());
        }
        g.writeEndArray();
        g.writeNumberField("DataResourceVersion", pkg.dataResourceVersion());
        g.writeFieldName("DataResources");
        g.writeObject(pkg.dataResources());
        g.writeFieldName("Layout");
        g.writeObject(pkg.regions());
        g.writeEndObject();
    }

    /** The entry a name gets when nothing special was stored: Unreal's encoding and hashes (0 before hashes were stored). */
    private static NameEntry defaultEntry(String text, boolean hashes) {
        FString s = new FString(text, !FString.isAnsi(text));
        return hashes ? new NameEntry(s, NameHashes.nonCasePreservingHash(text), NameHashes.casePreservingHash(text))
                : new NameEntry(s, 0, 0);
    }

    // ---- reading -----------------------------------------------------------------------------------

    static AssetPackage read(JsonIn root, String fileName, Usmap mappings) {
        JsonIn type = root.get("$type");
        if (!type.asText().equals(ASSET_TYPE)) {
            throw type.error("Expected $type " + ASSET_TYPE + ", found " + type.asText());
        }
        JsonIn x = root.opt("Uassetd");
        if (x == null) {
            return UAssetApiJson.read(root, fileName, mappings);
        }
        if (x.intField("FormatVersion") != FORMAT_VERSION) {
            throw x.get("FormatVersion").error("Unsupported Uassetd FormatVersion (this build reads " + FORMAT_VERSION + ")");
        }
        PackageFileSummary summary = PackageFileSummary.fromFields(summaryFields(root, x));
        boolean hashes = summary.version().atLeast(ObjectVersion.NAME_HASHES_SERIALIZED);
        NameMap names = new NameMap(nameEntries(root.get("NameMap"), x.get("NameEntries"), hashes));
        JsonNames jn = new JsonNames(names);

        List<ObjectImport> imports = new ArrayList<>();
        for (JsonIn i : root.get("Imports").elements()) {
            imports.add(new ObjectImport(jn.read(i.get("ClassPackage")), jn.read(i.get("ClassName")),
                    new PackageIndex(i.intField("OuterIndex")), jn.read(i.get("ObjectName")), jn.readOrNull(i.opt("PackageName")),
                    i.boolOr("bImportOptional", false)));
        }
        List<List<PackageIndex>> depends = null;
        JsonIn dm = root.opt("DependsMap");
        if (dm != null) {
            depends = new ArrayList<>();
            for (JsonIn list : dm.elements()) {
                List<PackageIndex> l = new ArrayList<>();
                list.elements().forEach(i -> l.add(new PackageIndex(i.asInt())));
                depends.add(l);
            }
        }
        List<JsonIn> exportNodes = root.get("Exports").elements();
        List<ObjectExport> entries = new ArrayList<>(exportNodes.size());
        List<ExportJsonType> types = new ArrayList<>(exportNodes.size());
        List<byte[]> data = new ArrayList<>(exportNodes.size());
        for (JsonIn e : exportNodes) {
            ExportJsonType t = ExportJson.typeOf(e);
            types.add(t);
            ExportJson.checkIndexes(e, imports.size(), exportNodes.size());
            entries.add(ExportJson.readEntry(jn, e));
            data.add(t instanceof RawExportJson ? t.readBody(null, null, e).raw() : new byte[0]);
        }
        List<PackageIndex> preload = new ArrayList<>();
        x.get("PreloadDependencies").elements().forEach(i -> preload.add(new PackageIndex(i.asInt())));
        List<Region> layout = list(x.get("Layout"), Region.class);
        checkLayout(x.get("Layout"), layout, entries.size());
        AssetPackage pkg = AssetPackage.assemble(x.textOr("FileName", fileName), x.boolField("Split"), summary, names, imports,
                entries, data, depends, list(x.get("SoftObjectPaths"), SoftObjectPathEntry.class),
                list(x.get("SoftPackageReferences"), SoftPackageReference.class), listOrNull(x.opt("SearchableNames"), SearchableNames.class),
                listOrNull(x.opt("Thumbnails"), ThumbnailEntry.class), preload, x.intOr("DataResourceVersion", 0),
                listOrNull(x.opt("DataResources"), DataResource.class), layout);
        JsonContext c = JsonContext.of(pkg);
        for (int i = 0; i < exportNodes.size(); i++) {
            if (!(types.get(i) instanceof RawExportJson)) {
                Export e = pkg.export(i);
                e.setContent(types.get(i).readBody(c, e, exportNodes.get(i)).content());
            }
        }
        return pkg;
    }

    /** The summary fields of the Uassetd block, with UAssetAPI's PackageFlags, PackageGuid and FolderName applied. */
    private static PackageFileSummary.Fields summaryFields(JsonIn root, JsonIn x) {
        ObjectNode fields = x.get("Summary").node().deepCopy();
        if (!fields.isObject()) {
            throw x.get("Summary").error("Expected an object");
        }
        JsonIn flags = root.opt("PackageFlags");
        if (flags != null) {
            fields.put("packageFlags", flags.asInt());
        }
        JsonIn guid = root.opt("PackageGuid");
        if (guid != null) {
            String key = fields.hasNonNull("guid") ? "guid" : fields.hasNonNull("persistentGuid") ? "persistentGuid" : null;
            if (key != null) {
                fields.set(key, UAssetJson.MAPPER.valueToTree(JsonNames.guid(guid)));
            }
        }
        JsonIn folder = root.opt("FolderName");
        JsonNode stored = fields.get("packageName");
        if (folder != null && (stored == null || !folder.asText().equals(stored.path("value").asText(null)))) {
            fields.set("packageName", UAssetJson.MAPPER.valueToTree(FString.of(folder.asText())));
        }
        return new JsonIn(fields, x.path() + ".Summary", x.file()).as(PackageFileSummary.Fields.class);
    }

    private static List<NameEntry> nameEntries(JsonIn map, JsonIn special, boolean hashes) {
        List<JsonIn> strings = map.elements();
        List<NameEntry> out = new ArrayList<>(strings.size());
        for (JsonIn s : strings) {
            out.add(defaultEntry(s.asText(), hashes));
        }
        for (JsonIn e : special.elements()) {
            int i = e.intField("Index");
            if (i < 0 || i >= out.size()) {
                throw e.get("Index").error("Name entry " + i + " outside the NameMap (" + out.size() + " names)");
            }
            String text = out.get(i).text();
            out.set(i, new NameEntry(new FString(text, e.boolField("Wide")), e.intField("NonCasePreservingHash"),
                    e.intField("CasePreservingHash")));
        }
        return out;
    }

    /** Every export's data once, raw spans with their bytes, in file order. */
    private static void checkLayout(JsonIn in, List<Region> layout, int exports) {
        boolean[] seen = new boolean[exports];
        long end = 0;
        for (int i = 0; i < layout.size(); i++) {
            Region r = layout.get(i);
            String where = "Layout[" + i + "]";
            if (r.kind() == null || r.start() < end || r.length() < 0) {
                throw in.error(where + " is out of order or malformed");
            }
            if (r.kind() == Region.Kind.RAW && (r.raw() == null || r.raw().length != r.length())) {
                throw in.error(where + " is a RAW span without its " + r.length() + " bytes");
            }
            if (r.kind() == Region.Kind.EXPORT_DATA) {
                if (r.exportIndex() < 0 || r.exportIndex() >= exports || seen[r.exportIndex()]) {
                    throw in.error(where + " names export " + r.exportIndex() + " (of " + exports + ") again or out of range");
                }
                seen[r.exportIndex()] = true;
            }
            end = r.end();
        }
        for (int i = 0; i < exports; i++) {
            if (!seen[i]) {
                throw in.error("Export " + i + " has no span in the layout (exports cannot be added or removed in JSON yet)");
            }
        }
        if (layout.isEmpty() || layout.get(0).kind() != Region.Kind.SUMMARY) {
            throw in.error("The layout must start with the SUMMARY span");
        }
    }

    private static <T> List<T> list(JsonIn in, Class<T> element) {
        JavaType t = UAssetJson.MAPPER.getTypeFactory().constructCollectionType(List.class, element);
        try {
            return UAssetJson.MAPPER.convertValue(in.node(), t);
        } catch (IllegalArgumentException e) {
            throw in.error("Not a list of " + element.getSimpleName() + ": " + e.getMessage());
        }
    }

    private static <T> List<T> listOrNull(JsonIn in, Class<T> element) {
        return in == null ? null : list(in, element);
    }
}
