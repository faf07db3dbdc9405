package io.uassetd.codecs.asset.property.unversioned;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.property.PropertyList;
import io.uassetd.codecs.asset.property.PropertyReader;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.codecs.usmap.UsmapProperty;
import io.uassetd.codecs.usmap.UsmapPropertyKind;
import io.uassetd.codecs.usmap.UsmapSchema;
import io.uassetd.codecs.usmap.UsmapType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Schemas of the classes a package defines itself (blueprint generated classes), which no usmap
 * lists: read from the class export's UStruct data after its properties, i.e. the UObject GUID flag,
 * SuperStruct (FPackageIndex), Children (TArray of FPackageIndex) and ChildProperties (int32 count,
 * then per FProperty its type name, FField Name and Flags, FProperty ArrayDim, ElementSize,
 * PropertyFlags, RepIndex, RepNotifyFunc, BlueprintReplicationCondition and the type's own fields).
 * A class whose data cannot be read gets no schema.
 */
public final class ClassSchemas {
    private static final int MAX_PROPERTIES = 1 << 16;

    private ClassSchemas() {
    }

    /** Class name (lower case) -> schema, for every class export of the package that reads. */
    public static Map<String, UsmapSchema> of(AssetPackage pkg, Usmap usmap) {
        Map<String, UsmapSchema> out = new HashMap<>();
        if (usmap == null) {
            return out;
        }
        for (Export e : pkg.exports()) {
            String cls = pkg.className(e);
            if (!cls.endsWith("GeneratedClass") && !cls.equals("Class")) {
                continue;
            }
            try {
                UsmapSchema s = read(pkg, e, usmap);
                out.put(s.name().toLowerCase(Locale.ROOT), s);
            } catch (FormatException | IllegalStateException ex) {
                // no schema: instances of this class stay unreadable, as without this helper
            }
        }
        return out;
    }

    private static UsmapSchema read(AssetPackage pkg, Export e, Usmap usmap) {
        PropertyReader r = new PropertyReader(pkg, pkg.exportReader(e), usmap, e.index(), Map.of());
        var in = r.in();
        PropertyList.read(r, pkg.className(e));
        if (in.readBool32()) {
            in.readGuid();
        }
        in.readPackageIndex();
        int children = r.count(4, "child");
        for (int i = 0; i < children; i++) {
            in.readPackageIndex();
        }
        int n = r.count(8, "child property");
        if (n > MAX_PROPERTIES) {
            throw r.corrupt("Too many child properties: " + n);
        }
        List<UsmapProperty> props = new ArrayList<>(n);
        int index = 0;
        for (int i = 0; i < n; i++) {
            FName typeName = in.readFName();
            Field f = readField(r, r.name(typeName), 0);
            props.add(new UsmapProperty(index, f.arrayDim, f.name, f.type, 0));
            index += Math.max(1, f.arrayDim);
        }
        String name = pkg.name(e.entry().objectName());
        PackageIndex sup = e.entry().superIndex();
        return new UsmapSchema(name, sup.isNull() ? null : pkg.objectName(sup), index, props);
    }

    private record Field(String name, int arrayDim, UsmapType type) {
    }

    /** FField::Serialize + FProperty::Serialize + the type's fields, after its type name. */
    private static Field readField(PropertyReader r, String kind, int depth) {
        if (depth > 8) {
            throw r.corrupt("Property type nested too deep");
        }
        var in = r.in();
        String name = r.name(in.readFName());
        in.readU32();                 // EObjectFlags
        int arrayDim = in.readI32();
        in.readI32();                 // ElementSize
        in.readI64();                 // PropertyFlags
        in.readU16();                 // RepIndex
        r.name(in.readFName());       // RepNotifyFunc
        in.readU8();                  // BlueprintReplicationCondition
        UsmapType type = switch (kind) {
            case "BoolProperty" -> {
                in.readBytes(6);      // FieldSize, ByteOffset, ByteMask, FieldMask, BoolSize, bIsNativeBool
                yield simple(kind);
            }
            case "ByteProperty" -> new UsmapType(UsmapPropertyKind.BYTE, null, objectName(r), null, null);
            case "EnumProperty" -> {
                String enumName = objectName(r);
                UsmapType under = single(r, depth);
                yield new UsmapType(UsmapPropertyKind.ENUM, null, enumName, under, null);
            }
            case "StructProperty" -> new UsmapType(UsmapPropertyKind.STRUCT, objectName(r), null, null, null);
            case "ObjectProperty", "WeakObjectProperty", "LazyObjectProperty", "SoftObjectProperty",
                "InterfaceProperty", "DelegateProperty", "MulticastDelegateProperty", "MulticastInlineDelegateProperty",
                "MulticastSparseDelegateProperty" -> {
                in.readPackageIndex();
                yield simple(kind);
            }
            case "ClassProperty", "SoftClassProperty" -> {
                in.readPackageIndex();
                in.readPackageIndex();
                yield simple(kind.equals("ClassProperty") ? "ObjectProperty" : "SoftObjectProperty");
            }
            case "FieldPathProperty" -> {
                r.name(in.readFName());
                yield simple(kind);
            }
            case "ArrayProperty", "SetProperty", "OptionalProperty" ->
                new UsmapType(UsmapPropertyKind.valueOf(kindKey(kind)), null, null, single(r, depth), null);
            case "MapProperty" -> {
                UsmapType k = single(r, depth);
                UsmapType v = single(r, depth);
                yield new UsmapType(UsmapPropertyKind.MAP, null, null, k, v);
            }
            default -> simple(kind);
        };
        return new Field(name, arrayDim, type);
    }

    private static UsmapType single(PropertyReader r, int depth) {
        String kind = r.name(r.in().readFName());
        if (kind.equals("None")) {
            throw r.corrupt("Missing inner property");
        }
        return readField(r, kind, depth + 1).type;
    }

    private static String objectName(PropertyReader r) {
        PackageIndex i = r.in().readPackageIndex();
        return i.isNull() ? null : r.pkg().objectName(i);
    }

    private static UsmapType simple(String kind) {
        for (UsmapPropertyKind k : UsmapPropertyKind.values()) {
            if (k.unrealName().equals(kind)) {
                return UsmapType.simple(k);
            }
        }
        if (kind.startsWith("Multicast")) {
            return UsmapType.simple(UsmapPropertyKind.MULTICAST_DELEGATE);
        }
        throw new IllegalStateException("Unknown property class " + kind);
    }

    private static String kindKey(String kind) {
        return switch (kind) {
            case "ArrayProperty" -> "ARRAY";
            case "SetProperty" -> "SET";
            default -> "OPTIONAL";
        };
    }
}
