package io.uassetd.codecs.asset.json;

import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.property.PropertyWriter;

/**
 * A UAssetAPI export type uassetd reads from UAssetAPI's JSON but never writes (it writes such an
 * export as a NormalExport whose {@code Extras} hold the class data): its {@code $type}, and the
 * class data it serializes from its own fields, in Unreal's order, in front of {@code Extras}.
 */
abstract class ReadOnlyExportJson extends NormalExportJson {
    private final String typeName;

    /** {@code exportClass}: UAssetAPI's class name, e.g. {@code LevelExport}. */
    ReadOnlyExportJson(String exportClass) {
        this.typeName = "UAssetAPI.ExportTypes." + exportClass + ", UAssetAPI";
    }

    @Override
    public final String typeName() {
        return typeName;
    }

    @Override
    public final boolean writes(Export e) {
        return false;
    }

    @Override
    final byte[] classDataFromJson(JsonContext c, JsonIn in) {
        PropertyWriter w = new PropertyWriter(c.pkg());
        writeClassData(c, in, w);
        return w.out().toByteArray();
    }

    /** Serializes the class data from the export's own fields in {@code in}. */
    abstract void writeClassData(JsonContext c, JsonIn in, PropertyWriter w);
}
