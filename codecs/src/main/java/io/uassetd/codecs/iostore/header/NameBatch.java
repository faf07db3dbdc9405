package io.uassetd.codecs.iostore.header;

import java.util.Arrays;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.hash.Hashes;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import io.uassetd.codecs.iostore.internal.IoBits;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A serialized name batch (SaveNameBatch/LoadNameBatch, as FNameMap writes it in the container
 * header and the script-objects chunk): u32 count; when non-zero, u32 string bytes, u64 hash
 * algorithm id (0xC1640000), one u64 hash per name, one 2-byte FSerializedNameHeader per name
 * (bit 7 of the first byte = UTF-16, then a 15-bit length in characters), then the strings one after
 * another with no padding (UTF-16LE for wide names).
 */
public record NameBatch(List<String> names, List<Boolean> wide, long hashVersion, long[] hashes) {
    public static final long CITY_HASH_VERSION = 0xC1640000L;
    private static final int MAX_LENGTH = 0x7FFF;

    public NameBatch {
        names = List.copyOf(names);
        wide = List.copyOf(wide);
        if (names.size() != wide.size() || hashes.length != names.size()) {
            throw new IllegalArgumentException("Name batch lists differ in size");
        }
    }

    public static NameBatch empty() {
        return new NameBatch(List.of(), List.of(), CITY_HASH_VERSION, new long[0]);
    }

    /** A batch of names with their CityHash64 hashes, wide where a name needs more than 7 bits. */
    public static NameBatch of(List<String> names) {
        List<Boolean> wide = new ArrayList<>(names.size());
        long[] hashes = new long[names.size()];
        for (int i = 0; i < names.size(); i++) {
            String n = names.get(i);
            boolean w = !isAscii(n);
            wide.add(w);
            // an ASCII name hashes faster than a cache lookup (which hashes and compares the string too)
            hashes[i] = w ? cachedHash(n, true) : Hashes.cityHash64LowerAscii(n);
        }
        return new NameBatch(names, wide, CITY_HASH_VERSION, hashes);
    }

    /**
     * Hashes of wide (non-ASCII) names already computed, by name: packages converted one after another (a mod's folder,
     * the requests of a resident daemon) share most of their names. A pure function of the name, so
     * sharing it between threads only saves work; emptied when it reaches {@link #CACHED_NAMES} names or
     * {@link #CACHED_BYTES} bytes of heap (each name counted at {@link #cachedEntryBytes(String)}), so that a game of
     * many wide names (CJK text) does not keep tens of MiB between requests for a saving of about 0.1 us a name.
     */
    private static final java.util.concurrent.ConcurrentHashMap<String, Long> HASHES = new java.util.concurrent.ConcurrentHashMap<>();
    private static final int CACHED_NAMES = 200_000;
    static final long CACHED_BYTES = 4L << 20;
    private static final java.util.concurrent.atomic.AtomicLong HASHES_BYTES = new java.util.concurrent.atomic.AtomicLong();

    /**
     * The heap one cached hash holds: the map node (32), its table slot (8, at most half full: 16), the boxed
     * hash (24), the string (24) and its UTF-16 array (16 + 2 a char, 8-aligned).
     */
    static long cachedEntryBytes(String name) {
        return 32 + 16 + 24 + 24 + ((16 + 2L * name.length() + 7) & ~7L);
    }

    /** The bytes the wide-name hash cache holds now, as counted (tests). */
    static long cachedHashBytes() {
        return HASHES_BYTES.get();
    }

    private static boolean isAscii(String s) {
        for (int i = 0, n = s.length(); i < n; i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    /** {@link #hash(String, boolean)} through {@link #HASHES} (wide is a function of the name: not part of the key). */
    private static long cachedHash(String name, boolean wide) {
        Long h = HASHES.get(name);
        if (h != null) {
            return h;
        }
        long v = hash(name, wide);
        long bytes = cachedEntryBytes(name);
        if (HASHES.size() >= CACHED_NAMES || HASHES_BYTES.get() + bytes > CACHED_BYTES) {
            HASHES.clear();
            HASHES_BYTES.set(0);
        }
        if (HASHES.put(name, v) == null) {
            HASHES_BYTES.addAndGet(bytes);
        }
        return v;
    }

    /** The hash Unreal stores for a name: CityHash64 of the lower-cased text (UTF-16LE when wide). */
    public static long hash(String name, boolean wide) {
        if (!wide && isAscii(name)) {
            return Hashes.cityHash64LowerAscii(name);
        }
        String lower = name.toLowerCase(Locale.ROOT);
        return Hashes.cityHash64(lower.getBytes(wide ? StandardCharsets.UTF_16LE : StandardCharsets.ISO_8859_1));
    }

    /**
     * A UE4.26/4.27 name map kept in two parts (a container header's Names and NameHashes arrays, or the
     * LoaderGlobalNames and LoaderGlobalNameHashes chunks of global.utoc): the strings, each a 2-byte
     * header (bit 7 of the first byte = UTF-16, then a 15-bit length) followed by its characters, and
     * a u64 algorithm id then one u64 hash per name. Two empty parts give a batch of hash version 0.
     */
    public static NameBatch fromUe4Parts(byte[] strings, byte[] hashes, String source, long at) {
        if (strings.length == 0 && hashes.length == 0) {
            return new NameBatch(List.of(), List.of(), 0, new long[0]);
        }
        if (hashes.length < 8 || hashes.length % 8 != 0) {
            throw new CorruptDataException("Name hashes of " + hashes.length + " bytes are not 8 + 8 per name", source, at,
                    "NameHashes (UE4)");
        }
        int count = hashes.length / 8 - 1;
        ByteReader h = ByteReader.of(source, at, hashes, "NameHashes (UE4)");
        long algorithm = h.raw64();
        long[] hs = new long[count];
        for (int i = 0; i < count; i++) {
            hs[i] = h.raw64();
        }
        ByteReader s = ByteReader.of(source, at, strings, "Names (UE4)");
        List<String> list = new ArrayList<>(count);
        List<Boolean> wide = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int b0 = s.u8();
            int b1 = s.u8();
            boolean w = (b0 & 0x80) != 0;
            int len = ((b0 & 0x7F) << 8) | b1;
            list.add(new String(s.bytes(w ? 2 * len : len), w ? StandardCharsets.UTF_16LE : StandardCharsets.ISO_8859_1));
            wide.add(w);
        }
        if (s.remaining() != 0) {
            throw new CorruptDataException(count + " names leave " + s.remaining() + " bytes of the name strings unread", source, at,
                    "Names (UE4)");
        }
        return new NameBatch(list, wide, algorithm, hs);
    }

    /** The strings part of {@link #fromUe4Parts}. */
    public byte[] ue4Strings() {
        ByteWriter w = new ByteWriter();
        for (int i = 0; i < names.size(); i++) {
            String s = names.get(i);
            boolean isWide = wide.get(i);
            w.u8((isWide ? 0x80 : 0) | (s.length() >> 8)).u8(s.length() & 0xFF);
            w.bytes(s.getBytes(isWide ? StandardCharsets.UTF_16LE : StandardCharsets.ISO_8859_1));
        }
        return w.toByteArray();
    }

    /** The hashes part of {@link #fromUe4Parts}: empty for an empty batch of hash version 0. */
    public byte[] ue4Hashes() {
        if (names.isEmpty() && hashVersion == 0) {
            return new byte[0];
        }
        ByteWriter w = new ByteWriter();
        w.u64(hashVersion);
        for (long x : hashes) {
            w.u64(x);
        }
        return w.toByteArray();
    }

    public static NameBatch read(ByteReader r) {
        String saved = r.structure();
        r.structure("NameBatch");
        long countAt = r.offset();
        long count = r.u32();
        if (count == 0) {
            r.structure(saved);
            return empty();
        }
        long stringBytes = r.u32();
        long hashVersion = r.raw64();
        int n = IoBits.count(r, count, 8 + 2, "name");
        long[] hashes = new long[n];
        for (int i = 0; i < n; i++) {
            hashes[i] = r.raw64();
        }
        int[] lengths = new int[n];
        boolean[] isWide = new boolean[n];
        long total = 0;
        for (int i = 0; i < n; i++) {
            int b0 = r.u8();
            int b1 = r.u8();
            isWide[i] = (b0 & 0x80) != 0;
            lengths[i] = ((b0 & 0x7F) << 8) | b1;
            total += isWide[i] ? 2L * lengths[i] : lengths[i];
        }
        if (total != stringBytes) {
            throw new CorruptDataException("Name batch headers add up to " + total + " string bytes but the batch says "
                    + stringBytes, r.source(), countAt, "NameBatch");
        }
        IoBits.count(r, stringBytes, 1, "name string byte");
        List<String> names = new ArrayList<>(n);
        List<Boolean> wide = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            byte[] b = r.bytes(isWide[i] ? 2 * lengths[i] : lengths[i]);
            names.add(new String(b, isWide[i] ? StandardCharsets.UTF_16LE : StandardCharsets.ISO_8859_1));
            wide.add(isWide[i]);
        }
        r.structure(saved);
        return new NameBatch(names, wide, hashVersion, hashes);
    }

    public void write(ByteWriter w) {
        w.u32(names.size());
        if (names.isEmpty()) {
            return;
        }
        long bytes = 0;
        for (int i = 0; i < names.size(); i++) {
            bytes += wide.get(i) ? 2L * names.get(i).length() : names.get(i).length();
        }
        w.u32(bytes).u64(hashVersion);
        for (long h : hashes) {
            w.u64(h);
        }
        for (int i = 0; i < names.size(); i++) {
            int len = names.get(i).length();
            if (len > MAX_LENGTH) {
                throw new IllegalArgumentException("Name longer than " + MAX_LENGTH + " chars");
            }
            w.u8((wide.get(i) ? 0x80 : 0) | (len >> 8)).u8(len & 0xFF);
        }
        for (int i = 0; i < names.size(); i++) {
            w.bytes(names.get(i).getBytes(wide.get(i) ? StandardCharsets.UTF_16LE : StandardCharsets.ISO_8859_1));
        }
    }

    public int size() {
        return names.size();
    }

    public String get(int i) {
        return names.get(i);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NameBatch b && names.equals(b.names) && wide.equals(b.wide) && hashVersion == b.hashVersion
                && Arrays.equals(hashes, b.hashes);
    }

    @Override
    public int hashCode() {
        return names.hashCode();
    }
}
