package io.uassetd.codecs.asset.property;

import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.codecs.usmap.UsmapProperty;
import io.uassetd.codecs.usmap.UsmapSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where unversioned data finds its schemas: the classes the package defines itself (read by
 * {@link ClassSchemas}), then the usmap.
 *
 * @param usmap the mappings, or null
 * @param local lower-case class name -> schema of package-defined classes
 */
public record SchemaSource(Usmap usmap, Map<String, UsmapSchema> local) {
    private static final int MAX_CHAIN = 64;

    public SchemaSource {
        local = Map.copyOf(local);
    }

    /** The schema chain of a struct or class, most derived first; empty when the first link is unknown. */
    public List<UsmapSchema> hierarchy(String struct) {
        List<UsmapSchema> out = new ArrayList<>();
        String name = struct;
        while (name != null && out.size() < MAX_CHAIN) {
            UsmapSchema s = local.get(name.toLowerCase(Locale.ROOT));
            if (s == null) {
                out.addAll(usmap == null ? List.of() : usmap.hierarchy(name));
                break;
            }
            out.add(s);
            name = s.superName();
        }
        return out;
    }

    /** A property of a struct by name (case-insensitive) with its global schema index, or null. */
    public Located locate(String struct, String property) {
        int base = 0;
        for (UsmapSchema s : hierarchy(struct)) {
            for (UsmapProperty p : s.properties()) {
                if (p.name().equalsIgnoreCase(property)) {
                    return new Located(p, base + p.schemaIndex());
                }
            }
            base += s.propertyCount();
        }
        return null;
    }

    /** A schema property and its global index (array index 0). */
    public record Located(UsmapProperty property, int index) {
    }
}
