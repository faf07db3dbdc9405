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
 * location), followed by the pruned FDirectoryIndex (often empty: a single 0; a flat index from V13 on,
 * see {@link PakFlatDirectoryIndex}).
 */
public record PakPathHashIndex(List<Item> items, PakDirectoryIndex pruned) {
    /** One path hash and its FPakEntryLocation, 12 bytes. */
    public record Item(long hash, int location) {
    }

    public PakPathHashIndex {
        items = List.copyOf(items);
    }

    public static PakPathHashIndex read(ByteReader r, PakVersion v) {
        return read(r, v, 0);
    }

    /** Reads the index; from V13 on the pruned directory index is a flat one (checked against {@code seed}). */
    public static PakPathHashIndex read(ByteReader r, PakVersion v, long seed) {
        r.structure("FPathHashIndex");
        int n = r.count(12, "path hash");
        List<Item> items = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            items.add(new Item(r.raw64(), r.i32()));
        }
        PakDirectoryIndex pruned = v.atLeast(PakVersion.SORTED_DIRECTORY_INDEX)
                ? PakFlatDirectoryIndex.readEither(r, v, seed) : PakDirectoryIndex.read(r, v);
        return new PakPathHashIndex(items, pruned);
    }

    public void write(ByteWriter w) {
        write(w, PakVersion.FNV64_BUG_FIX, 0);
    }

    /** Writes the index as {@code v} stores it (the pruned directory index flat from V13 on). */
    public void write(ByteWriter w, PakVersion v, long seed) {
        w.u32(items.size());
        for (Item i : items) {
            w.u64(i.hash).u32(i.location);
        }
        if (v.writesFlatDirectoryIndex()) {
            PakFlatDirectoryIndex.write(pruned, seed, w);
        } else {
            pruned.write(w, v);
        }
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
