package io.uassetd.codecs.asset.property.types;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.property.PropertyReader;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.PropertyWriter;
import java.util.LinkedHashMap;
import java.util.Map;

/** DelegateProperty: FScriptDelegate, the bound object (FPackageIndex) and the function name (FName), 12 bytes. */
public record DelegateValue(PackageIndex object, FName function) implements PropertyValue {

    public static DelegateValue read(PropertyReader r) {
        long at = r.in().position();
        PackageIndex o = r.in().readPackageIndex();
        ObjectValue.checkIndex(r, o, at);
        FName f = r.in().readFName();
        r.name(f);
        return new DelegateValue(o, f);
    }

    @Override
    public String type() {
        return "DelegateProperty";
    }

    @Override
    public Object view(AssetPackage pkg) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("object", object.isNull() ? null : pkg.objectPath(object));
        m.put("function", pkg.names().render(function));
        return m;
    }

    @Override
    public void write(PropertyWriter w) {
        w.out().writePackageIndex(object);
        w.out().writeFName(function);
    }
}
