package io.uassetd.codecs.asset.property;

import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;

/**
 * The mirror of {@link PropertyReader}: a {@link PackageWriter} with the package versions, plus the
 * package (names are added to its name map as values need them).
 */
public final class PropertyWriter {
    private final AssetPackage pkg;
    private final PackageWriter out;

    public PropertyWriter(AssetPackage pkg) {
        this(pkg, pkg.newWriter());
    }

    private PropertyWriter(AssetPackage pkg, PackageWriter out) {
        this.pkg = pkg;
        this.out = out;
    }

    /** A fresh writer for the same package (to measure a value before its tag is written). */
    public PropertyWriter sub() {
        return new PropertyWriter(pkg, pkg.newWriter());
    }

    public AssetPackage pkg() {
        return pkg;
    }

    public PackageWriter out() {
        return out;
    }

    public boolean unversioned() {
        return pkg.hasUnversionedProperties();
    }

    public boolean largeWorldCoordinates() {
        return pkg.version().atLeast(ObjectVersionUE5.LARGE_WORLD_COORDINATES);
    }

    /** The mirror of {@link PropertyReader#readObjectGuid}: bool32 "has a GUID", then the GUID when not null. */
    public void writeObjectGuid(FGuid guid) {
        out.writeBool32(guid != null);
        if (guid != null) {
            out.writeGuid(guid);
        }
    }

    /** The FName for a display string, added to the name map when absent. */
    public FName name(String display) {
        return pkg.names().toFName(display);
    }

    public int position() {
        return out.position();
    }

    public byte[] toByteArray() {
        return out.toByteArray();
    }
}
