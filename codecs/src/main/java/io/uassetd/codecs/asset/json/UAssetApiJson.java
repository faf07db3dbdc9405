package io.uassetd.codecs.asset.json;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.ExportContent;
import io.uassetd.codecs.asset.NameEntry;
import io.uassetd.codecs.asset.NameHashes;
import io.uassetd.codecs.asset.NameMap;
import io.uassetd.codecs.asset.ObjectExport;
import io.uassetd.codecs.asset.ObjectImport;
import io.uassetd.codecs.asset.PackageBuilder;
import io.uassetd.codecs.asset.DataResource;
import io.uassetd.codecs.asset.SoftObjectPathEntry;
import io.uassetd.codecs.asset.SoftPackageReference;
import io.uassetd.codecs.asset.core.FEngineVersion;
import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.io.FString;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.property.content.PropertyExportContent;
import io.uassetd.codecs.asset.property.content.ValueCodec;
import io.uassetd.codecs.asset.property.unversioned.ClassSchemas;
import io.uassetd.codecs.asset.property.SchemaSource;
import io.uassetd.codecs.asset.version.CustomVersion;
import io.uassetd.codecs.asset.version.CustomVersionContainer;
import io.uassetd.codecs.asset.version.CustomVersionKey;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.asset.version.LegacyFileVersion;
import io.uassetd.codecs.asset.version.ObjectVersion;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import io.uassetd.codecs.asset.version.PackageVersion;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.usmap.Usmap;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a document UAssetAPI (UAssetGUI) wrote, without uassetd's {@code Uassetd} block: the package
 * is rebuilt from UAssetAPI's own fields alone and its header regenerated in the order a cooker
 * writes it ({@link PackageBuilder}): offsets, counts, serial sizes and offsets, the generation, the
 * preload dependency table (from each export's four dependency lists) and each export's dependency
 * counts are computed. Versions, package flags and object flags may be UAssetAPI's enum names
 * ({@code VER_UE4_CORRECT_LICENSEE_FLAG}, {@code "PKG_Cooked, PKG_FilterEditorOnly"}) or numbers.
 *
 * <p>What UAssetAPI keeps elsewhere and is read when present: {@code UseSeparateBulkDataFiles}
 * (.uasset + .uexp, the default, or one file), {@code SoftPackageReferenceList} (strings), {@code AssetRegistryData} (base64), {@code NamesReferencedFromExportDataCount}. What
 * UAssetAPI does not keep (the header's padding, the stored name hashes, editor-only tables) takes
 * the values a cooker writes.
 */
final class UAssetApiJson {
    /** EObjectFlags by UAssetAPI's names. */
    static final Map<String, Long> OBJECT_FLAGS = flagTable("RF_NoFlags", 0, "RF_Public", 0x1, "RF_Standalone", 0x2,
            "RF_MarkAsNative", 0x4, "RF_Transactional", 0x8, "RF_ClassDefaultObject", 0x10, "RF_ArchetypeObject", 0x20,
            "RF_Transient", 0x40, "RF_MarkAsRootSet", 0x80, "RF_TagGarbageTemp", 0x100, "RF_NeedInitialization", 0x200,
            "RF_NeedLoad", 0x400, "RF_KeepForCooker", 0x800, "RF_NeedPostLoad", 0x1000, "RF_NeedPostLoadSubobjects", 0x2000,
            "RF_NewerVersionExists", 0x4000, "RF_BeginDestroyed", 0x8000, "RF_FinishDestroyed", 0x10000,
            "RF_BeingRegenerated", 0x20000, "RF_DefaultSubObject", 0x40000, "RF_WasLoaded", 0x80000,
            "RF_TextExportTransient", 0x100000, "RF_LoadCompleted", 0x200000, "RF_InheritableComponentTemplate", 0x400000,
            "RF_DuplicateTransient", 0x800000, "RF_StrongRefOnFrame", 0x1000000, "RF_NonPIEDuplicateTransient", 0x2000000,
            "RF_Dynamic", 0x4000000, "RF_WillBeLoaded", 0x8000000, "RF_HasExternalPackage", 0x10000000);
    /** EPackageFlags by UAssetAPI's names. */
    static final Map<String, Long> PACKAGE_FLAGS = flagTable("PKG_None", 0, "PKG_NewlyCreated", 0x1, "PKG_ClientOptional", 0x2,
            "PKG_ServerSideOnly", 0x4, "PKG_CompiledIn", 0x10, "PKG_ForDiffing", 0x20, "PKG_EditorOnly", 0x40,
            "PKG_Developer", 0x80, "PKG_UncookedOnly", 0x100, "PKG_Cooked", 0x200, "PKG_ContainsNoAsset", 0x400,
            "PKG_NotExternallyReferenceable", 0x800, "PKG_UnversionedProperties", 0x2000, "PKG_ContainsMapData", 0x4000,
            "PKG_IsSaving", 0x8000, "PKG_Compiling", 0x10000, "PKG_ContainsMap", 0x20000, "PKG_RequiresLocalizationGather", 0x40000,
            "PKG_PlayInEditor", 0x100000, "PKG_ContainsScript", 0x200000, "PKG_DisallowExport", 0x400000,
            "PKG_DynamicImports", 0x10000000, "PKG_RuntimeGenerated", 0x20000000, "PKG_ReloadingForCooker", 0x40000000,
            "PKG_FilterEditorOnly", 0x80000000L);
    /** Names of EUnrealEngineObjectUE4Version values Unreal spells differently from {@link ObjectVersion}, and the cooked-era ones it does not list. */
    private static final Map<String, Integer> UE4_ALIASES = Map.of("VER_UE4_64BIT_EXPORTMAP_SERIALSIZES", 511,
            "VER_UE4_SKYLIGHT_MOBILE_IRRADIANCE_MAP", 512, "VER_UE4_ADDED_SWEEP_WHILE_WALKING_FLAG", 513,
            "VER_UE4_POINTLIGHT_SOURCE_ORIENTATION", 515, "VER_UE4_AUTOMATIC_VERSION", 522, "VER_UE4_AUTOMATIC_VERSION_PLUS_ONE", 523,
            "UNKNOWN", 0);

    /**
     * UAssetAPI's top-level fields by what this reader does with them (the inventory's field rows, older
     * variants included): {@code read}, {@code computed} (recomputed on write, the value given is not used),
     * {@code ignored} (no package bytes), {@code refused-if-set} (data this reader cannot place: refused
     * unless null, empty, 0 or false).
     */
    static final Map<String, List<String>> TOP_LEVEL_FIELDS = Map.of(
            "read", List.of(
                "$type", "UseSeparateBulkDataFiles", "IsUnversioned", "FileVersionLicenseeUE", "ObjectVersion",
                "ObjectVersionUE5", "CustomVersionContainer", "SoftObjectPathList", "LegacyFileVersion", "DataResourceVersion",
                "DataResources", "UsesEventDrivenLoader", "DependsMap", "SoftPackageReferenceList", "AssetRegistryRecords",
                "ImportBits", "SoftPackageBits", "ExtraPackageDependencies", "PackageGuid", "RecordedEngineVersion",
                "RecordedCompatibleWithEngineVersion", "ChunkIDs", "PackageSource", "FolderName",
                "NamesReferencedFromExportDataCount", "PackageFlags", "NameMap", "Imports", "Exports", "AssetRegistryData",
                "EngineVersion"),
            "computed", List.of(
                "WillSerializeNameHashes", "AssetRegistryDependencyDataOffset", "Generations",
                "SoftObjectPathsCount", "SoftObjectPathsOffset", "SearchableNamesOffset", "ThumbnailTableOffset",
                "PayloadTocOffset", "DataResourceOffset", "HasUnversionedProperties", "IsFilterEditorOnly"),
            "ignored", List.of(
                "Info", "CustomSerializationFlags", "OtherAssetsFailedToAccess", "GameSpecificOverride", "LocalizationId", "PersistentGuid",
                "CompressionFlags", "AdditionalPackagesToCook", "doWeHaveAssetRegistryData", "doWeHaveWorldTileInfo"),
            "refused-if-set", List.of(
                "GatherableTextData", "SearchableNames", "Thumbnails", "WorldTileInfo", "AppendedNullBytes", "BulkData",
                "AdditionalFiles", "Trailer", "ValorantGarbageData", "SeaOfThievesGarbageData", "ImportTypeHierarchies",
                "MetaData"));

    /** The package file tag (C1 83 2A 9E) in base64: what a cooked package's BulkData holds. */
    private static final String PACKAGE_TAG = "wYMqng==";

    /** Refuses the fields whose data this reader would otherwise drop. */
    private static void refuseUnsupported(JsonIn root) {
        for (String f : TOP_LEVEL_FIELDS.get("refused-if-set")) {
            JsonIn v = root.opt(f);
            if (v == null) {
                continue;
            }
            var n = v.node();
            // BulkData (AdditionalFiles in UAssetAPI 1.1) of a cooked package holds the package tag uassetd writes itself
            boolean blank = n.isContainerNode() ? n.isEmpty() : n.isTextual() ? n.textValue().isEmpty() || n.textValue().equals(PACKAGE_TAG)
                    : n.isNumber() ? n.asDouble() == 0 : n.isBoolean() && !n.booleanValue();
            if (!blank) {
                throw v.error(f + " is not supported: uassetd cannot place its data in the package (give null)");
            }
        }
    }

    private UAssetApiJson() {
    }

    /**
     * Reads the document: versions and summary settings, the tables, the export entries (with the
     * preload dependencies they list), then the bodies in two passes so the header is laid out around
     * the exports' real sizes.
     */
    static AssetPackage read(JsonIn root, String fileName, Usmap mappings) {
        refuseUnsupported(root);
        PackageVersion version = readVersion(root);
        PackageBuilder b = summarySettings(root, version);
        NameMap names = readNames(root, version);
        JsonNames jn = new JsonNames(names);
        assetRegistryRecords(root, b, version, jn);
        List<ObjectImport> imports = readImports(root, jn);
        List<SoftPackageReference> softRefs = readSoftPackageReferences(root, jn, version);
        List<SoftObjectPathEntry> softPaths = readSoftObjectPaths(root, jn, version);
        List<JsonIn> exportNodes = root.get("Exports").elements();
        List<List<PackageIndex>> depends = readDependsMap(root, exportNodes.size());
        List<ExportJsonType> types = new ArrayList<>();
        List<ObjectExport> exportEntries = new ArrayList<>();
        List<byte[]> exportData = new ArrayList<>();
        b.preloadDependencies(readExportEntries(root, jn, version, exportNodes, types, exportEntries, exportData));
        // UAssetAPI's UseSeparateBulkDataFiles: .uasset + .uexp; absent, the cooked layout (split) is assumed
        b.split(root.boolOr("UseSeparateBulkDataFiles", true));
        // first pass: a package to read the exports' bodies against (names they add join the name map)
        AssetPackage first = build(b, names.entries(), imports, softRefs, softPaths, exportEntries, exportData, depends, fileName);
        // unversioned data of classes the package defines itself (blueprints) follows schemas read from its
        // class and struct exports: those are read first, the package rebuilt with their bytes, then the rest
        List<Integer> classes = new ArrayList<>();
        List<Integer> others = new ArrayList<>();
        for (int i = 0; i < exportNodes.size(); i++) {
            String cls = first.className(first.export(i));
            (cls.endsWith("GeneratedClass") || cls.equals("Class") || cls.equals("UserDefinedStruct") ? classes : others).add(i);
        }
        JsonContext c = JsonContext.of(first, new SchemaSource(mappings, Map.of()));
        readBodies(first, c, classes, types, exportNodes, exportEntries, exportData, version);
        if (mappings != null && first.hasUnversionedProperties() && !classes.isEmpty()) {
            AssetPackage withClasses = build(b, first.names().entries(), imports, softRefs, softPaths, exportEntries, exportData, depends, fileName);
            c = JsonContext.of(first, new SchemaSource(mappings, ClassSchemas.of(ValueCodec.INSTANCE, withClasses, mappings)));
        }
        readBodies(first, c, others, types, exportNodes, exportEntries, exportData, version);
        // second pass: the header laid out around the exports' real sizes
        AssetPackage pkg = build(b, first.names().entries(), imports, softRefs, softPaths, exportEntries, exportData, depends, fileName);
        for (int i = 0; i < exportNodes.size(); i++) {
            ExportContent content = first.export(i).content();
            if (content != null && !(types.get(i) instanceof RawExportJson)) {
                pkg.export(i).setContent(content);
            }
        }
        return pkg;
    }

    /** The object versions: ObjectVersion/ObjectVersionUE5, or UAssetAPI 1.0.0's EngineVersion release. */
    private static PackageVersion readVersion(JsonIn root) {
        int ue4;
        int ue5;
        JsonIn engineIn = root.opt("EngineVersion");
        if (!root.has("ObjectVersion") && engineIn != null) {
            // UAssetAPI 1.0.0's layout: the engine release (its UE4Version enum) instead of the object versions
            int[] v = engineRelease(engineIn);
            ue4 = v[0];
            ue5 = v[1];
        } else {
            ue4 = version(root.get("ObjectVersion"), false);
            JsonIn ue5In = root.opt("ObjectVersionUE5");
            ue5 = ue5In == null ? 0 : version(ue5In, true);
        }
        int licensee = root.intOr("FileVersionLicenseeUE", 0);
        if (!root.boolOr("IsUnversioned", false)) {
            return new PackageVersion(ue4, ue5, licensee);
        }
        return new PackageVersion(ue4, ue5, licensee, unversionedCustomVersions(root, new PackageVersion(ue4, ue5, licensee)));
    }

    /**
     * The custom versions an unversioned package is read with: those UAssetAPI used, which it lists
     * with {@code IsSerialized: false}, else the engine table's for the newest release with the
     * document's object versions.
     */
    private static Map<CustomVersionKey, Integer> unversionedCustomVersions(JsonIn root, PackageVersion fileVersions) {
        Map<CustomVersionKey, Integer> out = new EnumMap<>(EngineVersion.guess(fileVersions).customVersions());
        JsonIn cv = root.opt("CustomVersionContainer");
        if (cv != null) {
            for (JsonIn v : cv.elements()) {
                CustomVersionKey k = v.has("Key") ? CustomVersionKey.of(JsonNames.guid(v.get("Key"))) : null;
                if (k != null && !v.boolOr("IsSerialized", true)) {
                    out.put(k, v.intField("Version"));
                }
            }
        }
        return out;
    }

    /** A builder with the summary's settings: legacy and custom versions, flags, GUID, names, engine versions, tables kept raw. */
    private static PackageBuilder summarySettings(JsonIn root, PackageVersion version) {
        boolean unversioned = root.boolOr("IsUnversioned", false);
        PackageBuilder b = PackageBuilder.cooked(version, unversioned);
        // LegacyUE3Version is not in UAssetAPI's JSON: Unreal writes 864 in versioned summaries, 0 in unversioned ones
        b.legacyUE3Version(unversioned ? 0 : 864);
        JsonIn legacyIn = root.opt("LegacyFileVersion");
        if (legacyIn != null) {
            b.legacyFileVersion(LegacyFileVersion.of(legacyIn.asInt())
                    .orElseThrow(() -> legacyIn.error("Unsupported LegacyFileVersion " + legacyIn.asInt())));
        }
        JsonIn cv = root.opt("CustomVersionContainer");
        if (cv != null) {
            List<CustomVersion> versions = new ArrayList<>();
            for (JsonIn v : cv.elements()) {
                if (!v.boolOr("IsSerialized", true)) {
                    continue;
                }
                FGuid key = JsonNames.guid(v.get("Key"));
                versions.add(CustomVersion.of(key, v.intField("Version")));
            }
            b.customVersions(new CustomVersionContainer(CustomVersionContainer.Format.OPTIMIZED, versions));
        }
        JsonIn flags = root.opt("PackageFlags");
        b.packageFlags(flags == null ? 0x80000000 | 0x200 : (int) flags(flags, PACKAGE_FLAGS));
        JsonIn guid = root.opt("PackageGuid");
        if (guid != null && !guid.isNull()) {
            b.guid(JsonNames.guid(guid));
        }
        String folder = root.textOr("FolderName", null);
        if (folder != null) {
            b.packageName(FString.of(folder));
        }
        JsonIn source = root.opt("PackageSource");
        if (source != null && !source.isNull()) {
            // a uint32 in UAssetAPI (4048401688 is common): any 32-bit pattern
            long v = source.asLong();
            if (v < Integer.MIN_VALUE || v > 0xFFFFFFFFL) {
                throw source.error("PackageSource " + v + " is not a 32-bit value");
            }
            b.packageSource((int) v);
        }
        JsonIn chunks = root.opt("ChunkIDs");
        if (chunks != null && !chunks.isNull()) {
            b.chunkIds(chunks.elements().stream().mapToInt(JsonIn::asInt).toArray());
        }
        b.engineVersions(engineVersion(root.opt("RecordedEngineVersion")), engineVersion(root.opt("RecordedCompatibleWithEngineVersion")));
        JsonIn registry = root.opt("AssetRegistryData");
        if (registry != null && !registry.isNull()) {
            b.assetRegistryData(assetRegistryData(registry));
        }
        JsonIn referenced = root.opt("NamesReferencedFromExportDataCount");
        if (referenced != null) {
            b.namesReferencedFromExportData(referenced.asInt());
        }
        JsonIn resources = root.opt("DataResources");
        if (resources != null && version.atLeast(ObjectVersionUE5.DATA_RESOURCES)) {
            b.dataResources(dataResourceVersion(root.opt("DataResourceVersion")), dataResources(resources));
        }
        return b;
    }

    /**
     * {@code AssetRegistryData}: base64 (UAssetAPI from October 2022 on: the bytes up to the next table), or,
     * as UAssetAPI 1.0.0 wrote it, a JSON array of the registry's entries, which it wrote as their int32
     * count and could only hold empty: {@code []} is the count 0.
     */
    static byte[] assetRegistryData(JsonIn registry) {
        if (!registry.node().isArray()) {
            return registry.base64();
        }
        if (!registry.node().isEmpty()) {
            throw registry.error("AssetRegistryData as an array (UAssetAPI 1.0.0) can only be empty: that version wrote no entries");
        }
        return new byte[4];
    }

    /**
     * UAssetAPI 1.1's parsed asset registry data, when the document has it instead of {@code AssetRegistryData}:
     * {@code AssetRegistryRecords} ([{Path, ClassName, TagMap: {key: value}}], each an FString, the tags as
     * their count then key/value pairs), and for editor packages from VER_UE4_ASSETREGISTRY_DEPENDENCYFLAGS
     * on the int64 offset of the dependency data in front of them (computed at layout) and the dependency
     * data after them: {@code ImportBits} and {@code SoftPackageBits} (arrays of booleans, as their bit count
     * then 32-bit words) and, from UE5's ASSETREGISTRY_PACKAGEBUILDDEPENDENCIES, {@code ExtraPackageDependencies}
     * ([{Key: name, Value: uint32}]).
     */
    private static void assetRegistryRecords(JsonIn root, PackageBuilder b, PackageVersion version, JsonNames jn) {
        JsonIn records = root.opt("AssetRegistryRecords");
        if (records == null || root.opt("AssetRegistryData") != null) {
            return;
        }
        JsonIn flagsIn = root.opt("PackageFlags");
        boolean filterEditorOnly = flagsIn != null && (flags(flagsIn, PACKAGE_FLAGS) & 0x80000000L) != 0;
        boolean dependencies = !filterEditorOnly && version.atLeast(ObjectVersion.ASSETREGISTRY_DEPENDENCYFLAGS);
        var w = new io.uassetd.codecs.asset.archive.PackageWriter(version, filterEditorOnly);
        if (dependencies) {
            w.writeI64(0); // the dependency data's offset, filled in at layout
        }
        w.writeI32(records.elements().size());
        for (JsonIn r : records.elements()) {
            w.writeFString(LevelExportJson.string(r.opt("Path")));
            w.writeFString(LevelExportJson.string(r.opt("ClassName")));
            JsonIn tags = r.opt("TagMap");
            List<Map.Entry<String, com.fasterxml.jackson.databind.JsonNode>> entries = new ArrayList<>();
            if (tags != null) {
                tags.node().properties().forEach(entries::add);
            }
            w.writeI32(entries.size());
            for (var e : entries) {
                w.writeFString(LevelExportJson.string(e.getKey()));
                w.writeFString(LevelExportJson.string(e.getValue().isNull() ? null : e.getValue().asText()));
            }
        }
        if (!dependencies) {
            b.assetRegistryData(w.toByteArray());
            return;
        }
        int dependencyAt = w.position();
        bitArray(w, root.opt("ImportBits"));
        bitArray(w, root.opt("SoftPackageBits"));
        if (version.atLeast(ObjectVersionUE5.ASSETREGISTRY_PACKAGEBUILDDEPENDENCIES)) {
            JsonIn extra = root.opt("ExtraPackageDependencies");
            List<JsonIn> list = extra == null ? List.of() : extra.elements();
            w.writeI32(list.size());
            for (JsonIn kv : list) {
                w.writeFName(jn.read(kv.get("Key")));
                w.writeU32(kv.get("Value").asLong());
            }
        }
        b.assetRegistryData(w.toByteArray(), dependencyAt);
    }

    /** A TBitArray: the bit count, then the bits in 32-bit words (none when empty). */
    private static void bitArray(io.uassetd.codecs.asset.archive.PackageWriter w, JsonIn bits) {
        List<JsonIn> list = bits == null ? List.of() : bits.elements();
        w.writeI32(list.size());
        byte[] words = new byte[(list.size() + 31) / 32 * 4];
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i).asBool()) {
                words[i / 8] |= (byte) (1 << (i % 8));
            }
        }
        w.writeBytes(words);
    }

    /** The name map, with the hashes Unreal stores from NAME_HASHES_SERIALIZED on. */
    private static NameMap readNames(JsonIn root, PackageVersion version) {
        boolean hashes = version.atLeast(ObjectVersion.NAME_HASHES_SERIALIZED);
        List<NameEntry> entries = new ArrayList<>();
        for (JsonIn s : root.get("NameMap").elements()) {
            String text = s.asText();
            FString fs = new FString(text, !FString.isAnsi(text));
            entries.add(hashes ? new NameEntry(fs, NameHashes.nonCasePreservingHash(text), NameHashes.casePreservingHash(text))
                    : new NameEntry(fs, 0, 0));
        }
        return new NameMap(entries);
    }

    private static List<ObjectImport> readImports(JsonIn root, JsonNames jn) {
        List<ObjectImport> imports = new ArrayList<>();
        for (JsonIn i : root.get("Imports").elements()) {
            imports.add(new ObjectImport(jn.read(i.get("ClassPackage")), jn.read(i.get("ClassName")),
                    new PackageIndex(i.intField("OuterIndex")), jn.read(i.get("ObjectName")), jn.readOrNull(i.opt("PackageName")),
                    i.boolOr("bImportOptional", false)));
        }
        return imports;
    }

    private static List<SoftPackageReference> readSoftPackageReferences(JsonIn root, JsonNames jn, PackageVersion version) {
        List<SoftPackageReference> softRefs = new ArrayList<>();
        JsonIn soft = root.opt("SoftPackageReferenceList");
        if (soft != null && !soft.isNull()) {
            for (JsonIn s : soft.elements()) {
                softRefs.add(version.atLeast(ObjectVersion.ADDED_SOFT_OBJECT_PATH)
                        ? new SoftPackageReference(jn.read(s), null) : new SoftPackageReference(null, FString.of(s.asText())));
            }
        }
        return softRefs;
    }

    private static List<SoftObjectPathEntry> readSoftObjectPaths(JsonIn root, JsonNames jn, PackageVersion version) {
        List<SoftObjectPathEntry> softPaths = new ArrayList<>();
        JsonIn pathList = root.opt("SoftObjectPathList");
        if (pathList != null && !pathList.isNull()) {
            // Sub paths are UTF-8 from UE5.6 (object version 1017) on, as Unreal writes them; an empty one is the same bytes either way
            boolean utf8 = version.atLeast(ObjectVersionUE5.OS_SUB_OBJECT_SHADOW_SERIALIZATION);
            for (JsonIn p : pathList.elements()) {
                JsonIn asset = p.get("AssetPath");
                JsonIn sub = p.opt("SubPathString");
                String text = sub == null ? "" : sub.asText();
                boolean asUtf8 = utf8 && !text.isEmpty();
                softPaths.add(new SoftObjectPathEntry(jn.read(asset.get("PackageName")), jn.read(asset.get("AssetName")),
                        asUtf8 ? new FString(text, false) : FString.of(text), asUtf8));
            }
        }
        return softPaths;
    }

    /** The depends map: one list per export, or empty when the document has none. */
    private static List<List<PackageIndex>> readDependsMap(JsonIn root, int exportCount) {
        List<List<PackageIndex>> depends = new ArrayList<>();
        JsonIn dm = root.opt("DependsMap");
        if (dm != null && !dm.isNull()) {
            for (JsonIn list : dm.elements()) {
                List<PackageIndex> l = new ArrayList<>();
                list.elements().forEach(i -> l.add(new PackageIndex(i.asInt())));
                depends.add(l);
            }
            if (depends.size() != exportCount) {
                throw dm.error("DependsMap has " + depends.size() + " lists for " + exportCount + " exports");
            }
        }
        return depends;
    }

    /**
     * Each export's type, entry (with its dependency counts) and raw body into the given lists;
     * returns the preload dependency table built from the exports' four dependency lists, or null
     * when the package has none.
     */
    private static List<PackageIndex> readExportEntries(JsonIn root, JsonNames jn, PackageVersion version,
            List<JsonIn> exportNodes, List<ExportJsonType> types, List<ObjectExport> exportEntries, List<byte[]> exportData) {
        // UsesEventDrivenLoader false: no preload dependency table (its count is -1), as UAssetAPI reads it
        boolean preloads = version.atLeast(ObjectVersion.PRELOAD_DEPENDENCIES_IN_COOKED_EXPORTS)
                && root.boolOr("UsesEventDrivenLoader", true);
        List<PackageIndex> preload = new ArrayList<>();
        String[] lists = {"SerializationBeforeSerializationDependencies", "CreateBeforeSerializationDependencies",
            "SerializationBeforeCreateDependencies", "CreateBeforeCreateDependencies"};
        for (JsonIn e : exportNodes) {
            ExportJsonType t = ExportJson.typeOf(e);
            types.add(t);
            ExportJson.checkIndexes(e, root.get("Imports").elements().size(), exportNodes.size());
            ObjectExport entry = ExportJson.readEntry(jn, e, null);
            int first = -1;
            int[] counts = new int[4];
            if (preloads) {
                int start = preload.size();
                for (int k = 0; k < 4; k++) {
                    JsonIn l = e.opt(lists[k]);
                    if (l != null && !l.isNull()) {
                        for (JsonIn i : l.elements()) {
                            preload.add(new PackageIndex(i.asInt()));
                            counts[k]++;
                        }
                    }
                }
                first = preload.size() > start ? start : -1;
            }
            exportEntries.add(ExportJson.withDependencies(entry, first, counts));
            exportData.add(t instanceof RawExportJson ? t.readBody(null, null, e).raw() : new byte[0]);
        }
        return preloads ? preload : null;
    }

    /** Reads the bodies of the given exports into {@code first}, their entries' script offsets and data updated. */
    private static void readBodies(AssetPackage first, JsonContext c, List<Integer> which, List<ExportJsonType> types,
            List<JsonIn> exportNodes, List<ObjectExport> exportEntries, List<byte[]> exportData, PackageVersion version) {
        for (int i : which) {
            if (types.get(i) instanceof RawExportJson) {
                continue;
            }
            Export e = first.export(i);
            ExportContent content = types.get(i).readBody(c, e, exportNodes.get(i)).content();
            e.setContent(content);
            if (content instanceof PropertyExportContent p && version.atLeast(ObjectVersionUE5.SCRIPT_SERIALIZATION_OFFSET)
                    && !exportNodes.get(i).has("ScriptSerializationEndOffset")) {
                exportEntries.set(i, exportEntries.get(i).withScriptSerialization(p.prefix().length,
                        p.prefix().length + p.propertiesSize()));
            }
            exportData.set(i, e.serialize(first));
        }
    }

    private static AssetPackage build(PackageBuilder template, List<NameEntry> names, List<ObjectImport> imports,
            List<SoftPackageReference> softRefs, List<SoftObjectPathEntry> softPaths, List<ObjectExport> exports, List<byte[]> data,
            List<List<PackageIndex>> depends, String fileName) {
        PackageBuilder b = template.copySettings();
        names.forEach(b::addName);
        imports.forEach(b::addImport);
        softRefs.forEach(b::addSoftPackageReference);
        softPaths.forEach(b::addSoftObjectPath);
        for (int i = 0; i < exports.size(); i++) {
            b.addExport(exports.get(i), data.get(i), depends.isEmpty() ? List.of() : depends.get(i));
        }
        return b.build(fileName);
    }

    /** EObjectDataResourceVersion by UAssetAPI's names ({@code Initial} is 1), or a number; absent is 1. */
    private static int dataResourceVersion(JsonIn in) {
        if (in == null) {
            return 1;
        }
        if (in.node().isIntegralNumber()) {
            return in.asInt();
        }
        return switch (in.asText().trim()) {
            case "Invalid" -> 0;
            case "Initial", "Latest" -> 1;
            default -> {
                if (in.asText().trim().matches("\\d+")) {
                    yield Integer.parseInt(in.asText().trim());
                }
                throw in.error("Unknown DataResourceVersion " + in.asText() + " (Invalid, Initial or a number)");
            }
        };
    }

    /** EObjectDataResourceFlags by UAssetAPI's names. */
    private static final Map<String, Long> DATA_RESOURCE_FLAGS = Map.of("None", 0L, "Inline", 1L, "Streaming", 2L, "Optional", 4L,
            "Duplicate", 8L, "MemoryMapped", 16L, "DerivedDataReference", 32L);

    /** UAssetAPI's FObjectDataResource list: Flags, SerialOffset, DuplicateSerialOffset, SerialSize, RawSize, OuterIndex, LegacyBulkDataFlags. */
    private static List<DataResource> dataResources(JsonIn list) {
        List<DataResource> out = new ArrayList<>();
        for (JsonIn r : list.elements()) {
            JsonIn f = r.opt("Flags");
            int flags = f == null ? 0 : (int) flags(f, DATA_RESOURCE_FLAGS);
            out.add(new DataResource(flags, r.intOr("CookedIndex", 0), r.longField("SerialOffset"), r.longField("DuplicateSerialOffset"),
                    r.longField("SerialSize"), r.longField("RawSize"), new PackageIndex(r.intOr("OuterIndex", 0)),
                    (int) r.longField("LegacyBulkDataFlags")));
        }
        return out;
    }

    private static FEngineVersion engineVersion(JsonIn in) {
        if (in == null || in.isNull()) {
            return new FEngineVersion(0, 0, 0, 0, FString.EMPTY);
        }
        String branch = in.textOr("Branch", null);
        return new FEngineVersion(in.intOr("Major", 0), in.intOr("Minor", 0), in.intOr("Patch", 0), in.intOr("Changelist", 0),
                branch == null ? FString.EMPTY : FString.of(branch));
    }

    /**
     * UAssetAPI 1.0.0's {@code EngineVersion} (its UE4Version enum: {@code VER_UE4_0} ... {@code VER_UE4_27},
     * {@code VER_UE4_OLDEST_LOADABLE_PACKAGE}, {@code VER_UE4_AUTOMATIC_VERSION}, or a release such as
     * {@code VER_UE5_1}) as the object versions that release writes: {UE4, UE5}.
     */
    static int[] engineRelease(JsonIn in) {
        String name = in.asText().trim();
        switch (name) {
            case "VER_UE4_OLDEST_LOADABLE_PACKAGE":
                return new int[] {214, 0};
            case "VER_UE4_AUTOMATIC_VERSION":
                return new int[] {522, 0};
            case "VER_UE4_AUTOMATIC_VERSION_PLUS_ONE":
                return new int[] {523, 0};
            default:
                try {
                    var e = EngineVersion.parse(name);
                    return new int[] {e.fileVersionUE4(), e.fileVersionUE5()};
                } catch (FormatException ex) {
                    throw in.error("Unknown EngineVersion " + name + " (VER_UE4_0 ... VER_UE4_27, VER_UE4_AUTOMATIC_VERSION)");
                }
        }
    }

    /** An object version: a number, or UAssetAPI's enum name ({@code VER_UE4_...}; UE5 names with or without {@code VER_UE5_}). */
    static int version(JsonIn in, boolean ue5) {
        if (in.node().isNumber()) {
            return in.asInt();
        }
        String name = in.asText().trim();
        if (name.matches("-?\\d+")) {
            return Integer.parseInt(name);
        }
        String bare = name.startsWith("VER_UE4_") || name.startsWith("VER_UE5_") ? name.substring(8) : name;
        if (ue5) {
            for (ObjectVersionUE5 v : ObjectVersionUE5.values()) {
                if (v.name().equals(bare)) {
                    return v.value();
                }
            }
            if (bare.equals("UNKNOWN")) {
                return 0;
            }
        } else {
            Integer alias = UE4_ALIASES.get(name);
            if (alias != null) {
                return alias;
            }
            for (ObjectVersion v : ObjectVersion.values()) {
                if (v.name().equals(bare)) {
                    return v.value();
                }
            }
        }
        throw in.error("Unknown " + (ue5 ? "ObjectVersionUE5" : "ObjectVersion") + " name " + name
                + " (give the version number instead)");
    }

    /** Flags: a number, or enum names joined by {@code |} or {@code ,} (Newtonsoft writes {@code "A, B"}). */
    static long flags(JsonIn in, Map<String, Long> table) {
        if (in.node().isNumber()) {
            return in.asLong();
        }
        String text = in.asText().trim();
        if (text.matches("-?\\d+")) {
            return Long.parseLong(text);
        }
        long out = 0;
        for (String part : text.split("[|,]")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            Long v = table.get(p);
            if (v == null) {
                if (p.matches("-?\\d+")) {
                    v = Long.parseLong(p);
                } else {
                    throw in.error("Unknown flag name " + p);
                }
            }
            out |= v;
        }
        return out;
    }

    private static Map<String, Long> flagTable(Object... pairs) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((String) pairs[i], ((Number) pairs[i + 1]).longValue());
        }
        return Map.copyOf(m);
    }
}
