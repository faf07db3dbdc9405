package io.uassetd.codecs.asset.property.unversioned;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.property.PropertyCodec;
import io.uassetd.codecs.asset.property.PropertyList;
import io.uassetd.codecs.asset.property.PropertyReader;
import io.uassetd.codecs.asset.property.classdata.FieldDefinition;
import io.uassetd.codecs.asset.property.classdata.StructDefinition;
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
 * Schemas of the classes and structs a package defines itself (blueprint generated classes,
 * user-defined structs), which no usmap lists: read from the export's {@link StructDefinition}
 * after its properties (its ChildProperties give each field's name, static array size and type).
 * A struct whose data cannot be read gets no schema.
 */
public final class ClassSchemas {
    private ClassSchemas() {
    }

    /** Class or struct name (lower case) -> schema, for every class and user-defined struct export of the package that reads. */
    public static Map<String, UsmapSchema> of(PropertyCodec codec, AssetPackage pkg, Usmap usmap) {
        Map<String, UsmapSchema> out = new HashMap<>();
        if (usmap == null) {
            return out;
        }
        for (Export e : pkg.exports()) {
            String cls = pkg.className(e);
            if (!cls.endsWith("GeneratedClass") && !cls.equals("Class") && !cls.equals("UserDefinedStruct")) {
                continue;
            }
            try {
                UsmapSchema s = read(codec, pkg, e, usmap);
                out.put(s.name().toLowerCase(Locale.ROOT), s);
            } catch (FormatException | IllegalStateException ex) {
                // no schema: instances of this struct stay unreadable, as without this helper
            }
        }
        return out;
    }

    private static UsmapSchema read(PropertyCodec codec, AssetPackage pkg, Export e, Usmap usmap) {
        PropertyReader r = new PropertyReader(codec, pkg, pkg.exportReader(e), usmap, e.index(), Map.of());
        PropertyList.read(r, pkg.className(e));
        StructDefinition def = StructDefinition.readAny(r);
        List<UsmapProperty> props = new ArrayList<>(def.childProperties().size());
        int index = 0;
        for (FieldDefinition f : def.childProperties()) {
            props.add(new UsmapProperty(index, f.arrayDim(), pkg.names().render(f.name()), type(pkg, f), 0));
            index += Math.max(1, f.arrayDim());
        }
        String name = pkg.name(e.entry().objectName());
        PackageIndex sup = e.entry().superIndex();
        return new UsmapSchema(name, sup.isNull() ? null : pkg.objectName(sup), index, props);
    }

    /** The usmap type of a property definition. */
    private static UsmapType type(AssetPackage pkg, FieldDefinition f) {
        String kind = pkg.names().render(f.type());
        return switch (kind) {
            case "ByteProperty" -> new UsmapType(UsmapPropertyKind.BYTE, null, objectName(pkg, f, 0), null, null);
            case "EnumProperty" -> new UsmapType(UsmapPropertyKind.ENUM, null, objectName(pkg, f, 0), inner(pkg, f, 0), null);
            case "StructProperty" -> new UsmapType(UsmapPropertyKind.STRUCT, objectName(pkg, f, 0), null, null, null);
            case "ClassProperty", "ClassPtrProperty" -> simple("ObjectProperty");
            case "SoftClassProperty" -> simple("SoftObjectProperty");
            case "ObjectPtrProperty" -> simple("ObjectProperty");
            case "ArrayProperty", "SetProperty", "OptionalProperty" ->
                new UsmapType(UsmapPropertyKind.valueOf(kindKey(kind)), null, null, inner(pkg, f, 0), null);
            case "MapProperty" -> new UsmapType(UsmapPropertyKind.MAP, null, null, inner(pkg, f, 0), inner(pkg, f, 1));
            default -> simple(kind);
        };
    }

    private static UsmapType inner(AssetPackage pkg, FieldDefinition f, int k) {
        if (f.inner().size() <= k) {
            throw new IllegalStateException("Missing inner property of " + pkg.names().render(f.name()));
        }
        return type(pkg, f.inner().get(k));
    }

    private static String objectName(AssetPackage pkg, FieldDefinition f, int k) {
        PackageIndex i = f.objects().get(k);
        return i.isNull() ? null : pkg.objectName(i);
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
