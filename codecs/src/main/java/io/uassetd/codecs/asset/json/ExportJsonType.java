package io.uassetd.codecs.asset.json;

import com.fasterxml.jackson.core.JsonGenerator;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.ExportContent;
import java.io.IOException;

/**
 * The JSON form of one kind of export body (UAssetAPI's export classes: {@code RawExport},
 * {@code NormalExport}, {@code DataTableExport}, ...). The export map fields around the body are
 * written by {@link ExportJson}; a new structured export type is one implementation registered in
 * {@link ExportJson#TYPES}.
 */
interface ExportJsonType {
    /** The UAssetAPI $type, e.g. {@code UAssetAPI.ExportTypes.NormalExport, UAssetAPI}. */
    String typeName();

    /** True when this type writes the export as it is now (parsed content or raw bytes). */
    boolean writes(Export e);

    /** As {@link #writes(Export)}, for the types that need the package (the export's class) to decide. */
    default boolean writes(JsonContext c, Export e) {
        return writes(e);
    }

    void writeBody(JsonContext c, Export e, JsonGenerator g) throws IOException;

    /** The body read back: raw bytes (when kept raw) or parsed content; one of the two is null. */
    record Body(byte[] raw, ExportContent content) {
    }

    /** Reads the body; {@code e} is the export (its entry is already set, its data not yet). */
    Body readBody(JsonContext c, Export e, JsonIn in);
}
