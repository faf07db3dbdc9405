package io.uassetd.codecs.zen;

import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import io.uassetd.codecs.iostore.header.NameBatch;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The UE4.26/4.27 package name map: the strings (each a 2-byte FSerializedNameHeader, bit 7 of the
 * first byte = UTF-16, then a 15-bit length, followed by its characters) in one region, and the
 * hashes in another: a u64 algorithm id (0xC1640000) then one u64 per name. Held as a {@link NameBatch}.
 */
final class Ue4NameMap {
    private Ue4NameMap() {
    }

    static NameBatch read(ByteReader r, int namesOffset, int namesSize, int hashesOffset, int hashesSize) {
        r.structure("NameMap");
        if (hashesSize < 8 || hashesSize % 8 != 0) {
            if (hashesSize == 0 && namesSize == 0) {
                return NameBatch.empty();
            }
            throw new CorruptDataException("Name hashes size " + hashesSize + " is not 8 + 8 per name", r.source(),
                    r.offset(), "NameMap");
        }
        int count = hashesSize / 8 - 1;
        r.position(hashesOffset);
        long algorithm = r.raw64();
        long[] hashes = new long[count];
        for (int i = 0; i < count; i++) {
            hashes[i] = r.raw64();
        }
        r.position(namesOffset);
        List<String> names = new ArrayList<>(count);
        List<Boolean> wide = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int b0 = r.u8();
            int b1 = r.u8();
            boolean w = (b0 & 0x80) != 0;
            int len = ((b0 & 0x7F) << 8) | b1;
            byte[] b = r.bytes(w ? 2 * len : len);
            names.add(new String(b, w ? StandardCharsets.UTF_16LE : StandardCharsets.ISO_8859_1));
            wide.add(w);
        }
        if (r.position() != namesOffset + namesSize) {
            throw new CorruptDataException(count + " names end at +" + r.position() + " but the name region ends at +"
                    + (namesOffset + namesSize), r.source(), r.offset(), "NameMap");
        }
        return new NameBatch(names, wide, algorithm, hashes);
    }

    /** A name map kept in two files or chunks (UE4.26/4.27 LoaderGlobalNames and LoaderGlobalNameHashes). */
    static NameBatch read(byte[] names, byte[] hashes, String source) {
        byte[] both = new byte[names.length + hashes.length];
        System.arraycopy(names, 0, both, 0, names.length);
        System.arraycopy(hashes, 0, both, names.length, hashes.length);
        return read(ByteReader.of(source, 0, both, "NameMap"), 0, names.length, names.length, hashes.length);
    }

    /** Writes the strings; returns their byte count. */
    static int writeNames(ByteWriter w, NameBatch names) {
        int start = w.size();
        for (int i = 0; i < names.size(); i++) {
            String s = names.get(i);
            boolean wide = names.wide().get(i);
            w.u8((wide ? 0x80 : 0) | (s.length() >> 8)).u8(s.length() & 0xFF);
            w.bytes(s.getBytes(wide ? StandardCharsets.UTF_16LE : StandardCharsets.ISO_8859_1));
        }
        return w.size() - start;
    }

    /** Writes the algorithm id and the hashes; returns their byte count. */
    static int writeHashes(ByteWriter w, NameBatch names) {
        if (names.size() == 0) {
            return 0;
        }
        w.u64(names.hashVersion());
        for (long h : names.hashes()) {
            w.u64(h);
        }
        return 8 + 8 * names.size();
    }
}
