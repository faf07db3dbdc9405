package io.uassetd.codecs.asset.json;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
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
import io.uassetd.codecs.asset.core.FString;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.version.CustomVersion;
import io.uassetd.codecs.asset.version.ObjectVersion;
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

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private PackageJson() {
    }

    // ---- writing -----------------------------------------------------------------------------------

    static ObjectNode write(AssetPackage pkg, String info) {
        JsonContext c = JsonContext.of(pkg);
        PackageFileSummary s = pkg.summary();
        ObjectNode o = F.objectNode();
        o.put("$type", ASSET_TYPE);
        o.put("Info", info);
        o.put("LegacyFileVersion", s.legacyFileVersion().value());
        o.put("IsUnversioned", s.isUnversioned());
        o.put("ObjectVersion", s.version().fileVersionUE4());
        o.put("ObjectVersionUE5", s.version().fileVersionUE5());
        o.put("FileVersionLicenseeUE", s.version().licenseeVersion());
        o.put("UsesEventDrivenLoader", pkg.usesEventDrivenLoader());
        o.put("WillSerializeNameHashes", pkg.version().atLeast(ObjectVersion.NAME_HASHES_SERIALIZED));
        o.put("PackageFlags", s.packageFlags());
        o.put("PackageGuid", JsonNames.guid(pkg.packageGuid()));
        o.put("FolderName", s.packageName().value());
        o.put("PackageSource", s.packageSource());
        ArrayNode cv = o.putArray("CustomVersionContainer");
        for (CustomVersion v : s.customVersions().versions()) {
            ObjectNode e = cv.addObject();
            e.put("Key", JsonNames.guid(v.key()));
            e.put("Version", v.version());
            if (v.friendlyName() != null && v.friendlyName().value() != null) {
                e.put("FriendlyName", v.friendlyName().value());
            }
        }
        ArrayNode gens = o.putArray("Generations");
        for (FGenerationInfo g : s.generations()) {
            gens.addObject().put("ExportCount", g.exportCount()).put("NameCount", g.nameCount());
        }
        o.set("RecordedEngineVersion", engineVersion(s.savedByEngineVersion()));
        o.set("RecordedCompatibleWithEngineVersion", engineVersion(s.compatibleWithEngineVersion()));
        ArrayNode chunks = o.putArray("ChunkIDs");
        for (int id : s.chunkIds()) {
            chunks.add(id);
        }
        ArrayNode nameMap = o.putArray("NameMap");
        for (NameEntry e : pkg.names().entries()) {
            nameMap.add(e.text());
        }
        ArrayNode imports = o.putArray("Imports");
        for (ObjectImport i : pkg.imports()) {
            ObjectNode e = imports.addObject();
            e.put("$type", IMPORT_TYPE);
            e.set("ObjectName", c.names().write(i.objectName()));
            e.put("OuterIndex", i.outerIndex().value());
            e.set("ClassPackage", c.names().write(i.classPackage()));
            e.set("ClassName", c.names().write(i.className()));
            e.set("PackageName", c.names().write(i.packageName()));
            e.put("bImportOptional", i.importOptional());
        }
        if (pkg.dependsMap() == null) {
            o.putNull("DependsMap");
        } else {
            ArrayNode dm = o.putArray("DependsMap");
            for (List<PackageIndex> list : pkg.dependsMap()) {
                ArrayNode a = dm.addArray();
                list.forEach(i -> a.add(i.value()));
            }
        }
        ArrayNode exports = o.putArray("Exports");
        for (Export e : pkg.exports()) {
            exports.add(ExportJson.write(c, e));
        }
        o.set("Uassetd", extension(pkg));
        return o;
    }

    private static JsonNode engineVersion(FEngineVersion v) {
        if (v == null) {
            return F.nullNode();
        }
        ObjectNode o = F.objectNode();
        o.put("Major", v.major()).put("Minor", v.minor()).put("Patch", v.patch()).put("Changelist", v.changelist());
        o.put("Branch", v.branch() == null ? null : v.branch().value());
        return o;
    }

    private static ObjectNode extension(AssetPackage pkg) {
        ObjectNode x = F.objectNode();
        x.put("FormatVersion", FORMAT_VERSION);
        x.put("FileName", pkg.name());
        x.put("Split", pkg.isSplit());
        x.set("Summary", UAssetJson.MAPPER.valueToTree(pkg.summary().fields()));
        boolean hashes = pkg.version().atLeast(ObjectVersion.NAME_HASHES_SERIALIZED);
        ArrayNode entries = x.putArray("NameEntries");
        for (int i = 0; i < pkg.names().size(); i++) {
            NameEntry e = pkg.names().entry(i);
            if (!e.equals(defaultEntry(e.text(), hashes))) {
                entries.addObject().put("Index", i).put("Wide", e.name().wide())
                        .put("NonCasePreservingHash", e.nonCasePreservingHash()).put("CasePreservingHash", e.casePreservingHash());
            }
        }
        x.set("SoftObjectPaths", UAssetJson.MAPPER.valueToTree(pkg.softObjectPaths()));
        x.set("SoftPackageReferences", UAssetJson.MAPPER.valueToTree(pkg.softPackageReferences()));
        x.set("SearchableNames", UAssetJson.MAPPER.valueToTree(pkg.searchableNames()));
        x.set("Thumbnails", UAssetJson.MAPPER.valueToTree(pkg.thumbnails()));
        ArrayNode preload = x.putArray("PreloadDependencies");
        pkg.preloadDependencies().forEach(i -> preload.add(i.value()));
        x.put("DataResourceVersion", pkg.dataResourceVersion());
        x.set("DataResources", UAssetJson.MAPPER.valueToTree(pkg.dataResources()));
        x.set("Layout", UAssetJson.MAPPER.valueToTree(pkg.regions()));
        return x;
    }

    /** The entry a name gets when nothing special was stored: Unreal's encoding and hashes (0 before hashes were stored). */
    private static NameEntry defaultEntry(String text, boolean hashes) {
        FString s = new FString(text, !FString.isAnsi(text));
        return hashes ? new NameEntry(s, NameHashes.nonCasePreservingHash(text), NameHashes.casePreservingHash(text))
                : new NameEntry(s, 0, 0);
    }

    // ---- reading -----------------------------------------------------------------------------------

    static AssetPackage read(JsonIn root, String fileName) {
        JsonIn type = root.get("$type");
        if (!type.asText().equals(ASSET_TYPE)) {
            throw type.error("Expected $type " + ASSET_TYPE + ", found " + type.asText());
        }
        JsonIn x = root.opt("Uassetd");
        if (x == null) {
            throw root.error("No Uassetd block: this JSON was not written by uassetd (UAssetAPI JSON without the exact layout"
                    + " uassetd adds cannot be turned back into bytes yet)");
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
