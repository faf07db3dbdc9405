package io.uassetd.codecs.asset.json;

import io.uassetd.codecs.asset.property.PropertyWriter;

/**
 * UAssetAPI's MetaDataExport (an editor package's {@code PackageMetaData}), read only: after the properties
 * and the object GUID, UMetaData's maps as UAssetAPI names them: {@code ObjectMetaData} (a list of
 * {@code {"Import": object index, "MetaData": [[name, string], ...]}}) and, in packages from
 * FEditorObjectVersion's RootMetaDataSupport on (UAssetAPI writes null before), {@code RootMetaData}
 * ({@code [[name, string], ...]}). They are serialized in Unreal's order in front of {@code Extras};
 * uassetd itself writes the export as a NormalExport whose {@code Extras} hold them.
 */
final class MetaDataExportJson extends ReadOnlyExportJson {
    MetaDataExportJson() {
        super("MetaDataExport");
    }

    @Override
    void writeClassData(JsonContext c, JsonIn in, PropertyWriter w) {
        JsonIn objects = in.opt("ObjectMetaData");
        if (objects == null) {
            w.out().writeI32(0);
        } else {
            w.out().writeI32(objects.elements().size());
            for (JsonIn entry : objects.elements()) {
                w.out().writeI32(entry.get("Import").asInt());
                map(c, w, entry.opt("MetaData"));
            }
        }
        JsonIn root = in.opt("RootMetaData");
        if (root != null) {
            map(c, w, root);
        }
    }

    /** A TMap of FName to FString in UAssetAPI's TMapJsonConverter form: {@code [[key, value], ...]}. */
    private static void map(JsonContext c, PropertyWriter w, JsonIn map) {
        if (map == null) {
            w.out().writeI32(0);
            return;
        }
        w.out().writeI32(map.elements().size());
        for (JsonIn pair : map.elements()) {
            StructExportJson.List2 kv = StructExportJson.List2.of(pair);
            w.out().writeFName(c.names().read(kv.a()));
            w.out().writeFString(LevelExportJson.string(kv.b()));
        }
    }
}
