package io.uassetd.codecs.asset.json;

import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.property.PropertyWriter;

/**
 * UAssetAPI's ActorComponentExport, read only: after the properties and the object GUID,
 * {@code UCSModifiedProperties} (the sparse storage of FFortniteReleaseBranchCustomObjectVersion's
 * ActorComponentUCSModifiedPropertiesSparseStorage; UAssetAPI writes null for packages before it, and then nothing
 * is serialized): a list of {@code {MemberParent, MemberName, MemberGuid}} (FSimpleMemberReference), in front of
 * {@code Extras}. {@link SceneComponentExportJson} reads UAssetAPI's SceneComponentExport on top of it.
 */
class ActorComponentExportJson extends NormalExportJson {
    @Override
    public String typeName() {
        return "UAssetAPI.ExportTypes.ActorComponentExport, UAssetAPI";
    }

    @Override
    public boolean writes(Export e) {
        return false;
    }

    @Override
    byte[] classDataFromJson(JsonContext c, JsonIn in) {
        JsonIn list = in.opt("UCSModifiedProperties");
        if (list == null) {
            return new byte[0];
        }
        PropertyWriter w = new PropertyWriter(c.pkg());
        w.out().writeI32(list.elements().size());
        for (JsonIn m : list.elements()) {
            w.out().writeI32(m.intOr("MemberParent", 0));
            JsonIn name = m.opt("MemberName");
            w.out().writeFName(name == null ? w.name("None") : c.names().read(name));
            w.out().writeGuid(JsonNames.guid(m.get("MemberGuid")));
        }
        return w.out().toByteArray();
    }
}
