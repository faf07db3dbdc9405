package io.uassetd.codecs.asset.json;

import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.asset.property.PropertyWriter;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;

/**
 * UAssetAPI's SceneComponentExport, read only: an ActorComponentExport whose USceneComponent data
 * follows. When the component computes its bounds once for the game (a BoolProperty
 * {@code bComputeBoundsOnceForGame} or {@code bComputedBoundsOnceForGame} set among its properties)
 * and the package's FUE5SpecialProjectStreamObjectVersion is at least SerializeSceneComponentStaticBounds
 * (2), the engine serializes a bool32 {@code bIsCooked} and, when it is set, {@code Bounds}
 * (FBoxSphereBounds: origin and box extent vectors, then the sphere radius; doubles from
 * LARGE_WORLD_COORDINATES, floats before). UAssetAPI's JSON holds {@code bIsCooked} and {@code Bounds}
 * whether or not they were read, so the condition decides, as it does for the engine. uassetd's own
 * JSON keeps these bytes in {@code Extras} of a NormalExport.
 */
final class SceneComponentExportJson extends ActorComponentExportJson {
    /** FUE5SpecialProjectStreamObjectVersion (the UE5 Private-Frosty stream). */
    static final FGuid SPECIAL_PROJECT_STREAM = new FGuid(0x59DA5D52, 0x12324948, 0xB8785978, 0x70B8E98B);
    static final int SERIALIZE_SCENE_COMPONENT_STATIC_BOUNDS = 2;

    SceneComponentExportJson() {
        super("SceneComponentExport");
    }

    @Override
    void writeClassData(JsonContext c, JsonIn in, PropertyWriter w) {
        super.writeClassData(c, in, w);
        if (!computesBoundsOnce(in)
                || specialProjectStreamVersion(c) < SERIALIZE_SCENE_COMPONENT_STATIC_BOUNDS) {
            return;
        }
        JsonIn cooked = in.opt("bIsCooked");
        boolean isCooked = cooked != null && !cooked.isNull() && cooked.asBool();
        w.out().writeBool32(isCooked);
        if (isCooked) {
            boolean doubles = c.pkg().version().atLeast(ObjectVersionUE5.LARGE_WORLD_COORDINATES);
            JsonIn bounds = in.get("Bounds");
            for (String vector : new String[] {"Origin", "BoxExtent"}) {
                JsonIn v = bounds.get(vector);
                for (String axis : new String[] {"X", "Y", "Z"}) {
                    real(w, v.get(axis), doubles);
                }
            }
            real(w, bounds.get("SphereRadius"), doubles);
        }
    }

    /**
     * The package's FUE5SpecialProjectStreamObjectVersion: its own for a versioned package (-1 when not
     * listed); for an unversioned one, past SerializeSceneComponentStaticBounds from UE5 on (every UE5
     * release's editor saves a newer value) and 0 before.
     */
    private static int specialProjectStreamVersion(JsonContext c) {
        if (c.pkg().summary().isUnversioned()) {
            return c.pkg().version().fileVersionUE5() > 0 ? Integer.MAX_VALUE : 0;
        }
        var cv = c.pkg().summary().customVersions();
        return cv == null ? -1 : cv.get(SPECIAL_PROJECT_STREAM).orElse(-1);
    }

    private static void real(PropertyWriter w, JsonIn v, boolean doubles) {
        if (doubles) {
            w.out().writeI64(v.asDoubleBits());
        } else {
            w.out().writeI32(v.asFloatBits());
        }
    }

    /** A true BoolProperty bComputeBoundsOnceForGame or bComputedBoundsOnceForGame among the export's properties. */
    private static boolean computesBoundsOnce(JsonIn in) {
        JsonIn data = in.opt("Data");
        if (data == null || !data.node().isArray()) {
            return false;
        }
        for (JsonIn p : data.elements()) {
            String name = p.node().path("Name").asText("");
            if ((name.equals("bComputeBoundsOnceForGame") || name.equals("bComputedBoundsOnceForGame"))
                    && p.node().path("$type").asText("").contains("BoolPropertyData") && p.node().path("Value").asBoolean(false)) {
                return true;
            }
        }
        return false;
    }
}
