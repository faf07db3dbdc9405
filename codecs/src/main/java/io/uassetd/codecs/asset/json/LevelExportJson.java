package io.uassetd.codecs.asset.json;

import com.fasterxml.jackson.core.JsonGenerator;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.io.FString;
import io.uassetd.codecs.asset.property.content.PropertyExportContent;
import io.uassetd.codecs.asset.property.PropertyWriter;
import io.uassetd.codecs.asset.version.CustomVersionGate;
import io.uassetd.codecs.error.FormatException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * UAssetAPI's LevelExport (an export of class {@code Level}, a map's {@code PersistentLevel}): the
 * properties, the object GUID ({@code ObjectGuid}), then ULevel's own fields as UAssetAPI names them
 * ({@code Owner} before FReleaseObjectVersion's LevelTransArrayConvertedToTArray (3), {@code Actors},
 * {@code URL} = {@code {Protocol, Host, Map, Portal, Op, Port, Valid}}, {@code Model},
 * {@code ModelComponents}, {@code LevelScriptActor}, {@code NavListStart}, {@code NavListEnd}) and
 * {@code Extras} (the precomputed visibility and what follows). They are serialized in Unreal's order
 * in front of {@code Extras}.
 *
 * <p>Written for a {@code Level} export whose bytes after the properties decode in this layout and
 * encode back to the same bytes (a string UAssetAPI's JSON cannot spell, such as an ANSI text stored
 * as UTF-16, keeps the export a NormalExport whose {@code Extras} hold everything).
 */
final class LevelExportJson extends NormalExportJson {
    static final String TYPE = "UAssetAPI.ExportTypes.LevelExport, UAssetAPI";

    @Override
    public String typeName() {
        return TYPE;
    }

    @Override
    public boolean writes(Export e) {
        return false;
    }

    @Override
    public boolean writes(JsonContext c, Export e) {
        return super.writes(e) && c.pkg().className(e).equals("Level") && decode(c, (PropertyExportContent) e.content()) != null;
    }

    /** ULevel's fields as decoded from the bytes after the properties; {@code end}: where {@code Extras} start. */
    private record Level(FGuid guid, Integer owner, int[] actors, FString[] url, FString[] ops, int port, int valid, int model,
            int[] modelComponents, int levelScriptActor, int navListStart, int navListEnd, int end) {
    }

    private static boolean hasOwner(JsonContext c) {
        return !c.pkg().summary().atLeast(CustomVersionGate.RELEASE_LEVEL_TRANS_ARRAY_CONVERTED_TO_TARRAY);
    }

    /** The level's fields, or null when the bytes do not hold them in this layout exactly. */
    private static Level decode(JsonContext c, PropertyExportContent content) {
        byte[] bytes = extrasOf(c, content);
        try {
            PackageReader r = new PackageReader(bytes, c.pkg().name(), 0, "ULevel");
            int hasGuid = r.readI32();
            if (hasGuid != 0 && hasGuid != 1) {
                return null;
            }
            FGuid guid = hasGuid == 1 ? r.readGuid() : null;
            Integer owner = hasOwner(c) ? r.readI32() : null;
            int[] actors = indexes(r);
            FString[] url = {r.readFString(), r.readFString(), r.readFString(), r.readFString()};
            int opCount = r.readCount(4);
            FString[] ops = new FString[opCount];
            for (int i = 0; i < opCount; i++) {
                ops[i] = r.readFString();
            }
            int port = r.readI32();
            int valid = r.readI32();
            int model = r.readI32();
            int[] components = indexes(r);
            Level level = new Level(guid, owner, actors, url, ops, port, valid, model, components, r.readI32(), r.readI32(), r.readI32(),
                    (int) r.position());
            // only what UAssetAPI's fields give back exactly
            PropertyWriter w = new PropertyWriter(c.pkg());
            w.writeObjectGuid(guid);
            serialize(level, w);
            return Arrays.equals(w.toByteArray(), Arrays.copyOf(bytes, level.end())) ? level : null;
        } catch (FormatException | IllegalArgumentException e) {
            return null;
        }
    }

    private static int[] indexes(PackageReader r) {
        int n = r.readCount(4);
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = r.readI32();
        }
        return out;
    }

    private static void serialize(Level l, PropertyWriter w) {
        if (l.owner() != null) {
            w.out().writeI32(l.owner());
        }
        writeIndexes(w, l.actors());
        for (FString s : l.url()) {
            w.out().writeFString(string(s.value()));
        }
        w.out().writeI32(l.ops().length);
        for (FString s : l.ops()) {
            w.out().writeFString(string(s.value()));
        }
        w.out().writeI32(l.port());
        w.out().writeI32(l.valid());
        w.out().writeI32(l.model());
        writeIndexes(w, l.modelComponents());
        w.out().writeI32(l.levelScriptActor());
        w.out().writeI32(l.navListStart());
        w.out().writeI32(l.navListEnd());
    }

    private static void writeIndexes(PropertyWriter w, int[] list) {
        w.out().writeI32(list.length);
        for (int i : list) {
            w.out().writeI32(i);
        }
    }

    @Override
    void writeAfterProperties(JsonContext c, PropertyExportContent content, JsonGenerator g) throws IOException {
        Level l = decode(c, content);
        g.writeStringField("ObjectGuid", l.guid() == null ? null : JsonNames.guid(l.guid()));
        if (l.owner() != null) {
            g.writeNumberField("Owner", l.owner());
        } else {
            g.writeNullField("Owner");
        }
        numbers(g, "Actors", l.actors());
        g.writeObjectFieldStart("URL");
        g.writeStringField("$type", "UAssetAPI.ExportTypes.FURL, UAssetAPI");
        g.writeStringField("Protocol", l.url()[0].value());
        g.writeStringField("Host", l.url()[1].value());
        g.writeNumberField("Port", l.port());
        g.writeNumberField("Valid", l.valid());
        g.writeStringField("Map", l.url()[2].value());
        g.writeArrayFieldStart("Op");
        for (FString s : l.ops()) {
            g.writeString(s.value());
        }
        g.writeEndArray();
        g.writeStringField("Portal", l.url()[3].value());
        g.writeEndObject();
        g.writeNumberField("Model", l.model());
        numbers(g, "ModelComponents", l.modelComponents());
        g.writeNumberField("LevelScriptActor", l.levelScriptActor());
        g.writeNumberField("NavListStart", l.navListStart());
        g.writeNumberField("NavListEnd", l.navListEnd());
    }

    private static void numbers(JsonGenerator g, String field, int[] values) throws IOException {
        g.writeArrayFieldStart(field);
        for (int v : values) {
            g.writeNumber(v);
        }
        g.writeEndArray();
    }

    @Override
    byte[] extras(JsonContext c, PropertyExportContent content) {
        byte[] all = extrasOf(c, content);
        return Arrays.copyOfRange(all, decode(c, content).end(), all.length);
    }

    @Override
    byte[] classDataFromJson(JsonContext c, JsonIn in) {
        PropertyWriter w = new PropertyWriter(c.pkg());
        if (!in.node().has("ObjectGuid")) {
            // UAssetAPI before 1.0.2 (August 2024) had no ObjectGuid field: it wrote the bool32 as 0 itself
            w.out().writeI32(0);
        }
        if (in.has("LevelType")) {
            writeLegacy(in, w);
            return w.out().toByteArray();
        }
        JsonIn owner = in.opt("Owner");
        Integer ownerValue = null;
        if (hasOwner(c)) {
            ownerValue = owner == null ? 0 : owner.asInt();
        } else if (owner != null) {
            throw owner.error("This package's FReleaseObjectVersion (LevelTransArrayConvertedToTArray or later) has no Owner: "
                    + "give null");
        }
        JsonIn url = in.get("URL");
        JsonIn op = url.opt("Op");
        List<FString> ops = new ArrayList<>();
        if (op != null) {
            op.elements().forEach(o -> ops.add(string(o.isNull() ? null : o)));
        }
        Level l = new Level(null, ownerValue, ints(in.get("Actors")),
                new FString[] {text(url.opt("Protocol")), text(url.opt("Host")), text(url.opt("Map")), text(url.opt("Portal"))},
                ops.toArray(FString[]::new), url.intOr("Port", 0), url.intOr("Valid", 0), in.intOr("Model", 0),
                ints(in.get("ModelComponents")), in.intOr("LevelScriptActor", 0), in.intOr("NavListStart", 0),
                in.intOr("NavListEnd", 0), 0);
        serialize(l, w);
        return w.out().toByteArray();
    }

    /**
     * UAssetAPI's LevelExport before June 2024 (1.0.0 and 1.0.1): {@code Actors} (before October 2022
     * {@code IndexData}, plain numbers), {@code LevelType} = {@code {Namespace, Value}} (two FStrings with an
     * int32 0 between them), an int64 0, {@code FlagsProbably} (uint64), {@code MiscCategoryData} (int32s up
     * to the export's last byte) and that last byte, 0.
     */
    private static void writeLegacy(JsonIn in, PropertyWriter w) {
        JsonIn actors = in.opt("Actors");
        writeIndexes(w, ints(actors != null ? actors : in.get("IndexData")));
        JsonIn type = in.get("LevelType");
        w.out().writeFString(string(type.opt("Namespace")));
        w.out().writeI32(0);
        w.out().writeFString(string(type.opt("Value")));
        w.out().writeI64(0);
        JsonIn flags = in.opt("FlagsProbably");
        w.out().writeI64(flags == null ? 0 : flags.asNumber().longValue());
        JsonIn misc = in.opt("MiscCategoryData");
        if (misc != null) {
            for (int v : ints(misc)) {
                w.out().writeI32(v);
            }
        }
        w.out().writeU8(0);
    }

    private static int[] ints(JsonIn list) {
        return list.elements().stream().mapToInt(JsonIn::asInt).toArray();
    }

    private static FString text(JsonIn in) {
        return string(in);
    }

    /** An FString field as UAssetAPI's FStringJsonConverter writes it (null or absent: the zero-length form). */
    static FString string(JsonIn in) {
        return string(in == null || in.isNull() ? null : in.asText());
    }

    /** An FString as UAssetAPI's FStringJsonConverter writes it: null is the zero-length form, UTF-16 when not ANSI. */
    static FString string(String text) {
        return text == null ? FString.EMPTY : new FString(text, !FString.isAnsi(text));
    }
}
