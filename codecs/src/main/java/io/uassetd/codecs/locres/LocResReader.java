package io.uassetd.codecs.locres;

import java.util.function.Consumer;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.io.ByteReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads .locres files of every version (see {@link LocResVersion}). A file that does not start
 * with the LocRes magic is read as a legacy file, as the engine does; every count, offset, length
 * and string index is checked, and an error names the file, the absolute offset and the structure.
 */
public final class LocResReader {
    /** The LocRes magic GUID {0x7574140E, 0xFC034A67, 0x9D90154A, 0x1B7F37C3} as stored (four little-endian uint32). */
    static final byte[] MAGIC = guidBytes(0x7574140E, 0xFC034A67, 0x9D90154A, 0x1B7F37C3);
    /** Largest .locres accepted (the whole file is read into memory). */
    public static final long MAX_FILE_SIZE = 1L << 30;

    private final ByteReader in;
    private final String source;

    private LocResReader(String source, byte[] data) {
        this.source = source;
        this.in = ByteReader.of(source, 0, data, "LocRes header");
    }

    /** Reads the file at {@code path}. */
    public static LocRes read(Path path) throws IOException {
        long size = Files.size(path);
        if (size > MAX_FILE_SIZE) {
            throw new UnsupportedVersionException("A .locres of " + size + " bytes is larger than the " + MAX_FILE_SIZE
                    + " bytes accepted", path.toString(), 0, "LocRes file");
        }
        return read(path.toString(), Files.readAllBytes(path));
    }

    /** Reads a .locres held in memory; {@code source} names it in errors. */
    public static LocRes read(String source, byte[] data) {
        return new LocResReader(source, data).parse();
    }

    /** True when {@code data} starts with the LocRes magic (every non-legacy file does). */
    public static boolean hasMagic(byte[] data) {
        return data.length >= 16 && Arrays.equals(data, 0, 16, MAGIC, 0, 16);
    }

    private LocRes parse() {
        LocResVersion version = LocResVersion.LEGACY;
        if (in.size() >= 16 && hasMagicAt()) {
            in.skip(16);
            long at = in.offset();
            int number = in.u8();
            version = LocResVersion.ofNumber(number);
            if (version == null) {
                throw new UnsupportedVersionException("LocRes version " + number + " is newer than the newest known ("
                        + LocResVersion.values()[LocResVersion.values().length - 1].number() + ", "
                        + LocResVersion.values()[LocResVersion.values().length - 1].engineName() + ")", source, at, "LocRes header");
            }
        }
        LocRes res = new LocRes(version);
        String prefix = version == LocResVersion.LEGACY ? "legacy LocRes (no magic) " : "LocRes ";

        // the string table, stored out of line
        List<LocRes.TableString> table = null;
        if (version.hasStringTable()) {
            long at = in.offset();
            long tableOffset = in.i64();
            table = new ArrayList<>();
            if (tableOffset == -1) {
                res.storedTableAbsent = true;
            } else {
                if (tableOffset < in.position() || tableOffset > in.size() - 4L) {
                    throw new CorruptDataException("String table offset " + tableOffset + " outside the file's " + in.size()
                            + " bytes", source, at, prefix + "header");
                }
                int back = in.position();
                in.position((int) tableOffset);
                in.structure(prefix + "string table");
                int minString = version.isOptimized() ? 8 : 4;
                int count = in.count(minString, "string table");
                for (int i = 0; i < count; i++) {
                    final int index = i;
                    in.structure(() -> prefix + "string table [" + index + "]");
                    LocText s = string();
                    int ref = version.isOptimized() ? in.i32() : -1;
                    table.add(new LocRes.TableString(s, ref));
                }
                in.position(back);
            }
            res.storedTable = table;
        }

        in.structure(prefix + "header");
        if (version.isOptimized()) {
            res.storedEntriesCount = in.u32();
        }
        int minKey = (version.isOptimized() ? 4 : 0) + 4 + 4 + 4;
        int minNamespace = (version.isOptimized() ? 4 : 0) + 4 + 4;
        int namespaceCount = count(minNamespace, "namespace");
        for (int i = 0; i < namespaceCount; i++) {
            final int nsIndex = i;
            in.structure(() -> prefix + "namespace #" + nsIndex);
            Integer nsHash = version.isOptimized() ? in.i32() : null;
            LocText nsName = string();
            LocRes.Namespace ns = new LocRes.Namespace(nsName, nsHash);
            in.structure(() -> prefix + "namespace '" + nsName.value() + "'");
            int keyCount = count(minKey, "key");
            for (int k = 0; k < keyCount; k++) {
                final int keyIndex = k;
                in.structure(() -> prefix + "namespace '" + nsName.value() + "' key #" + keyIndex);
                Integer keyHash = version.isOptimized() ? in.i32() : null;
                LocText key = string();
                in.structure(() -> prefix + "entry '" + nsName.value() + "' / '" + key.value() + "'");
                int sourceHash = in.i32();
                LocText value;
                int tableIndex = -1;
                if (version.hasStringTable()) {
                    long at = in.offset();
                    tableIndex = in.i32();
                    if (tableIndex < 0 || tableIndex >= table.size()) {
                        throw new CorruptDataException("String index " + tableIndex + " outside the string table of " + table.size()
                                + " strings", source, at, in.structure());
                    }
                    value = table.get(tableIndex).text();
                } else {
                    value = string();
                }
                LocRes.Entry e = new LocRes.Entry(key, keyHash, sourceHash, value);
                e.tableIndex = tableIndex;
                ns.entries().add(e);
            }
            res.namespaces().add(ns);
        }
        res.forceUnicode(detectForcedUnicode(res, table));
        return res;
    }

    private boolean hasMagicAt() {
        byte[] head = new byte[16];
        int pos = in.position();
        in.bytes(head, 0, 16);
        in.position(pos);
        return Arrays.equals(head, MAGIC);
    }

    private int count(int minElementSize, String what) {
        long at = in.offset();
        long n = in.u32();
        if (n * minElementSize > in.remaining()) {
            throw new CorruptDataException("Implausible " + what + " count " + n + " (" + in.remaining()
                    + " bytes left, each at least " + minElementSize + ")", source, at, in.structure());
        }
        return (int) n;
    }

    /** An FString, keeping how it was stored. */
    private LocText string() {
        long at = in.offset();
        int len = in.i32();
        if (len == 0) {
            return new LocText("", LocText.Form.EMPTY);
        }
        if (len == Integer.MIN_VALUE) {
            throw new CorruptDataException("Implausible string length " + len, source, at, in.structure());
        }
        boolean wide = len < 0;
        long chars = Math.abs((long) len);
        long bytes = wide ? 2 * chars : chars;
        if (bytes > in.remaining()) {
            throw new TruncatedDataException("String of " + chars + (wide ? " UTF-16 units" : " bytes") + " at "
                    + FormatException.hex(at) + " runs past the end (" + in.remaining() + " bytes left)", source, at, in.structure());
        }
        byte[] b = in.bytes((int) bytes);
        if (wide) {
            if (b[b.length - 1] != 0 || b[b.length - 2] != 0) {
                throw new CorruptDataException("UTF-16 string of " + chars + " units lacks its NUL terminator", source, at, in.structure());
            }
            // unit by unit: a lone surrogate stays as it is (a charset decoder would replace it)
            char[] c = new char[(int) chars - 1];
            for (int i = 0; i < c.length; i++) {
                c[i] = (char) ((b[2 * i] & 0xFF) | (b[2 * i + 1] & 0xFF) << 8);
            }
            return new LocText(new String(c), LocText.Form.UTF16);
        }
        if (b[b.length - 1] != 0) {
            throw new CorruptDataException("String of " + chars + " bytes lacks its NUL terminator", source, at, in.structure());
        }
        return new LocText(new String(b, 0, b.length - 1, StandardCharsets.ISO_8859_1), LocText.Form.ANSI);
    }

    private static boolean detectForcedUnicode(LocRes res, List<LocRes.TableString> table) {
        boolean[] anyWideAscii = {false};
        boolean[] anyAnsi = {false};
        Consumer<LocText> look = t -> {
            if (t.form() == LocText.Form.ANSI && !t.value().isEmpty()) {
                anyAnsi[0] = true;
            } else if (t.form() == LocText.Form.UTF16 && LocText.isPureAnsi(t.value()) && !t.value().isEmpty()) {
                anyWideAscii[0] = true;
            }
        };
        for (LocRes.Namespace ns : res.namespaces()) {
            look.accept(ns.nameText());
            for (LocRes.Entry e : ns.entries()) {
                look.accept(e.keyText());
                look.accept(e.valueText());
            }
        }
        if (table != null) {
            for (LocRes.TableString s : table) {
                look.accept(s.text());
            }
        }
        return anyWideAscii[0] && !anyAnsi[0];
    }

    static byte[] guidBytes(int a, int b, int c, int d) {
        byte[] out = new byte[16];
        int[] w = {a, b, c, d};
        for (int i = 0; i < 4; i++) {
            out[i * 4] = (byte) w[i];
            out[i * 4 + 1] = (byte) (w[i] >>> 8);
            out[i * 4 + 2] = (byte) (w[i] >>> 16);
            out[i * 4 + 3] = (byte) (w[i] >>> 24);
        }
        return out;
    }
}
