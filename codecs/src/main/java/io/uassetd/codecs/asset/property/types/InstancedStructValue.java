package io.uassetd.codecs.asset.property.types;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.PropertyWriter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * StructProperty of FInstancedStruct (current layout, InstancedStructCustomVersion >=
 * CustomVersionAdded): the script struct (FPackageIndex), an int32 serial size, then that many bytes
 * of the struct's own serialization, read as its property list (the size is recomputed on write).
 */
public record InstancedStructValue(PackageIndex struct, StructValue value) implements PropertyValue {

    @Override
    public String type() {
        return "StructProperty";
    }

    @Override
    public Object view(AssetPackage pkg) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("struct", struct.isNull() ? null : pkg.objectPath(struct));
        m.put("value", value == null ? null : value.view(pkg));
        return m;
    }

    @Override
    public void write(PropertyWriter w) {
        w.out().writePackageIndex(struct);
        if (value == null) {
            w.out().writeI32(0);
            return;
        }
        PropertyWriter sub = w.sub();
        value.write(sub);
        byte[] b = sub.toByteArray();
        w.out().writeI32(b.length);
        w.out().writeBytes(b);
    }

    @Override
    public boolean hasRaw() {
        return value != null && value.hasRaw();
    }
}
