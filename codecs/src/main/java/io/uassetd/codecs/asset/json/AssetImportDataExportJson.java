package io.uassetd.codecs.asset.json;

import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.ExportContent;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.io.FString;
import io.uassetd.codecs.asset.property.PropertyWriter;

/**
 * UAssetAPI's AssetImportDataExport, read only: the editor's UAssetImportData, which serializes its
 * source-file data as one JSON text (an FString, UAssetAPI's {@code Json}) in front of the tagged
 * properties. The export is written as that string followed by what a NormalExport with the same
 * fields serializes to; uassetd's own JSON keeps such an export's bytes as they are.
 */
final class AssetImportDataExportJson extends ReadOnlyExportJson {
    AssetImportDataExportJson() {
        super("AssetImportDataExport");
    }

    @Override
    void writeClassData(JsonContext c, JsonIn in, PropertyWriter w) {
        // no class data after the properties: the Json text goes in front of them
    }

    @Override
    public Body readBody(JsonContext c, Export e, JsonIn in) {
        ExportContent properties = super.readBody(c, e, in).content();
        JsonIn json = in.opt("Json");
        FString text = json == null || json.isNull() ? null : FString.of(json.asText());
        return new Body(null, (pkg, export) -> {
            PackageWriter w = new PropertyWriter(pkg).out();
            if (text == null) {
                w.writeI32(0);
            } else {
                w.writeFString(text);
            }
            w.writeBytes(properties.serialize(pkg, export));
            return w.toByteArray();
        });
    }
}
