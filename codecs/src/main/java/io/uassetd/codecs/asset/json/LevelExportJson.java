package io.uassetd.codecs.asset.json;

import io.uassetd.codecs.io.FString;
import io.uassetd.codecs.asset.property.PropertyWriter;

/**
 * UAssetAPI's LevelExport (a map's {@code PersistentLevel}), read only: the properties, the object
 * GUID, then ULevel's own fields as UAssetAPI names them ({@code Owner} when the package predates
 * the actor list's TArray form, {@code Actors}, {@code URL} = {@code {Protocol, Host, Map, Portal,
 * Op, Port, Valid}}, {@code Model}, {@code ModelComponents}, {@code LevelScriptActor},
 * {@code NavListStart}, {@code NavListEnd}) and {@code Extras} (the precomputed visibility and what
 * follows). They are serialized in Unreal's order in front of {@code Extras}; uassetd itself writes
 * a level as a NormalExport whose {@code Extras} hold all of it.
 */
final class LevelExportJson extends ReadOnlyExportJson {
    LevelExportJson() {
        super("LevelExport");
    }

    @Override
    void writeClassData(JsonContext c, JsonIn in, PropertyWriter w) {
        JsonIn owner = in.opt("Owner");
        if (owner != null) {
            w.out().writeI32(owner.asInt());
        }
        indexes(w, in.get("Actors"));
        JsonIn url = in.get("URL");
        w.out().writeFString(string(url.opt("Protocol")));
        w.out().writeFString(string(url.opt("Host")));
        w.out().writeFString(string(url.opt("Map")));
        w.out().writeFString(string(url.opt("Portal")));
        JsonIn op = url.opt("Op");
        if (op == null) {
            w.out().writeI32(0);
        } else {
            w.out().writeI32(op.elements().size());
            for (JsonIn o : op.elements()) {
                w.out().writeFString(string(o.isNull() ? null : o));
            }
        }
        w.out().writeI32(url.intOr("Port", 0));
        w.out().writeI32(url.intOr("Valid", 0));
        w.out().writeI32(in.intOr("Model", 0));
        indexes(w, in.get("ModelComponents"));
        w.out().writeI32(in.intOr("LevelScriptActor", 0));
        w.out().writeI32(in.intOr("NavListStart", 0));
        w.out().writeI32(in.intOr("NavListEnd", 0));
    }

    private static void indexes(PropertyWriter w, JsonIn list) {
        w.out().writeI32(list.elements().size());
        for (JsonIn i : list.elements()) {
            w.out().writeI32(i.asInt());
        }
    }

    /** An FString as UAssetAPI's FStringJsonConverter writes it: null is the zero-length form. */
    static FString string(JsonIn in) {
        return in == null || in.isNull() ? FString.EMPTY : new FString(in.asText(), !FString.isAnsi(in.asText()));
    }
}
