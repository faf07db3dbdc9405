package io.uassetd.codecs.iostore.bundle;

import io.uassetd.codecs.asset.AssetPackage;
import java.util.List;
import java.util.Locale;

/**
 * The hook where a game profile's mesh material layout is applied to a legacy package before it
 * becomes a Zen package: Marvel Rivals ({@link GameProfile#skeletalMaterialTags()}) reads an
 * FGameplayTagContainer (int32 count, 0 when empty) after each FSkeletalMaterial and 36-byte
 * FStaticMaterials. Rewriting those arrays needs the mesh exports' native data parsed (material
 * arrays inside SkeletalMesh/StaticMesh serialization), which this code base does not read yet:
 * until it does, a mesh package goes through unchanged and the bundle reply says so in its notes,
 * so a modder knows to fix the mesh before packing. Packages without meshes are never touched.
 */
public final class MeshMaterialFix {
    private MeshMaterialFix() {
    }

    /** The package to convert for {@code game}; notes what was (not) done. */
    public static AssetPackage apply(GameProfile game, boolean enabled, AssetPackage p, String path, List<String> notes) {
        if (!enabled || (!game.skeletalMaterialTags() && game.staticMaterialSize() == 0)) {
            return p;
        }
        for (AssetPackage.ExportInfo e : p.exportInfos()) {
            String cls = e.className().toLowerCase(Locale.ROOT);
            if (cls.equals("skeletalmesh") || cls.equals("staticmesh")) {
                notes.add(path + ": " + e.className() + " '" + e.objectName() + "' keeps its material layout; the "
                        + game.name() + " mesh material fix (gameplay tags after skeletal mesh materials, "
                        + game.staticMaterialSize() + "-byte static mesh materials) is not available yet (mesh materials are not parsed)");
            }
        }
        return p;
    }
}
