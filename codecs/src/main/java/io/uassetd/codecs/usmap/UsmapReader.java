package io.uassetd.codecs.usmap;

import java.nio.ByteOrder;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.MemoryBudget;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import org.brotli.dec.BrotliInputStream;

/**
 * Parses the .usmap layout: u16 magic 0x30C4, u8 version, [v1+: bool32 has-versioning and the
 * versioning block], u8 compression, u32 compressed size, u32 decompressed size, payload (names,
 * enums, schemas). Every count is checked against the bytes left; every byte must be consumed.
 */
final class UsmapReader {
    static final int MAGIC = 0x30C4;
    /** Largest decompressed payload accepted (real mappings are a few MB). */
    static final int MAX_PAYLOAD = 512 << 20;
    private static final int MAX_TYPE_DEPTH = 64;
    /** Largest accepted ratio of decompressed to compressed size above 16 MiB (mappings compress about 4:1). */
    static final long MAX_RATIO = 64;

    private final String name;
    private final UsmapVersion version;
    private ByteReader in;
    private List<String> names;
    private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);

    private UsmapReader(String name, UsmapVersion version) {
        this.name = name;
        this.version = version;
    }

    static Usmap read(byte[] data, String name, Codecs codecs) {
        ByteReader h = ByteReader.of(name, 0, data, "UsmapHeader");
        int magic = h.u16();
        if (magic != MAGIC) {
            throw new CorruptDataException("Bad usmap magic " + FormatException.hex(magic) + " (expected 0x30C4)", name, 0,
                    "UsmapHeader");
        }
        int v = h.u8();
        if (v >= UsmapVersion.values().length) {
            throw new UnsupportedVersionException("Unsupported usmap version " + v + " (supported 0 to "
                    + (UsmapVersion.values().length - 1) + ")", name, 2, "UsmapHeader");
        }
        UsmapVersion version = UsmapVersion.values()[v];
        if (version.atLeast(UsmapVersion.PROPERTY_FLAGS)) {
            throw new UnsupportedVersionException("Unsupported usmap version " + v + " (property flags): supported 0 to 5",
                    name, 2, "UsmapHeader");
        }
        UsmapReader r = new UsmapReader(name, version);
        UsmapVersioning versioning = null;
        if (version.atLeast(UsmapVersion.PACKAGE_VERSIONING) && h.bool32()) {
            versioning = readVersioning(h, version);
        }
        long at = h.offset();
        int method = h.u8();
        if (method >= UsmapCompression.values().length) {
            throw new CorruptDataException("Unknown usmap compression method " + method, name, at, "UsmapHeader");
        }
        UsmapCompression compression = UsmapCompression.values()[method];
        long compressedSize = h.u32();
        long size = h.u32();
        if (compressedSize > h.remaining()) {
            throw new TruncatedDataException("Compressed payload of " + compressedSize + " bytes exceeds the " + h.remaining()
                    + " bytes left", name, at + 1, "UsmapHeader");
        }
        if (size > MAX_PAYLOAD) {
            throw new CorruptDataException("Decompressed payload size " + size + " exceeds the limit " + MAX_PAYLOAD, name,
                    at + 5, "UsmapHeader");
        }
        long plausible = Math.max(16L << 20, compressedSize * MAX_RATIO);
        if (compression != UsmapCompression.NONE && size > plausible) {
            throw new CorruptDataException("Decompressed payload size " + size + " is implausible for " + compressedSize
                    + " compressed bytes (more than " + MAX_RATIO + " times)", name, at + 5, "UsmapHeader");
        }
        if (compression == UsmapCompression.NONE && compressedSize != size) {
            throw new CorruptDataException("Uncompressed payload: compressed size " + compressedSize
                    + " differs from size " + size, name, at + 1, "UsmapHeader");
        }
        long payloadAt = h.offset();
        MemoryBudget.admit(size + compressedSize, "Usmap payload of " + size + " bytes", name, at + 5, "UsmapHeader");
        byte[] stored = h.bytes((int) compressedSize);
        if (h.remaining() != 0) {
            throw new CorruptDataException(h.remaining() + " bytes follow the payload", name, h.offset(), "UsmapHeader");
        }
        byte[] payload = r.decompress(compression, stored, (int) size, payloadAt, codecs);
        r.in = ByteReader.of(name + " (payload)", 0, payload, "UsmapNames");
        return r.readPayload(compression, versioning);
    }

    private static UsmapVersioning readVersioning(ByteReader h, UsmapVersion version) {
        h.structure("UsmapVersioning");
        UsmapVersioning.EngineVersionInfo engine = null;
        if (version.atLeast(UsmapVersion.ENGINE_VERSIONING)) {
            engine = new UsmapVersioning.EngineVersionInfo(h.u16(), h.u16(), h.u16(), h.u32(), h.fstring());
        }
        int ue4 = h.i32();
        int ue5 = h.i32();
        int n = h.count(20, "custom version");
        List<UsmapVersioning.CustomVersionEntry> custom = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            byte[] g = h.guid();
            ByteBuffer b = ByteBuffer.wrap(g).order(ByteOrder.LITTLE_ENDIAN);
            String guid = String.format(Locale.ROOT, "%08X%08X%08X%08X", b.getInt(), b.getInt(), b.getInt(), b.getInt());
            custom.add(new UsmapVersioning.CustomVersionEntry(guid, h.i32()));
        }
        long netCl = h.u32();
        h.structure("UsmapHeader");
        return new UsmapVersioning(engine, ue4, ue5, custom, netCl);
    }

    private byte[] decompress(UsmapCompression compression, byte[] stored, int size, long at, Codecs codecs) {
        if (compression == UsmapCompression.NONE) {
            return stored;
        }
        byte[] out = new byte[size];
        try {
            switch (compression) {
                case OODLE -> {
                    codecs.requireDecompress(CompressionMethod.OODLE);
                    codecs.get(CompressionMethod.OODLE).decompress(stored, 0, stored.length, out, 0, size);
                }
                case ZSTANDARD -> codecs.get(CompressionMethod.ZSTD).decompress(stored, 0, stored.length, out, 0, size);
                case BROTLI -> brotli(stored, out, at);
                default -> throw new IllegalStateException();
            }
        } catch (FormatException e) {
            if (e.file() != null) {
                throw e;
            }
            throw new CorruptDataException(compression + " payload does not decompress: " + e.detail(), name, at,
                    "UsmapPayload", e);
        } catch (RuntimeException e) {
            throw new CorruptDataException(compression + " payload does not decompress: " + e, name, at, "UsmapPayload", e);
        }
        return out;
    }

    private void brotli(byte[] stored, byte[] out, long at) {
        try (InputStream s = new BrotliInputStream(new ByteArrayInputStream(stored))) {
            int n = s.readNBytes(out, 0, out.length);
            if (n != out.length || s.read() != -1) {
                throw new CorruptDataException("Brotli payload decompresses to " + (n == out.length ? "more than " : "")
                        + n + " bytes, expected " + out.length, name, at, "UsmapPayload");
            }
        } catch (IOException e) {
            throw new CorruptDataException("Brotli payload does not decompress: " + e.getMessage(), name, at, "UsmapPayload", e);
        }
    }

    private Usmap readPayload(UsmapCompression compression, UsmapVersioning versioning) {
        boolean longNames = version.atLeast(UsmapVersion.LONG_FNAME);
        int nameCount = in.count(longNames ? 2 : 1, "name");
        names = new ArrayList<>(nameCount);
        for (int i = 0; i < nameCount; i++) {
            int len = longNames ? in.u16() : in.u8();
            names.add(decode(in.bytes(len)));
        }
        in.structure("UsmapEnums");
        boolean largeEnums = version.atLeast(UsmapVersion.LARGE_ENUMS);
        boolean explicit = version.atLeast(UsmapVersion.EXPLICIT_ENUM_VALUES);
        int enumCount = in.count(5, "enum");
        List<UsmapEnum> enums = new ArrayList<>(enumCount);
        for (int i = 0; i < enumCount; i++) {
            String enumName = nameRef(false);
            int n = largeEnums ? in.u16() : in.u8();
            in.require((long) n * (explicit ? 12 : 4));
            List<UsmapEnum.Entry> entries = new ArrayList<>(n);
            for (int j = 0; j < n; j++) {
                long value = explicit ? in.i64() : j;
                entries.add(new UsmapEnum.Entry(value, nameRef(false)));
            }
            enums.add(new UsmapEnum(enumName, entries));
        }
        in.structure("UsmapSchemas");
        int schemaCount = in.count(12, "schema");
        List<UsmapSchema> schemas = new ArrayList<>(schemaCount);
        for (int i = 0; i < schemaCount; i++) {
            String schemaName = nameRef(false);
            String superName = nameRef(true);
            int propertyCount = in.u16();
            int serializable = in.u16();
            in.require(serializable * 8L);
            List<UsmapProperty> props = new ArrayList<>(serializable);
            for (int j = 0; j < serializable; j++) {
                int index = in.u16();
                int arraySize = in.u8();
                String propName = nameRef(false);
                UsmapType type = type(0);
                props.add(new UsmapProperty(index, arraySize, propName, type, 0));
            }
            schemas.add(new UsmapSchema(schemaName, superName, propertyCount, props));
        }
        Map<String, byte[]> extensions = readExtensions();
        return new Usmap(version, compression, versioning, names, enums, schemas, extensions);
    }

    /**
     * The extension block some dumpers append after the schemas: the magic "CEXT", u8 layout
     * version, u32 count, then
     * per extension a four-character id, a u32 length and that many bytes (kept raw).
     */
    private Map<String, byte[]> readExtensions() {
        Map<String, byte[]> out = new LinkedHashMap<>();
        if (in.remaining() == 0) {
            return out;
        }
        in.structure("UsmapExtensions");
        long at = in.offset();
        in.expectMagic(0x54584543L);
        at = in.offset();
        int layout = in.u8();
        if (layout != 0) {
            throw new UnsupportedVersionException("Unsupported usmap extension layout version " + layout, in.source(), at,
                    "UsmapExtensions");
        }
        int n = in.count(8, "extension");
        for (int i = 0; i < n; i++) {
            String id = new String(in.bytes(4), StandardCharsets.ISO_8859_1);
            long len = in.u32();
            in.require(len);
            out.put(id, in.bytes((int) len));
        }
        if (in.remaining() != 0) {
            throw new CorruptDataException(in.remaining() + " unread bytes after the extensions", in.source(), in.offset(),
                    "UsmapExtensions");
        }
        return out;
    }

    private UsmapType type(int depth) {
        if (depth > MAX_TYPE_DEPTH) {
            throw in.corrupt("Property type nested deeper than " + MAX_TYPE_DEPTH);
        }
        long at = in.offset();
        int id = in.u8();
        UsmapPropertyKind kind = UsmapPropertyKind.of(id).orElseThrow(() -> new CorruptDataException(
                "Unknown property type id " + id, in.source(), at, in.structure()));
        return switch (kind) {
            case ENUM -> {
                UsmapType inner = type(depth + 1);
                yield new UsmapType(kind, null, nameRef(false), inner, null);
            }
            case STRUCT -> new UsmapType(kind, nameRef(false), null, null, null);
            case ARRAY, SET, OPTIONAL -> new UsmapType(kind, null, null, type(depth + 1), null);
            case MAP -> {
                UsmapType key = type(depth + 1);
                yield new UsmapType(kind, null, null, key, type(depth + 1));
            }
            default -> UsmapType.simple(kind);
        };
    }

    private String nameRef(boolean nullable) {
        long at = in.offset();
        int i = in.i32();
        if (i == -1 && nullable) {
            return null;
        }
        if (i < 0 || i >= names.size()) {
            throw new CorruptDataException("Name index " + i + " outside the name table (" + names.size() + " names)",
                    in.source(), at, in.structure());
        }
        return names.get(i);
    }

    private String decode(byte[] b) {
        try {
            return utf8.decode(ByteBuffer.wrap(b)).toString();
        } catch (CharacterCodingException e) {
            throw new CorruptDataException("Name is not valid UTF-8", in.source(), in.offset() - b.length, in.structure(), e);
        }
    }
}
