package io.uassetd.codecs.asset.json;

import com.fasterxml.jackson.core.JsonGenerator;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.property.content.PropertyExportContent;
import io.uassetd.codecs.asset.property.PropertyWriter;
import io.uassetd.codecs.asset.property.classdata.EnumData;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * UAssetAPI's EnumExport (Enum and UserDefinedEnum exports): after the properties,
 * {@code Enum} = {@code {"Names": [{"Item1": name, "Item2": value}, ...], "CppForm": "Regular" |
 * "Namespaced" | "EnumClass"}} and, as uassetd adds, the UObject's {@code ObjectGuid}. How the
 * names are stored (names only, byte or int64 values, the form as a bool32) follows the package
 * version, as in UAssetAPI. Anything after the form (one byte in UE5.8 packages) is {@code Extras}.
 */
final class EnumExportJson extends NormalExportJson {
    @Override
    public String typeName() {
        return "UAssetAPI.ExportTypes.EnumExport, UAssetAPI";
    }

    @Override
    public boolean writes(Export e) {
        return e.content() instanceof PropertyExportContent c && c.rows() == null && c.classData() instanceof EnumData;
    }

    @Override
    void writeAfterProperties(JsonContext c, PropertyExportContent content, JsonGenerator g) throws IOException {
        EnumData d = (EnumData) content.classData();
        g.writeStringField("ObjectGuid", JsonNames.guid(d.objectGuid()));
        g.writeObjectFieldStart("Enum");
        g.writeArrayFieldStart("Names");
        for (EnumData.Entry x : d.names()) {
            g.writeStartObject();
            c.names().writeField(g, "Item1", x.name());
            g.writeNumberField("Item2", x.value());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeStringField("CppForm", d.cppForm().name());
        g.writeEndObject();
    }

    @Override
    byte[] extras(JsonContext c, PropertyExportContent content) {
        return content.extras();
    }

    @Override
    byte[] classDataFromJson(JsonContext c, JsonIn in) {
        JsonIn en = in.get("Enum");
        List<EnumData.Entry> names = new ArrayList<>();
        for (JsonIn x : en.get("Names").elements()) {
            names.add(new EnumData.Entry(c.names().read(x.get("Item1")), x.get("Item2").asLong()));
        }
        JsonIn form = en.opt("CppForm");
        EnumData.CppForm cpp = form == null ? EnumData.CppForm.Regular : cppForm(form);
        PropertyWriter w = new PropertyWriter(c.pkg());
        try {
            EnumData.write(w, JsonNames.guid(in.opt("ObjectGuid")), names, cpp);
        } catch (IllegalArgumentException ex) {
            throw en.error(ex.getMessage());
        }
        return w.out().toByteArray();
    }

    private static EnumData.CppForm cppForm(JsonIn in) {
        EnumData.CppForm[] all = EnumData.CppForm.values();
        if (in.node().isIntegralNumber()) {
            int v = in.asInt();
            if (v < 0 || v >= all.length) {
                throw in.error("Unknown CppForm " + v);
            }
            return all[v];
        }
        for (EnumData.CppForm f : all) {
            if (f.name().equals(in.asText())) {
                return f;
            }
        }
        throw in.error("Unknown CppForm " + in.asText() + " (Regular, Namespaced or EnumClass)");
    }

    @Override
    boolean objectGuidInBody() {
        return false; // part of this type's class data
    }
}
