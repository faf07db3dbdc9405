package io.uassetd.codecs.locres;

import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.io.AtomicOutput;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A .locmeta file (the engine's {@code FTextLocalizationMetaDataResource}): the LocMeta magic, a
 * version byte (0 Initial, 1 AddedCompiledCultures, 2 AddedIsUGC), the native culture and the
 * path of its .locres, from version 1 the compiled cultures, from version 2 whether the target is
 * user-generated content (a 32-bit bool).
 *
 * @param version          0, 1 or 2
 * @param compiledCultures null before version 1
 * @param isUgc            null before version 2
 */
public record LocMeta(int version, String nativeCulture, String nativeLocRes, List<String> compiledCultures, Boolean isUgc) {
    /** The LocMeta magic GUID {0xA14CEE4F, 0x83554868, 0xBD464C6C, 0x7C50DA70} as stored. */
    static final byte[] MAGIC = LocResReader.guidBytes(0xA14CEE4F, 0x83554868, 0xBD464C6C, 0x7C50DA70);
    /** The newest version known. */
    public static final int LATEST = 2;
    private static final String[] NAMES = {"Initial", "AddedCompiledCultures", "AddedIsUGC"};

    /** The engine's name of the version ({@code AddedCompiledCultures}). */
    public String versionName() {
        return NAMES[version];
    }

    public static LocMeta read(Path path) throws IOException {
        long size = Files.size(path);
        if (size > 1 << 24) {
            throw new CorruptDataException("A .locmeta of " + size + " bytes is implausible", path.toString(), 0, "LocMeta file");
        }
        return read(path.toString(), Files.readAllBytes(path));
    }

    public static LocMeta read(String source, byte[] data) {
        ByteReader in = ByteReader.of(source, 0, data, "LocMeta header");
        byte[] magic = in.bytes(Math.min(16, data.length));
        if (magic.length < 16 || !Arrays.equals(magic, MAGIC)) {
            if (magic.length < 16) {
                in.require(16 - magic.length);
            }
            throw new CorruptDataException("Not a .locmeta: the LocMeta magic is missing", source, 0, "LocMeta header");
        }
        long at = in.offset();
        int version = in.u8();
        if (version > LATEST) {
            throw new UnsupportedVersionException("LocMeta version " + version + " is newer than the newest known (" + LATEST
                    + ", " + NAMES[LATEST] + ")", source, at, "LocMeta header");
        }
        String culture = in.structure("LocMeta native culture").fstring();
        String locres = in.structure("LocMeta native LocRes path").fstring();
        List<String> cultures = null;
        if (version >= 1) {
            in.structure("LocMeta compiled cultures");
            int n = in.count(4, "compiled culture");
            cultures = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                cultures.add(in.fstring());
            }
        }
        Boolean ugc = null;
        if (version >= 2) {
            ugc = in.structure("LocMeta IsUGC").bool32();
        }
        return new LocMeta(version, culture, locres, cultures == null ? null : List.copyOf(cultures), ugc);
    }

    public byte[] toBytes() {
        if (version < 0 || version > LATEST) {
            throw new IllegalArgumentException("LocMeta version " + version);
        }
        ByteWriter out = new ByteWriter(128);
        out.bytes(MAGIC);
        out.u8(version);
        out.fstring(nativeCulture);
        out.fstring(nativeLocRes);
        if (version >= 1) {
            List<String> c = compiledCultures == null ? List.of() : compiledCultures;
            out.u32(c.size());
            for (String s : c) {
                out.fstring(s);
            }
        }
        if (version >= 2) {
            out.bool32(Boolean.TRUE.equals(isUgc));
        }
        return out.toByteArray();
    }

    public void write(Path target) {
        AtomicOutput.write(target, toBytes());
    }

    /** True when {@code data} starts with the LocMeta magic. */
    public static boolean hasMagic(byte[] data) {
        return data.length >= 16 && Arrays.equals(data, 0, 16, MAGIC, 0, 16);
    }
}
