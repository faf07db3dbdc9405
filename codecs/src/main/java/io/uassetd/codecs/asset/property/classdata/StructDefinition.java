package io.uassetd.codecs.asset.property.classdata;

import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.property.PropertyReader;
import io.uassetd.codecs.asset.property.PropertyWriter;
import io.uassetd.codecs.error.FormatException;
import java.util.ArrayList;
import java.util.List;

/**
 * The start of a UStruct's data after its properties (UserDefinedStruct, BlueprintGeneratedClass,
 * Function): the UObject GUID flag (bool32, then an FGuid when set), SuperStruct (FPackageIndex),
 * Children (int32 count of FPackageIndex) and ChildProperties (int32 count of
 * {@link FieldDefinition}), in the FProperties layout of UE4.25 and later.
 */
public record StructDefinition(FGuid objectGuid, PackageIndex superStruct, List<PackageIndex> children,
        List<FieldDefinition> childProperties, FieldDefinition.Layout layout) {

    public StructDefinition {
        children = List.copyOf(children);
        childProperties = List.copyOf(childProperties);
    }

    /** Reads the definition with the given child-property layout. */
    public static StructDefinition read(PropertyReader r, FieldDefinition.Layout layout) {
        var in = r.in();
        FGuid guid = r.readObjectGuid();
        PackageIndex sup = in.readPackageIndex();
        int n = r.count(4, "struct child");
        List<PackageIndex> children = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            children.add(in.readPackageIndex());
        }
        int m = r.count(16, "child property");
        List<FieldDefinition> props = new ArrayList<>(m);
        for (int i = 0; i < m; i++) {
            props.add(FieldDefinition.read(r, layout, 0));
        }
        return new StructDefinition(guid, sup, children, props, layout);
    }

    /**
     * Reads the definition with the first layout that reads; throws naming every layout's failure
     * when none does. The reader is left after the definition.
     */
    public static StructDefinition readAny(PropertyReader r) {
        long start = r.in().position();
        List<String> failures = new ArrayList<>();
        for (FieldDefinition.Layout layout : FieldDefinition.Layout.values()) {
            r.in().seek(start);
            try {
                return read(r, layout);
            } catch (FormatException ex) {
                failures.add(layout + ": " + ex.detail());
            }
        }
        r.in().seek(start);
        throw r.corrupt("Struct definition does not read in any known layout (" + String.join("; ", failures) + ")");
    }

    public void write(PropertyWriter w) {
        var out = w.out();
        w.writeObjectGuid(objectGuid);
        out.writePackageIndex(superStruct);
        out.writeI32(children.size());
        children.forEach(out::writePackageIndex);
        out.writeI32(childProperties.size());
        childProperties.forEach(f -> f.write(w));
    }
}
