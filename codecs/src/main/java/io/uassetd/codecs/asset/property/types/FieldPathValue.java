package io.uassetd.codecs.asset.property.types;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.property.PropertyReader;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.PropertyWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** FieldPathProperty: FFieldPath, an int32 count of FNames (innermost first) and the owner (FPackageIndex). */
public record FieldPathValue(List<FName> path, PackageIndex owner) implements PropertyValue {
    public FieldPathValue {
        path = List.copyOf(path);
    }

    public static FieldPathValue read(PropertyReader r) {
        int n = r.count(8, "field path name");
        List<FName> names = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            FName f = r.in().readFName();
            r.name(f);
            names.add(f);
        }
        long at = r.in().position();
        PackageIndex owner = r.in().readPackageIndex();
        ObjectValue.checkIndex(r, owner, at);
        return new FieldPathValue(names, owner);
    }

    @Override
    public String type() {
        return "FieldPathProperty";
    }

    @Override
    public Object view(AssetPackage pkg) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("path", path.stream().map(n -> pkg.names().render(n)).toList());
        m.put("owner", owner.isNull() ? null : pkg.objectPath(owner));
        return m;
    }

    @Override
    public void write(PropertyWriter w) {
        w.out().writeI32(path.size());
        path.forEach(w.out()::writeFName);
        w.out().writePackageIndex(owner);
    }
}
