package io.uassetd.codecs.asset.property.classdata;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.property.ClassData;
import io.uassetd.codecs.asset.property.PropertyReader;
import io.uassetd.codecs.asset.property.PropertyWriter;
import io.uassetd.codecs.asset.version.CustomVersionGate;
import io.uassetd.codecs.asset.version.ObjectVersion;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What UEnum::Serialize writes after the properties (Enum and UserDefinedEnum exports): the UObject
 * GUID flag, the names (int32 count, then per name an FName, followed by its value as a uint8 before
 * FCoreObjectVersion EnumProperties or an int64 from it; only FNames before TIGHTLY_PACKED_ENUMS,
 * the value being the index), then the C++ form: a bool32 "namespaced" before ENUM_CLASS_SUPPORT,
 * a uint8 ECppForm from it. Anything the engine writes after that (one byte in the UE5.8 fixtures)
 * is not modelled and stays raw in the export's extras.
 */
public final class EnumData implements ClassData {
    /** How the names are stored, by version. */
    public enum NamesLayout {
        /** Before TIGHTLY_PACKED_ENUMS: FNames only, the value is the index. */
        NAMES_ONLY,
        /** Before FCoreObjectVersion EnumProperties: FName + uint8. */
        BYTE_VALUES,
        /** FName + int64. */
        INT64_VALUES
    }

    /** ECppForm. */
    public enum CppForm {
        Regular, Namespaced, EnumClass
    }

    /** One enumerator: its FName ("E_Fixture::NewEnumerator0") and value. */
    public record Entry(FName name, long value) {
    }

    private final FGuid objectGuid;
    private final NamesLayout layout;
    private final List<Entry> names;
    private final boolean cppFormAsBool;
    private int cppForm;

    EnumData(FGuid objectGuid, NamesLayout layout, List<Entry> names, boolean cppFormAsBool, int cppForm) {
        this.objectGuid = objectGuid;
        this.layout = layout;
        this.names = new ArrayList<>(names);
        this.cppFormAsBool = cppFormAsBool;
        this.cppForm = cppForm;
    }

    static NamesLayout layoutOf(PropertyReader r) {
        return layoutOf(r.pkg());
    }

    /** How a package of this version stores enum names. */
    public static NamesLayout layoutOf(AssetPackage pkg) {
        if (!pkg.version().atLeast(ObjectVersion.TIGHTLY_PACKED_ENUMS)) {
            return NamesLayout.NAMES_ONLY;
        }
        return pkg.summary().atLeast(CustomVersionGate.CORE_ENUM_PROPERTIES) ? NamesLayout.INT64_VALUES
                : NamesLayout.BYTE_VALUES;
    }

    /** True when a package of this version stores the C++ form as a bool32 "namespaced" (before ENUM_CLASS_SUPPORT). */
    public static boolean cppFormAsBool(AssetPackage pkg) {
        return !pkg.version().atLeast(ObjectVersion.ENUM_CLASS_SUPPORT);
    }

    /**
     * Serializes an enum's class data for a package of this version: what {@link #write} writes
     * for these names and form. Values that the layout cannot hold (a NAMES_ONLY value other than
     * its index, a byte value out of range, EnumClass before ENUM_CLASS_SUPPORT) are refused.
     */
    public static void write(PropertyWriter w, FGuid objectGuid, List<Entry> names, CppForm form) {
        AssetPackage pkg = w.pkg();
        NamesLayout layout = layoutOf(pkg);
        boolean asBool = cppFormAsBool(pkg);
        for (int i = 0; i < names.size(); i++) {
            long v = names.get(i).value();
            if (layout == NamesLayout.NAMES_ONLY && v != i || layout == NamesLayout.BYTE_VALUES && (v < 0 || v > 255)) {
                throw new IllegalArgumentException("Enum value " + v + " of " + pkg.names().render(names.get(i).name())
                        + " cannot be stored by this package version (" + layout + ")");
            }
        }
        EnumData d = new EnumData(objectGuid, layout, names, asBool, 0);
        d.setCppForm(form);
        d.write(w);
    }

    public FGuid objectGuid() {
        return objectGuid;
    }

    static EnumData read(PropertyReader r) {
        var in = r.in();
        r.push("Enum");
        try {
            FGuid guid = r.readObjectGuid();
            NamesLayout layout = layoutOf(r);
            int n = r.count(8, "enum name");
            List<Entry> names = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                FName name = in.readFName();
                r.name(name);
                long value = switch (layout) {
                    case NAMES_ONLY -> i;
                    case BYTE_VALUES -> in.readU8();
                    case INT64_VALUES -> in.readI64();
                };
                names.add(new Entry(name, value));
            }
            boolean asBool = !r.pkg().version().atLeast(ObjectVersion.ENUM_CLASS_SUPPORT);
            long at = in.position();
            int form = asBool ? in.readI32() : in.readU8();
            if (form < 0 || form > (asBool ? 1 : CppForm.values().length - 1)) {
                throw r.corrupt("Unknown enum C++ form " + form, at);
            }
            return new EnumData(guid, layout, names, asBool, form);
        } finally {
            r.pop();
        }
    }

    @Override
    public void write(PropertyWriter w) {
        var out = w.out();
        w.writeObjectGuid(objectGuid);
        out.writeI32(names.size());
        for (Entry e : names) {
            out.writeFName(e.name());
            switch (layout) {
                case NAMES_ONLY -> {
                }
                case BYTE_VALUES -> out.writeU8((int) e.value());
                case INT64_VALUES -> out.writeI64(e.value());
            }
        }
        if (cppFormAsBool) {
            out.writeI32(cppForm);
        } else {
            out.writeU8(cppForm);
        }
    }

    public NamesLayout layout() {
        return layout;
    }

    /** The enumerators in stored order (live, editable; NAMES_ONLY stores no values). */
    public List<Entry> names() {
        return names;
    }

    public CppForm cppForm() {
        return cppFormAsBool ? (cppForm == 1 ? CppForm.Namespaced : CppForm.Regular) : CppForm.values()[cppForm];
    }

    public void setCppForm(CppForm form) {
        if (cppFormAsBool && form == CppForm.EnumClass) {
            throw new IllegalArgumentException("This package version stores no EnumClass form");
        }
        this.cppForm = cppFormAsBool ? (form == CppForm.Namespaced ? 1 : 0) : form.ordinal();
    }

    /** Enumerator name -> value, in stored order. */
    public Map<String, Long> nameMap(AssetPackage pkg) {
        Map<String, Long> m = new LinkedHashMap<>();
        names.forEach(e -> m.put(pkg.names().render(e.name()), e.value()));
        return m;
    }
}
