package io.uassetd.codecs.iostore.header;

import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import io.uassetd.codecs.iostore.header.MappedName;

/** FIoContainerHeaderLocalizedPackage, 16 bytes: a source package id and its name in the redirect name map. */
public record LocalizedPackage(long sourcePackageId, MappedName sourcePackageName) {
    public static final int SIZE = 16;

    public static LocalizedPackage read(ByteReader r) {
        return new LocalizedPackage(r.raw64(), MappedName.read(r));
    }

    public void write(ByteWriter w) {
        w.u64(sourcePackageId);
        sourcePackageName.write(w);
    }
}
