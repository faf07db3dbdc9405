package io.uassetd.codecs.pak;

import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The index of paks before V10: FString mount point, i32 entry count, then per entry an FString
 * path and a full {@link PakEntryRecord}.
 */
public record PakLegacyIndex(String mountPoint, List<Item> entries) {
    /** One index entry: path relative to the mount point and its record. */
    public record Item(String path, PakEntryRecord record) {
    }

    public PakLegacyIndex {
        entries = List.copyOf(entries);
    }

    public static PakLegacyIndex read(ByteReader r, PakVersion v) {
        r.structure("PakIndex");
        String mount = r.fstring();
        int n = r.count(4 + 44, "entry");
        List<Item> items = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String path = r.fstring();
            items.add(new Item(path, PakEntryRecord.read(r, v)));
        }
        return new PakLegacyIndex(mount, items);
    }

    public void write(ByteWriter w, PakVersion v) {
        w.fstring(mountPoint).u32(entries.size());
        for (Item i : entries) {
            w.fstring(i.path);
            i.record.write(w, v, false);
        }
    }
}
