package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.version.ObjectVersion;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;

/**
 * FObjectExport: one export map entry, every field by version (96 bytes for a cooked UE5.2
 * package). Fields a version does not store keep the defaults Unreal assumes.
 *
 * @param templateIndex stored from TEMPLATE_INDEX_IN_COOKED_EXPORTS
 * @param serialSize int32 before EXPORTMAP_64BIT_SERIAL_SIZES, then int64
 * @param serialOffset absolute offset of the export's data in the package (.uasset + .uexp)
 * @param packageGuid stored before REMOVE_OBJECT_EXPORT_PACKAGE_GUID, else null
 * @param isInheritedInstance stored from TRACK_OBJECT_EXPORT_IS_INHERITED
 * @param notAlwaysLoadedForEditorGame stored from LOAD_FOR_EDITOR_GAME (default true)
 * @param isAsset stored from COOKED_ASSETS_IN_EDITOR_SUPPORT
 * @param generatePublicHash stored from OPTIONAL_RESOURCES
 * @param firstExportDependency and the four counts: stored from PRELOAD_DEPENDENCIES_IN_COOKED_EXPORTS
 * @param scriptSerializationStartOffset stored in versioned-property packages from SCRIPT_SERIALIZATION_OFFSET
 */
public record ObjectExport(PackageIndex classIndex, PackageIndex superIndex, PackageIndex templateIndex,
        PackageIndex outerIndex, FName objectName, int objectFlags, long serialSize, long serialOffset,
        boolean forcedExport, boolean notForClient, boolean notForServer, FGuid packageGuid,
        boolean isInheritedInstance, int packageFlags, boolean notAlwaysLoadedForEditorGame, boolean isAsset,
        boolean generatePublicHash, int firstExportDependency, int serializationBeforeSerializationDependencies,
        int createBeforeSerializationDependencies, int serializationBeforeCreateDependencies,
        int createBeforeCreateDependencies, long scriptSerializationStartOffset, long scriptSerializationEndOffset) {

    static boolean hasScriptOffsets(PackageReader r, boolean unversionedProperties) {
        return !unversionedProperties && r.version().atLeast(ObjectVersionUE5.SCRIPT_SERIALIZATION_OFFSET);
    }

    static ObjectExport read(PackageReader r, boolean unversionedProperties) {
        var v = r.version();
        PackageIndex classIndex = r.readPackageIndex();
        PackageIndex superIndex = r.readPackageIndex();
        PackageIndex templateIndex = v.atLeast(ObjectVersion.TEMPLATE_INDEX_IN_COOKED_EXPORTS) ? r.readPackageIndex() : PackageIndex.NULL;
        PackageIndex outerIndex = r.readPackageIndex();
        FName objectName = r.readFName();
        int objectFlags = r.readI32();
        long at = r.position();
        long serialSize;
        long serialOffset;
        if (v.atLeast(ObjectVersion.EXPORTMAP_64BIT_SERIAL_SIZES)) {
            serialSize = r.readI64();
            serialOffset = r.readI64();
        } else {
            serialSize = r.readI32();
            serialOffset = r.readI32();
        }
        if (serialSize < 0 || serialOffset < 0) {
            throw r.corrupt("Negative serial size " + serialSize + " or offset " + serialOffset, at);
        }
        boolean forced = r.readBool32();
        boolean notForClient = r.readBool32();
        boolean notForServer = r.readBool32();
        FGuid packageGuid = v.atLeast(ObjectVersionUE5.REMOVE_OBJECT_EXPORT_PACKAGE_GUID) ? null : r.readGuid();
        boolean inherited = v.atLeast(ObjectVersionUE5.TRACK_OBJECT_EXPORT_IS_INHERITED) && r.readBool32();
        int packageFlags = r.readI32();
        boolean notAlwaysLoaded = !v.atLeast(ObjectVersion.LOAD_FOR_EDITOR_GAME) || r.readBool32();
        boolean isAsset = v.atLeast(ObjectVersion.COOKED_ASSETS_IN_EDITOR_SUPPORT) && r.readBool32();
        boolean publicHash = v.atLeast(ObjectVersionUE5.OPTIONAL_RESOURCES) && r.readBool32();
        int first = -1;
        int sbs = 0;
        int cbs = 0;
        int sbc = 0;
        int cbc = 0;
        if (v.atLeast(ObjectVersion.PRELOAD_DEPENDENCIES_IN_COOKED_EXPORTS)) {
            first = r.readI32();
            sbs = r.readI32();
            cbs = r.readI32();
            sbc = r.readI32();
            cbc = r.readI32();
        }
        long scriptStart = 0;
        long scriptEnd = 0;
        if (hasScriptOffsets(r, unversionedProperties)) {
            scriptStart = r.readI64();
            scriptEnd = r.readI64();
        }
        return new ObjectExport(classIndex, superIndex, templateIndex, outerIndex, objectName, objectFlags, serialSize,
                serialOffset, forced, notForClient, notForServer, packageGuid, inherited, packageFlags, notAlwaysLoaded,
                isAsset, publicHash, first, sbs, cbs, sbc, cbc, scriptStart, scriptEnd);
    }

    void write(PackageWriter w, boolean unversionedProperties) {
        var v = w.version();
        w.writePackageIndex(classIndex);
        w.writePackageIndex(superIndex);
        if (v.atLeast(ObjectVersion.TEMPLATE_INDEX_IN_COOKED_EXPORTS)) {
            w.writePackageIndex(templateIndex);
        }
        w.writePackageIndex(outerIndex);
        w.writeFName(objectName);
        w.writeI32(objectFlags);
        if (v.atLeast(ObjectVersion.EXPORTMAP_64BIT_SERIAL_SIZES)) {
            w.writeI64(serialSize);
            w.writeI64(serialOffset);
        } else {
            w.writeI32(Math.toIntExact(serialSize));
            w.writeI32(Math.toIntExact(serialOffset));
        }
        w.writeBool32(forcedExport);
        w.writeBool32(notForClient);
        w.writeBool32(notForServer);
        if (!v.atLeast(ObjectVersionUE5.REMOVE_OBJECT_EXPORT_PACKAGE_GUID)) {
            w.writeGuid(packageGuid == null ? FGuid.ZERO : packageGuid);
        }
        if (v.atLeast(ObjectVersionUE5.TRACK_OBJECT_EXPORT_IS_INHERITED)) {
            w.writeBool32(isInheritedInstance);
        }
        w.writeI32(packageFlags);
        if (v.atLeast(ObjectVersion.LOAD_FOR_EDITOR_GAME)) {
            w.writeBool32(notAlwaysLoadedForEditorGame);
        }
        if (v.atLeast(ObjectVersion.COOKED_ASSETS_IN_EDITOR_SUPPORT)) {
            w.writeBool32(isAsset);
        }
        if (v.atLeast(ObjectVersionUE5.OPTIONAL_RESOURCES)) {
            w.writeBool32(generatePublicHash);
        }
        if (v.atLeast(ObjectVersion.PRELOAD_DEPENDENCIES_IN_COOKED_EXPORTS)) {
            w.writeI32(firstExportDependency);
            w.writeI32(serializationBeforeSerializationDependencies);
            w.writeI32(createBeforeSerializationDependencies);
            w.writeI32(serializationBeforeCreateDependencies);
            w.writeI32(createBeforeCreateDependencies);
        }
        if (!unversionedProperties && v.atLeast(ObjectVersionUE5.SCRIPT_SERIALIZATION_OFFSET)) {
            w.writeI64(scriptSerializationStartOffset);
            w.writeI64(scriptSerializationEndOffset);
        }
    }

    /** A copy placed at a new serial offset with a new size. */
    public ObjectExport withSerial(long size, long offset) {
        return new ObjectExport(classIndex, superIndex, templateIndex, outerIndex, objectName, objectFlags, size, offset,
                forcedExport, notForClient, notForServer, packageGuid, isInheritedInstance, packageFlags,
                notAlwaysLoadedForEditorGame, isAsset, generatePublicHash, firstExportDependency,
                serializationBeforeSerializationDependencies, createBeforeSerializationDependencies,
                serializationBeforeCreateDependencies, createBeforeCreateDependencies, scriptSerializationStartOffset,
                scriptSerializationEndOffset);
    }

    /** A copy with new script serialization offsets (relative to the export's data). */
    public ObjectExport withScriptSerialization(long start, long end) {
        return new ObjectExport(classIndex, superIndex, templateIndex, outerIndex, objectName, objectFlags, serialSize,
                serialOffset, forcedExport, notForClient, notForServer, packageGuid, isInheritedInstance, packageFlags,
                notAlwaysLoadedForEditorGame, isAsset, generatePublicHash, firstExportDependency,
                serializationBeforeSerializationDependencies, createBeforeSerializationDependencies,
                serializationBeforeCreateDependencies, createBeforeCreateDependencies, start, end);
    }

    /** A copy with another object name. */
    public ObjectExport withObjectName(FName name) {
        return new ObjectExport(classIndex, superIndex, templateIndex, outerIndex, name, objectFlags, serialSize,
                serialOffset, forcedExport, notForClient, notForServer, packageGuid, isInheritedInstance, packageFlags,
                notAlwaysLoadedForEditorGame, isAsset, generatePublicHash, firstExportDependency,
                serializationBeforeSerializationDependencies, createBeforeSerializationDependencies,
                serializationBeforeCreateDependencies, createBeforeCreateDependencies, scriptSerializationStartOffset,
                scriptSerializationEndOffset);
    }

    /** The four preload dependency counts summed (entries this export owns in the preload list). */
    public int dependencyCount() {
        return serializationBeforeSerializationDependencies + createBeforeSerializationDependencies
                + serializationBeforeCreateDependencies + createBeforeCreateDependencies;
    }
}
