package io.uassetd.codecs.asset.property.types;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.property.PropertyReader;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.PropertyWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * MulticastDelegateProperty, MulticastInlineDelegateProperty, MulticastSparseDelegateProperty:
 * FMulticastScriptDelegate, an int32 count then the bound delegates (object + function name).
 */
public record MulticastDelegateValue(String type, List<DelegateValue> delegates) implements PropertyValue {
    public MulticastDelegateValue {
        delegates = List.copyOf(delegates);
    }

    public static boolean handles(String kind) {
        return kind.startsWith("Multicast") && kind.endsWith("DelegateProperty");
    }

    public static MulticastDelegateValue read(String kind, PropertyReader r) {
        int n = r.count(12, "delegate");
        List<DelegateValue> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(DelegateValue.read(r));
        }
        return new MulticastDelegateValue(kind, out);
    }

    @Override
    public Object view(AssetPackage pkg) {
        return delegates.stream().map(d -> d.view(pkg)).toList();
    }

    @Override
    public void write(PropertyWriter w) {
        w.out().writeI32(delegates.size());
        delegates.forEach(d -> d.write(w));
    }
}
