package io.uassetd.codecs.asset.mesh;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.core.PackageIndex;

/**
 * FSkeletalMaterial as a SkeletalMesh serializes it after its properties: the material, the slot
 * name, a bool32 saying whether the imported slot name follows (cooked data: false; FCoreObjectVersion 3+) and that name,
 * the UV channel data, the overlay material (FFortniteMainBranchObjectVersion 196+), and, in Marvel Rivals, an
 * FGameplayTagContainer. Which fields are present is the {@link Layout}'s business.
 *
 * @param importedNameFlag the stored bSerializeImportedMaterialSlotName, or null when the layout has none
 * @param importedSlotName null when not stored
 * @param overlayMaterial null when the layout has none
 * @param gameplayTags null when the layout has none
 */
public record SkeletalMaterial(PackageIndex material, FName slotName, Boolean importedNameFlag, FName importedSlotName,
        MeshUVChannelInfo uvChannelData, PackageIndex overlayMaterial, GameplayTagContainer gameplayTags) {

    /**
     * Which optional parts a package's skeletal materials carry.
     *
     * @param importedNameFlag the bool32 before the imported slot name (FCoreObjectVersion
     *        SkeletalMaterialEditorDataStripping); without it the name is there only in editor packages
     */
    public record Layout(boolean importedNameFlag, boolean overlayMaterial, boolean gameplayTags) {
    }

    public static SkeletalMaterial read(PackageReader r, Layout layout) {
        PackageIndex material = r.readPackageIndex();
        FName slot = r.readFName();
        boolean hasImported = !r.filterEditorOnly();
        Boolean flag = null;
        if (layout.importedNameFlag()) {
            long at = r.position();
            int f = r.readI32();
            if (f != 0 && f != 1) {
                throw r.corrupt("FSkeletalMaterial: bSerializeImportedMaterialSlotName is " + f + ", expected 0 or 1", at);
            }
            flag = f == 1;
            hasImported = flag;
        }
        FName imported = hasImported ? r.readFName() : null;
        MeshUVChannelInfo uv = MeshUVChannelInfo.read(r);
        PackageIndex overlay = layout.overlayMaterial() ? r.readPackageIndex() : null;
        GameplayTagContainer tags = layout.gameplayTags() ? GameplayTagContainer.read(r) : null;
        return new SkeletalMaterial(material, slot, flag, imported, uv, overlay, tags);
    }

    public void write(PackageWriter w) {
        w.writePackageIndex(material);
        w.writeFName(slotName);
        if (importedNameFlag != null) {
            w.writeBool32(importedNameFlag);
        }
        if (importedSlotName != null) {
            w.writeFName(importedSlotName);
        }
        uvChannelData.write(w);
        if (overlayMaterial != null) {
            w.writePackageIndex(overlayMaterial);
        }
        if (gameplayTags != null) {
            gameplayTags.write(w);
        }
    }
}
