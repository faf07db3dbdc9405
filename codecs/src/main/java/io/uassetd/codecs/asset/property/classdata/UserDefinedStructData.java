package io.uassetd.codecs.asset.property.classdata;

import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.property.ClassData;
import io.uassetd.codecs.asset.property.PropertyList;
import io.uassetd.codecs.asset.property.PropertyReader;
import io.uassetd.codecs.asset.property.PropertyWriter;
import io.uassetd.codecs.asset.version.CustomVersionGate;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import java.util.ArrayList;
import java.util.List;

/**
 * What a UserDefinedStruct export holds after its properties: its {@link StructDefinition} (the
 * UObject GUID flag, SuperStruct, Children, ChildProperties), the script bytecode size and the serialized script (int32 size,
 * then the bytes, kept raw), then, unless the export is a class default object, UScriptStruct's
 * StructFlags (uint32) and the default struct instance: the struct's own properties, tagged or
 * unversioned like any struct value. The ChildProperties layout (FCoreObjectVersion FProperties,
 * UE4.25 on) is the only one read; older packages keep the data raw.
 */
public final class UserDefinedStructData implements ClassData {
    private static final int RF_CLASS_DEFAULT_OBJECT = 0x10;

    private final StructDefinition definition;
    private final int bytecodeSize;
    private final byte[] script;
    private final boolean hasDefaults;
    private long structFlags;
    private final PropertyList defaultInstance;

    private UserDefinedStructData(StructDefinition definition, int bytecodeSize, byte[] script, boolean hasDefaults,
            long structFlags, PropertyList defaultInstance) {
        this.definition = definition;
        this.bytecodeSize = bytecodeSize;
        this.script = script.clone();
        this.hasDefaults = hasDefaults;
        this.structFlags = structFlags;
        this.defaultInstance = defaultInstance;
    }

    /** Reads the data with each child-property layout in turn; throws with every layout's failure when none reads. */
    static UserDefinedStructData read(PropertyReader r, Export e) {
        if (!r.atLeast(CustomVersionGate.CORE_FPROPERTIES)) {
            throw new UnsupportedVersionException("Struct definitions before FCoreObjectVersion FProperties (UE4.25) are kept raw",
                    r.in().file(), r.in().position(), r.structure());
        }
        long start = r.in().position();
        List<String> failures = new ArrayList<>();
        r.push("UserDefinedStruct");
        try {
            for (FieldDefinition.Layout layout : FieldDefinition.Layout.values()) {
                r.in().seek(start);
                try {
                    return read(r, e, StructDefinition.read(r, layout));
                } catch (FormatException ex) {
                    failures.add(layout + ": " + ex.detail());
                }
            }
            r.in().seek(start);
            throw r.corrupt("User-defined struct data does not read in any known layout (" + String.join("; ", failures) + ")");
        } finally {
            r.pop();
        }
    }

    private static UserDefinedStructData read(PropertyReader r, Export e, StructDefinition definition) {
        var in = r.in();
        int bytecode = in.readI32();
        int storage = r.count(1, "script byte");
        byte[] script = in.readBytes(storage);
        boolean defaults = (e.entry().objectFlags() & RF_CLASS_DEFAULT_OBJECT) == 0;
        long flags = 0;
        PropertyList instance = null;
        if (defaults) {
            flags = in.readU32();
            instance = PropertyList.read(r, r.pkg().name(e.entry().objectName()));
        }
        return new UserDefinedStructData(definition, bytecode, script, defaults, flags, instance);
    }

    @Override
    public void write(PropertyWriter w) {
        definition.write(w);
        var out = w.out();
        out.writeI32(bytecodeSize);
        out.writeI32(script.length);
        out.writeBytes(script);
        if (hasDefaults) {
            out.writeU32(structFlags);
            defaultInstance.write(w);
        }
    }

    @Override
    public int rawCount() {
        return defaultInstance == null ? 0 : defaultInstance.rawCount();
    }

    /** SuperStruct, Children and ChildProperties. */
    public StructDefinition definition() {
        return definition;
    }

    public PackageIndex superStruct() {
        return definition.superStruct();
    }

    /** The struct's fields in stored order. */
    public List<FieldDefinition> childProperties() {
        return definition.childProperties();
    }

    public long structFlags() {
        return structFlags;
    }

    public void setStructFlags(long flags) {
        this.structFlags = flags;
    }

    /** The default struct instance (live, editable), or null for a class default object. */
    public PropertyList defaultInstance() {
        return defaultInstance;
    }
}
