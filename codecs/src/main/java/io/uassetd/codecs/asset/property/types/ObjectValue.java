package io.uassetd.codecs.asset.property.types;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.property.PropertyReader;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.PropertyWriter;

/** ObjectProperty, ClassProperty, InterfaceProperty, WeakObjectProperty: an FPackageIndex, 4 bytes. */
public record ObjectValue(String type, PackageIndex value) implements PropertyValue {

    public static boolean handles(String kind) {
        return switch (kind) {
            case "ObjectProperty", "ClassProperty", "InterfaceProperty", "WeakObjectProperty" -> true;
            default -> false;
        };
    }

    public static ObjectValue read(String kind, PropertyReader r) {
        long at = r.in().position();
        PackageIndex i = r.in().readPackageIndex();
        checkIndex(r, i, at);
        return new ObjectValue(kind, i);
    }

    static void checkIndex(PropertyReader r, PackageIndex i, long at) {
        if (i.isImport() && i.importIndex() >= r.pkg().imports().size()
                || i.isExport() && i.exportIndex() >= r.pkg().exports().size()) {
            throw r.corrupt("Object reference " + i + " outside the import/export maps", at);
        }
    }

    @Override
    public Object view(AssetPackage pkg) {
        return value.isNull() ? null : pkg.objectPath(value);
    }

    @Override
    public void write(PropertyWriter w) {
        w.out().writePackageIndex(value);
    }
}
