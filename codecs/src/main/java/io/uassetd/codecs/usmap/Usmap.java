package io.uassetd.codecs.usmap;

import java.util.LinkedHashMap;
import java.util.concurrent.ConcurrentHashMap;
import io.uassetd.codecs.compression.Codecs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Type mappings from a .usmap file (versions 0 to 6, payload stored raw or compressed with Oodle,
 * Brotli or Zstandard): the name table, enums and struct/class schemas that unversioned property
 * serialization needs. Lookups ignore case, as FName comparison does. Immutable and thread-safe.
 *
 * <pre>{@code
 * Usmap m = Usmap.load(Path.of("Game.usmap"), Codecs.standard());
 * UsmapProperty p = m.propertyAt("Character", 12);   // global index over the super chain
 * }</pre>
 */
public final class Usmap {
    private final UsmapVersion version;
    private final UsmapCompression compression;
    private final UsmapVersioning versioning;
    private final List<String> names;
    private final List<UsmapEnum> enums;
    private final List<UsmapSchema> schemas;
    private final Map<String, byte[]> extensions;
    private final Map<String, UsmapEnum> enumsByName = new HashMap<>();
    private final Map<String, UsmapSchema> schemasByName = new HashMap<>();
    /** Super chains, root first, computed once per struct (lookups are hot in unversioned parsing). */
    private final Map<String, List<UsmapSchema>> chains = new ConcurrentHashMap<>();

    Usmap(UsmapVersion version, UsmapCompression compression, UsmapVersioning versioning, List<String> names,
            List<UsmapEnum> enums, List<UsmapSchema> schemas, Map<String, byte[]> extensions) {
        this.extensions = Collections.unmodifiableMap(new LinkedHashMap<>(extensions));
        this.version = version;
        this.compression = compression;
        this.versioning = versioning;
        this.names = List.copyOf(names);
        this.enums = List.copyOf(enums);
        this.schemas = List.copyOf(schemas);
        for (UsmapEnum e : enums) {
            enumsByName.putIfAbsent(key(e.name()), e);
        }
        for (UsmapSchema s : schemas) {
            schemasByName.putIfAbsent(key(s.name()), s);
        }
    }

    /** Reads a .usmap file. */
    public static Usmap load(Path path, Codecs codecs) {
        try {
            return read(Files.readAllBytes(path), path.getFileName().toString(), codecs);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    /** Reads .usmap bytes; {@code name} is used in error messages. */
    public static Usmap read(byte[] data, String name, Codecs codecs) {
        return UsmapReader.read(data, name, codecs);
    }

    private static String key(String s) {
        return s.toLowerCase(Locale.ROOT);
    }

    public UsmapVersion version() {
        return version;
    }

    public UsmapCompression compression() {
        return compression;
    }

    /** The header's versioning block, or null when the file has none. */
    public UsmapVersioning versioning() {
        return versioning;
    }

    /** The name table. */
    public List<String> names() {
        return names;
    }

    public List<UsmapEnum> enums() {
        return enums;
    }

    public List<UsmapSchema> schemas() {
        return schemas;
    }

    /**
     * The extension blocks after the schemas (e.g. "PPTH" package paths, "EATR", "ENVP" enum
     * underlying types written by UE4SS), raw, by four-character id; empty when absent.
     */
    public Map<String, byte[]> extensions() {
        return extensions;
    }

    public UsmapEnum enumNamed(String name) {
        return enumsByName.get(key(name));
    }

    /** The schema of a struct or class by name (case-insensitive), or null. */
    public UsmapSchema schema(String name) {
        return schemasByName.get(key(name));
    }

    /** The schema and its supers, most derived first; stops at a missing super or a cycle. */
    public List<UsmapSchema> hierarchy(String name) {
        List<UsmapSchema> chain = new ArrayList<>(rootFirst(name));
        Collections.reverse(chain);
        return Collections.unmodifiableList(chain);
    }

    private List<UsmapSchema> rootFirst(String name) {
        return chains.computeIfAbsent(key(name), k -> {
            List<UsmapSchema> c = new ArrayList<>(walk(name));
            Collections.reverse(c);
            return List.copyOf(c);
        });
    }

    private List<UsmapSchema> walk(String name) {
        List<UsmapSchema> out = new ArrayList<>();
        UsmapSchema s = schema(name);
        while (s != null && !out.contains(s)) {
            out.add(s);
            s = s.superName() == null ? null : schema(s.superName());
        }
        return out;
    }

    /** Property indices a struct covers with its supers (the unversioned serialization index space). */
    public int totalPropertyCount(String name) {
        int n = 0;
        for (UsmapSchema s : hierarchy(name)) {
            n += s.propertyCount();
        }
        return n;
    }

    /**
     * The property at a global index of a struct: indices start with the root super's properties,
     * then each derived struct's. Null when the index is past the hierarchy or not serializable.
     */
    public UsmapProperty propertyAt(String struct, int index) {
        int base = 0;
        for (UsmapSchema s : rootFirst(struct)) {
            if (index < base + s.propertyCount()) {
                return s.propertyAtLocal(index - base);
            }
            base += s.propertyCount();
        }
        return null;
    }

    /** Every serializable property of a struct and its supers, root super first. */
    public List<UsmapProperty> allProperties(String struct) {
        List<UsmapProperty> out = new ArrayList<>();
        for (UsmapSchema s : rootFirst(struct)) {
            out.addAll(s.properties());
        }
        return out;
    }

    @Override
    public String toString() {
        return "Usmap[v" + version.ordinal() + ", " + compression + ", " + names.size() + " names, " + enums.size()
                + " enums, " + schemas.size() + " schemas]";
    }
}
