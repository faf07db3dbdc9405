package io.uassetd.codecs.pak;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.TreeMap;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * FDirectoryIndex (TMap of directory to TMap of file name to FPakEntryLocation): i32 directory
 * count, then per directory an FString name ("/" for the root, else "dir/sub/"), an i32 file
 * count and per file an FString name and an i32 location (>= 0: offset into the encoded entries;
 * negative: -(index + 1) into the unencoded file list). Version 12 writes file names as UTF-8
 * without terminator. Insertion order is kept so writes are byte-exact.
 */
public record PakDirectoryIndex(Map<String, Map<String, Integer>> directories) {
    public PakDirectoryIndex {
        Map<String, Map<String, Integer>> copy = new LinkedHashMap<>();
        directories.forEach((k, v) -> copy.put(k, Collections.unmodifiableMap(new LinkedHashMap<>(v))));
        directories = Collections.unmodifiableMap(copy);
    }

    public static PakDirectoryIndex read(ByteReader r, PakVersion v) {
        r.structure("FDirectoryIndex");
        boolean utf8 = v.atLeast(PakVersion.UTF8_PAK_DIRECTORY);
        int dirs = r.count(8, "directory");
        Map<String, Map<String, Integer>> out = new LinkedHashMap<>();
        for (int d = 0; d < dirs; d++) {
            String dir = utf8 ? r.fstringUtf8() : r.fstring();
            int files = r.count(8, "file");
            Map<String, Integer> m = new LinkedHashMap<>();
            for (int f = 0; f < files; f++) {
                String name = utf8 ? r.fstringUtf8() : r.fstring();
                m.put(name, r.i32());
            }
            out.put(dir, m);
        }
        return new PakDirectoryIndex(out);
    }

    public void write(ByteWriter w) {
        write(w, PakVersion.FNV64_BUG_FIX);
    }

    /** Writes the index as {@code v} stores it: from V12 on, file names are UTF-8 without a terminator. */
    public void write(ByteWriter w, PakVersion v) {
        boolean utf8 = v.atLeast(PakVersion.UTF8_PAK_DIRECTORY);
        w.u32(directories.size());
        directories.forEach((dir, files) -> {
            w.fstring(dir);
            w.u32(files.size());
            files.forEach((name, loc) -> {
                if (utf8) {
                    byte[] b = name.getBytes(StandardCharsets.UTF_8);
                    w.u32(b.length).bytes(b);
                } else {
                    w.fstring(name);
                }
                w.u32(loc);
            });
        });
    }

    /** Every file as (full path relative to the mount point, location). */
    public List<Map.Entry<String, Integer>> files() {
        List<Map.Entry<String, Integer>> out = new ArrayList<>();
        directories.forEach((dir, files) -> {
            String prefix = dir.equals("/") ? "" : dir.startsWith("/") ? dir.substring(1) : dir;
            files.forEach((name, loc) -> out.add(Map.entry(prefix + name, loc)));
        });
        return out;
    }

    /**
     * The index UnrealPak builds for {@code paths} (in order) with their locations: every parent
     * directory listed, directories and files sorted by name, the root as "/".
     */
    public static PakDirectoryIndex build(List<String> paths, List<Integer> locations) {
        TreeMap<String, TreeMap<String, Integer>> tree = new TreeMap<>();
        for (int i = 0; i < paths.size(); i++) {
            String p = paths.get(i);
            int slash = p.lastIndexOf('/');
            String dir = slash < 0 ? "/" : p.substring(0, slash + 1);
            String file = p.substring(slash + 1);
            tree.computeIfAbsent(dir, k -> new TreeMap<>()).put(file, locations.get(i));
            String parent = dir;
            while (!parent.equals("/")) {
                int s = parent.lastIndexOf('/', parent.length() - 2);
                parent = s < 0 ? "/" : parent.substring(0, s + 1);
                tree.computeIfAbsent(parent, k -> new TreeMap<>());
            }
        }
        Map<String, Map<String, Integer>> out = new LinkedHashMap<>();
        tree.forEach(out::put);
        return new PakDirectoryIndex(out);
    }
}
