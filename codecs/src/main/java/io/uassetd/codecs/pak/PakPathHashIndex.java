package io.uassetd.codecs.pak;

import io.uassetd.codecs.hash.Hashes;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The path-hash index blob of V10+ paks: FPathHashIndex (i32 count, then per file a u64 FNV-64
 * hash of the lower-cased UTF-16LE path seeded with the index's path hash seed, and an i32
 * location), followed by the pruned FDirectoryIndex (often empty: a single 0).
 */
public record PakPathHashIndex(List<Item> items, PakDirectoryIndex pruned) {
    /** One path hash and its FPakEntryLocation, 12 bytes. */
    public record Item(long hash, int location) {
    }

    public PakPathHashIndex {
        items = List.copyOf(items);
    }

    public static PakPathHashIndex read(ByteReader r, PakVersion v) {
        r.structure("FPathHashIndex");
        int n = r.count(12, "path hash");
        List<Item> items = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            items.add(new Item(r.raw64(), r.i32()));
        }
        return new PakPathHashIndex(items, PakDirectoryIndex.read(r, v));
    }

    public void write(ByteWriter w) {
        w.u32(items.size());
        for (Item i : items) {
            w.u64(i.hash).u32(i.location);
        }
        pruned.write(w);
    }

    /** The hash a V10+ pak stores for {@code path} (relative to the mount point). */
    public static long hash(String path, long seed) {
        return Hashes.fnv64LowerUtf16(path, seed);
    }

    public static PakPathHashIndex build(List<String> paths, List<Integer> locations, long seed) {
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < paths.size(); i++) {
            items.add(new Item(hash(paths.get(i), seed), locations.get(i)));
        }
        return new PakPathHashIndex(items, new PakDirectoryIndex(Map.of()));
    }
}
