package io.uassetd.codecs.iostore.header;

import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import io.uassetd.codecs.iostore.header.MappedName;

/** FIoContainerHeaderPackageRedirect, 24 bytes: source and target package ids and the source's name. */
public record PackageRedirect(long sourcePackageId, long targetPackageId, MappedName sourcePackageName) {
    public static final int SIZE = 24;

    public static PackageRedirect read(ByteReader r) {
        return new PackageRedirect(r.raw64(), r.raw64(), MappedName.read(r));
    }

    public void write(ByteWriter w) {
        w.u64(sourcePackageId).u64(targetPackageId);
        sourcePackageName.write(w);
    }
}
