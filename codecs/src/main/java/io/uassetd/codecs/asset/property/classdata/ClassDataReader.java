package io.uassetd.codecs.asset.property.classdata;

import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.property.ClassData;
import io.uassetd.codecs.asset.property.PropertyReader;

/** Picks the {@link ClassData} model for an export's class and reads it after the properties. */
public final class ClassDataReader {
    private ClassDataReader() {
    }

    /**
     * The model of the data after the properties, or null when the class has none. Throws a
     * {@link io.uassetd.codecs.error.FormatException} when the data does not read as the model.
     */
    public static ClassData read(PropertyReader r, Export e, String className) {
        return switch (className) {
            case "StringTable" -> StringTableData.read(r);
            case "Enum", "UserDefinedEnum" -> EnumData.read(r);
            case "UserDefinedStruct" -> UserDefinedStructData.read(r, e);
            default -> null;
        };
    }
}
