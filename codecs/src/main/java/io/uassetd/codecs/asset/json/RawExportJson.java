package io.uassetd.codecs.asset.json;

import com.fasterxml.jackson.core.JsonGenerator;
import io.uassetd.codecs.asset.Export;
import java.io.IOException;

/** UAssetAPI's RawExport: an export kept as its bytes ({@code Data}, base64). */
final class RawExportJson implements ExportJsonType {
    @Override
    public String typeName() {
        return "UAssetAPI.ExportTypes.RawExport, UAssetAPI";
    }

    @Override
    public boolean writes(Export e) {
        return e.content() == null;
    }

    @Override
    public void writeBody(JsonContext c, Export e, JsonGenerator g) throws IOException {
        g.writeFieldName("Data");
        g.writeBinary(e.rawData());
    }

    @Override
    public Body readBody(JsonContext c, Export e, JsonIn in) {
        return new Body(in.get("Data").base64(), null);
    }
}
