package io.uassetd.codecs.asset.property.classdata;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.io.FString;
import io.uassetd.codecs.asset.property.ClassData;
import io.uassetd.codecs.asset.property.PropertyReader;
import io.uassetd.codecs.asset.property.PropertyWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What UStringTable::Serialize writes after the properties: the UObject GUID flag (bool32, then an
 * FGuid when set), then FStringTable: the namespace (FString), the entries (int32 count, then per
 * entry its key and source string, both FString) and the metadata (int32 count, then per key the
 * key FString and an int32 count of (FName id, FString value) pairs). Strings keep their stored
 * encoding, so an unchanged table writes back byte for byte.
 */
public final class StringTableData implements ClassData {
    /** One entry: key -> source string. */
    public record Entry(FString key, FString source) {
    }

    /** One metadata value of an entry. */
    public record Meta(FName id, FString value) {
    }

    /** The metadata of one key. */
    public record KeyMeta(FString key, List<Meta> values) {
        public KeyMeta {
            values = new ArrayList<>(values);
        }
    }

    private final FGuid objectGuid;
    private FString namespace;
    private final List<Entry> entries;
    private final List<KeyMeta> metadata;

    StringTableData(FGuid objectGuid, FString namespace, List<Entry> entries, List<KeyMeta> metadata) {
        this.objectGuid = objectGuid;
        this.namespace = namespace;
        this.entries = new ArrayList<>(entries);
        this.metadata = new ArrayList<>(metadata);
    }

    static StringTableData read(PropertyReader r) {
        var in = r.in();
        r.push("StringTable");
        try {
            FGuid guid = r.readObjectGuid();
            FString ns = in.readFString();
            int n = r.count(8, "string table entry");
            List<Entry> entries = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                entries.add(new Entry(in.readFString(), in.readFString()));
            }
            int m = r.count(8, "string table metadata key");
            List<KeyMeta> meta = new ArrayList<>(m);
            for (int i = 0; i < m; i++) {
                FString key = in.readFString();
                int k = r.count(12, "string table metadata value");
                List<Meta> values = new ArrayList<>(k);
                for (int j = 0; j < k; j++) {
                    FName id = in.readFName();
                    r.name(id);
                    values.add(new Meta(id, in.readFString()));
                }
                meta.add(new KeyMeta(key, values));
            }
            return new StringTableData(guid, ns, entries, meta);
        } finally {
            r.pop();
        }
    }

    @Override
    public void write(PropertyWriter w) {
        writeTable(w, objectGuid, namespace, entries);
        writeMetadata(w);
    }

    /** The part before the metadata: GUID flag (and GUID), namespace, entries. */
    public static void writeTable(PropertyWriter w, FGuid objectGuid, FString namespace, List<Entry> entries) {
        var out = w.out();
        w.writeObjectGuid(objectGuid);
        out.writeFString(namespace);
        out.writeI32(entries.size());
        for (Entry e : entries) {
            out.writeFString(e.key());
            out.writeFString(e.source());
        }
    }

    /** The metadata part (count, then per key its values), which follows {@link #writeTable}. */
    public void writeMetadata(PropertyWriter w) {
        var out = w.out();
        out.writeI32(metadata.size());
        for (KeyMeta km : metadata) {
            out.writeFString(km.key());
            out.writeI32(km.values().size());
            for (Meta v : km.values()) {
                out.writeFName(v.id());
                out.writeFString(v.value());
            }
        }
    }

    public FGuid objectGuid() {
        return objectGuid;
    }

    /** The namespace as stored (with its encoding). */
    public FString storedNamespace() {
        return namespace;
    }

    public String namespace() {
        return namespace.text();
    }

    public void setNamespace(String ns) {
        this.namespace = FString.of(ns);
    }

    /** The entries in stored order (live, editable). */
    public List<Entry> entries() {
        return entries;
    }

    /** The metadata per key in stored order (live, editable). */
    public List<KeyMeta> metadata() {
        return metadata;
    }

    /** The source string of a key, or null. */
    public String source(String key) {
        for (Entry e : entries) {
            if (e.key().text().equals(key)) {
                return e.source().text();
            }
        }
        return null;
    }

    /** Sets a key's source string (replacing it in place, or appending a new entry). */
    public void put(String key, String source) {
        for (int i = 0; i < entries.size(); i++) {
            if (entries.get(i).key().text().equals(key)) {
                entries.set(i, new Entry(entries.get(i).key(), FString.of(source)));
                return;
            }
        }
        entries.add(new Entry(FString.of(key), FString.of(source)));
    }

    /** Key -> source string, in stored order. */
    public Map<String, String> entryMap() {
        Map<String, String> m = new LinkedHashMap<>();
        entries.forEach(e -> m.put(e.key().text(), e.source().text()));
        return m;
    }

    /** Key -> (metadata id -> value), in stored order. */
    public Map<String, Map<String, String>> metadataMap(AssetPackage pkg) {
        Map<String, Map<String, String>> m = new LinkedHashMap<>();
        for (KeyMeta km : metadata) {
            Map<String, String> values = new LinkedHashMap<>();
            km.values().forEach(v -> values.put(pkg.names().render(v.id()), v.value().text()));
            m.put(km.key().text(), values);
        }
        return m;
    }
}
