package io.uassetd.codecs.asset.json;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Package flags (EPackageFlags) and object flags (EObjectFlags) as names, the way UAssetAPI's
 * clients see them: the names of the set bits in ascending order joined by ", "
 * ({@code "PKG_Cooked, PKG_FilterEditorOnly"}), the zero name for 0, and the decimal value when a set
 * bit has no name.
 */
public final class FlagNames {
    private FlagNames() {
    }

    public static String packageFlags(long value) {
        return names(value & 0xFFFFFFFFL, UAssetApiJson.PACKAGE_FLAGS, "PKG_None");
    }

    public static String objectFlags(long value) {
        return names(value & 0xFFFFFFFFL, UAssetApiJson.OBJECT_FLAGS, "RF_NoFlags");
    }

    private static String names(long value, Map<String, Long> table, String zero) {
        if (value == 0) {
            return zero;
        }
        List<Map.Entry<String, Long>> bits = table.entrySet().stream().filter(e -> e.getValue() != 0)
                .sorted(Comparator.comparingLong(Map.Entry::getValue)).toList();
        StringJoiner j = new StringJoiner(", ");
        long left = value;
        for (Map.Entry<String, Long> e : bits) {
            if ((value & e.getValue()) == e.getValue() && Long.bitCount(e.getValue()) == 1) {
                j.add(e.getKey());
                left &= ~e.getValue();
            }
        }
        return left != 0 ? Long.toString(value) : j.toString();
    }
}
