package io.uassetd.codecs.locres;

import io.uassetd.codecs.io.AtomicOutput;
import io.uassetd.codecs.io.ByteWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a {@link LocRes} in its version. An unedited resource comes back as the reader found it
 * (string table, reference counts, entry count, hashes and string forms as stored); after an edit
 * the string table is laid out as the engine's {@code SaveToArchive} does: each distinct localized
 * string once, in the order entries first use it, with the number of entries using it; the entry
 * count is the number of entries, and the hash of a new namespace or key is computed for the
 * version ({@link LocResHashes#keyHash}).
 */
public final class LocResWriter {
    private LocResWriter() {
    }

    /** Writes {@code res} to {@code target} all-or-nothing. */
    public static void write(LocRes res, Path target) {
        AtomicOutput.write(target, toBytes(res));
    }

    public static byte[] toBytes(LocRes res) {
        LocResVersion v = res.version();
        ByteWriter out = new ByteWriter(4096);
        if (v != LocResVersion.LEGACY) {
            out.bytes(LocResReader.MAGIC);
            out.u8(v.number());
        }
        int tableOffsetAt = out.size();
        if (v.hasStringTable()) {
            out.u64(-1);
        }

        // the table to write, and each entry's index in it
        List<LocRes.TableString> table = null;
        Map<LocRes.Entry, Integer> indexes = null;
        boolean preserved = v.hasStringTable() && usesStoredTable(res);
        if (v.hasStringTable()) {
            if (preserved) {
                table = res.storedTable;
            } else {
                table = new ArrayList<>();
                indexes = new HashMap<>();
                Map<String, Integer> byValue = new HashMap<>();
                List<int[]> refs = new ArrayList<>();
                for (LocRes.Namespace ns : res.namespaces()) {
                    for (LocRes.Entry e : ns.entries()) {
                        Integer idx = byValue.get(e.value());
                        if (idx == null) {
                            idx = table.size();
                            byValue.put(e.value(), idx);
                            table.add(new LocRes.TableString(e.valueText(), 0));
                            refs.add(new int[1]);
                        }
                        refs.get(idx)[0]++;
                        indexes.put(e, idx);
                    }
                }
                for (int i = 0; i < table.size(); i++) {
                    table.set(i, new LocRes.TableString(table.get(i).text(), v.isOptimized() ? refs.get(i)[0] : -1));
                }
            }
        }

        if (v.isOptimized()) {
            out.u32(preserved && res.storedEntriesCount >= 0 ? res.storedEntriesCount : res.entryCount());
        }
        out.u32(res.namespaces().size());
        for (LocRes.Namespace ns : res.namespaces()) {
            if (v.isOptimized()) {
                out.u32(ns.storedHash() != null ? ns.storedHash() : LocResHashes.keyHash(v, ns.name()) & 0xFFFFFFFFL);
            }
            string(out, ns.nameText());
            out.u32(ns.entries().size());
            for (LocRes.Entry e : ns.entries()) {
                if (v.isOptimized()) {
                    out.u32((e.storedKeyHash() != null ? e.storedKeyHash() : LocResHashes.keyHash(v, e.key())) & 0xFFFFFFFFL);
                }
                string(out, e.keyText());
                out.u32(e.sourceHash() & 0xFFFFFFFFL);
                if (v.hasStringTable()) {
                    out.u32((preserved ? e.tableIndex : indexes.get(e)) & 0xFFFFFFFFL);
                } else {
                    string(out, e.valueText());
                }
            }
        }

        if (v.hasStringTable() && !(preserved && res.storedTableAbsent)) {
            long tableOffset = out.size();
            out.u32(table.size());
            for (LocRes.TableString s : table) {
                string(out, s.text());
                if (v.isOptimized()) {
                    out.u32(s.refCount() & 0xFFFFFFFFL);
                }
            }
            byte[] arr = out.array();
            for (int i = 0; i < 8; i++) {
                arr[tableOffsetAt + i] = (byte) (tableOffset >>> (8 * i));
            }
        }
        return out.toByteArray();
    }

    /** True when the stored table still describes every entry (nothing was edited since reading). */
    private static boolean usesStoredTable(LocRes res) {
        if (res.modified() || res.storedTable == null) {
            return false;
        }
        for (LocRes.Namespace ns : res.namespaces()) {
            for (LocRes.Entry e : ns.entries()) {
                if (e.tableIndex < 0 || e.tableIndex >= res.storedTable.size()
                        || !res.storedTable.get(e.tableIndex).text().equals(e.valueText())) {
                    return false;
                }
            }
        }
        return true;
    }

    static void string(ByteWriter out, LocText t) {
        String s = t.value();
        switch (t.form()) {
            case EMPTY -> out.u32(0);
            case ANSI -> {
                out.u32(s.length() + 1);
                byte[] b = new byte[s.length() + 1];
                for (int i = 0; i < s.length(); i++) {
                    b[i] = (byte) s.charAt(i);
                }
                out.bytes(b);
            }
            case UTF16 -> {
                out.u32(-(s.length() + 1) & 0xFFFFFFFFL);
                byte[] b = new byte[2 * (s.length() + 1)];
                for (int i = 0; i < s.length(); i++) {
                    char c = s.charAt(i);
                    b[2 * i] = (byte) c;
                    b[2 * i + 1] = (byte) (c >>> 8);
                }
                out.bytes(b);
            }
            default -> throw new IllegalStateException();
        }
    }
}
