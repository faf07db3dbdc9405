package io.uassetd.codecs.asset.property.types;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.property.PropertyType;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.PropertyWriter;
import java.util.List;
import java.util.Map;

/**
 * The default value of an unversioned property the zero mask marks as zero: nothing is stored, the
 * view is the type's zero (0, false, "", empty list or map, null reference).
 */
public record ZeroValue(PropertyType propertyType) implements PropertyValue {

    @Override
    public String type() {
        return propertyType.kind();
    }

    @Override
    public Object view(AssetPackage pkg) {
        return switch (propertyType.kind()) {
            case "BoolProperty" -> false;
            case "FloatProperty", "DoubleProperty" -> 0.0;
            case "StrProperty", "Utf8StrProperty", "AnsiStrProperty", "TextProperty" -> "";
            case "NameProperty" -> "None";
            case "ArrayProperty", "SetProperty" -> List.of();
            case "MapProperty", "StructProperty" -> Map.of();
            case "ObjectProperty", "ClassProperty", "SoftObjectProperty", "SoftClassProperty", "OptionalProperty",
                "WeakObjectProperty", "InterfaceProperty", "LazyObjectProperty" -> null;
            default -> 0L;
        };
    }

    @Override
    public void write(PropertyWriter w) {
        // a zero property has no bytes
    }
}
