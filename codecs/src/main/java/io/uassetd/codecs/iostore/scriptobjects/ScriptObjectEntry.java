package io.uassetd.codecs.iostore.scriptobjects;

import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import io.uassetd.codecs.iostore.header.MappedName;

/**
 * FScriptObjectEntry, 32 bytes: the object's name (into the database's name batch), its global
 * index, its outer's index (null for a /Script package) and the class of its default object.
 */
public record ScriptObjectEntry(MappedName objectName, PackageObjectIndex globalIndex, PackageObjectIndex outerIndex,
        PackageObjectIndex cdoClassIndex) {
    public static final int SIZE = 32;

    public static ScriptObjectEntry read(ByteReader r) {
        MappedName name = MappedName.read(r);
        return new ScriptObjectEntry(name, new PackageObjectIndex(r.raw64()), new PackageObjectIndex(r.raw64()),
                new PackageObjectIndex(r.raw64()));
    }

    public void write(ByteWriter w) {
        objectName.write(w);
        w.u64(globalIndex.raw()).u64(outerIndex.raw()).u64(cdoClassIndex.raw());
    }
}
