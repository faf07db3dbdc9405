package io.uassetd.codecs.asset.json;

import io.uassetd.codecs.asset.property.PropertyWriter;

/**
 * UAssetAPI's ActorComponentExport, read only: after the properties and the object GUID,
 * {@code UCSModifiedProperties} (the sparse storage of FFortniteReleaseBranchCustomObjectVersion's
 * ActorComponentUCSModifiedPropertiesSparseStorage; UAssetAPI writes null for packages before it, and then nothing
 * is serialized): a list of {@code {MemberParent, MemberName, MemberGuid}} (FSimpleMemberReference), in front of
 * {@code Extras}. {@link SceneComponentExportJson} reads UAssetAPI's SceneComponentExport on top of it.
 */
class ActorComponentExportJson extends ReadOnlyExportJson {
    ActorComponentExportJson() {
        this("ActorComponentExport");
    }

    /** For the subclasses of UAssetAPI's ActorComponentExport. */
    ActorComponentExportJson(String exportClass) {
        super(exportClass);
    }

    @Override
    void writeClassData(JsonContext c, JsonIn in, PropertyWriter w) {
        JsonIn list = in.opt("UCSModifiedProperties");
        if (list == null) {
            return;
        }
        w.out().writeI32(list.elements().size());
        for (JsonIn m : list.elements()) {
            w.out().writeI32(m.intOr("MemberParent", 0));
            JsonIn name = m.opt("MemberName");
            w.out().writeFName(name == null ? w.name("None") : c.names().read(name));
            w.out().writeGuid(JsonNames.guid(m.get("MemberGuid")));
        }
    }
}
