package io.uassetd.codecs.zen.write;

import io.uassetd.codecs.iostore.header.MappedName;
import io.uassetd.codecs.iostore.header.NameBatch;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The Zen name map being built: the legacy names export data refers to, in their legacy order (the
 * export data indexes them), then the names only the Zen header needs, each added once when first
 * stored.
 */
final class ZenNames {
    private final List<String> names = new ArrayList<>();
    private final Map<String, Integer> index = new HashMap<>();

    ZenNames(List<String> referencedFromExportData) {
        for (String n : referencedFromExportData) {
            index.putIfAbsent(n, names.size());
            names.add(n);
        }
    }

    /** The mapped name of {@code base} with FName number {@code number}, adding the base when new. */
    MappedName store(String base, int number) {
        Integer i = index.get(base);
        if (i == null) {
            i = names.size();
            names.add(base);
            index.put(base, i);
        }
        return new MappedName(i, number);
    }

    /**
     * Stores a display string as Unreal makes an FName of it: a trailing {@code _N} (digits, no
     * leading zero) is the number N + 1 on the base before it.
     */
    MappedName storeDisplay(String display) {
        int us = display.lastIndexOf('_');
        if (us > 0 && us < display.length() - 1) {
            String digits = display.substring(us + 1);
            if (digits.length() < 10 && digits.chars().allMatch(c -> c >= '0' && c <= '9')
                    && (digits.length() == 1 || digits.charAt(0) != '0')) {
                return store(display.substring(0, us), Integer.parseInt(digits) + 1);
            }
        }
        return store(display, 0);
    }

    NameBatch batch() {
        return NameBatch.of(names);
    }
}
