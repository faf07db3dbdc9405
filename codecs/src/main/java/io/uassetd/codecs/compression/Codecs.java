package io.uassetd.codecs.compression;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import io.uassetd.codecs.error.NativeUnavailableException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.oodle.OodleDecoder;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The set of codecs available to readers and writers. Built once (with the native Oodle library
 * when one was loaded) and passed to whatever needs compression; immutable and thread-safe.
 */
public final class Codecs {
    private final Map<CompressionMethod, Codec> codecs = new EnumMap<>(CompressionMethod.class);
    private final OodleCodec oodle;
    private final Supplier<OodleBackend> nativeOodle;
    /** Codecs made for other levels, kept so their per-thread Deflaters live across requests. */
    private final ConcurrentHashMap<String, Codec> leveled;

    private Codecs(Supplier<OodleBackend> nativeOodle) {
        this.nativeOodle = nativeOodle;
        this.leveled = new ConcurrentHashMap<>();
        for (CompressionMethod m : List.of(CompressionMethod.ZLIB, CompressionMethod.GZIP, CompressionMethod.LZ4, CompressionMethod.ZSTD)) {
            codecs.put(m, make(m, defaultLevel(m)));
        }
        this.oodle = (OodleCodec) make(CompressionMethod.OODLE, defaultLevel(CompressionMethod.OODLE));
        codecs.put(CompressionMethod.OODLE, oodle);
    }

    private Codecs(Codecs base, CompressionMethod m, Codec c) {
        this.nativeOodle = base.nativeOodle;
        this.leveled = base.leveled;
        this.codecs.putAll(base.codecs);
        this.codecs.put(m, c);
        this.oodle = m == CompressionMethod.OODLE ? (OodleCodec) c : base.oodle;
    }

    private Codec make(CompressionMethod m, int level) {
        return switch (m) {
            case ZLIB -> new ZlibCodec(level);
            case GZIP -> new GzipCodec(level);
            case LZ4 -> new Lz4Codec(level);
            case ZSTD -> new ZstdCodec(level);
            case OODLE -> new OodleCodec(nativeOodle, OodleDecoder::decompress, OodleBackend.KRAKEN, level);
            default -> throw new IllegalArgumentException("No codec for " + m.unrealName());
        };
    }

    /**
     * The level a method compresses at unless told otherwise, UnrealPak's where it has one
     * (FCompression::CompressMemory without bias flags): Zlib and Gzip 6 (Z_DEFAULT_COMPRESSION),
     * LZ4 HC 9 (LZ4HC_CLEVEL_DEFAULT), Oodle Kraken 4 (Normal); Zstd (not in UnrealPak) 3, zstd's default.
     */
    public static int defaultLevel(CompressionMethod m) {
        return switch (m) {
            case ZLIB, GZIP -> 6;
            case LZ4 -> 9;
            case ZSTD -> 3;
            case OODLE -> 4;
            default -> 0;
        };
    }

    /** The levels a method accepts, as its library defines them: {min, max}. */
    public static int[] levelRange(CompressionMethod m) {
        return switch (m) {
            case ZLIB, GZIP -> new int[] {0, 9};
            case LZ4 -> new int[] {0, 12};
            case ZSTD -> new int[] {-7, 22};
            case OODLE -> new int[] {-4, 9};
            default -> new int[] {0, 0};
        };
    }

    /**
     * These codecs with {@code m} compressing at {@code level} (Zlib/Gzip 0-9 as zlib's, LZ4 0 for its
     * fast compressor or 1-12 for LZ4 HC, Zstd -7..22, Oodle -4..9); decompression is unchanged.
     *
     * @throws IllegalArgumentException when the level is outside the method's range or the method is NONE
     */
    public Codecs withLevel(CompressionMethod m, int level) {
        if (m == CompressionMethod.NONE) {
            throw new IllegalArgumentException("A compression level needs a compression method");
        }
        int[] r = levelRange(m);
        if (level < r[0] || level > r[1]) {
            throw new IllegalArgumentException(m.unrealName() + " compression level " + level + " is out of range ("
                    + r[0] + " to " + r[1] + ")");
        }
        if (level == defaultLevel(m)) {
            return this;
        }
        return new Codecs(this, m, leveled.computeIfAbsent(m.name() + ":" + level, k -> make(m, level)));
    }

    /** Codecs without a native Oodle library. */
    public static Codecs standard() {
        return new Codecs(() -> null);
    }

    /** Codecs using the given native Oodle library (null for none). */
    public static Codecs withNativeOodle(OodleBackend nativeOodle) {
        return new Codecs(() -> nativeOodle);
    }

    /**
     * Codecs whose native Oodle library comes from {@code nativeOodle} (null for none), asked once, when
     * Oodle is first used: finding the library costs a command that needs no Oodle nothing.
     */
    public static Codecs withLazyNativeOodle(Supplier<OodleBackend> nativeOodle) {
        return new Codecs(once(nativeOodle));
    }

    private static <T> Supplier<T> once(Supplier<T> s) {
        AtomicReference<Optional<T>> got = new AtomicReference<>();
        return () -> {
            synchronized (got) {
                if (got.get() == null) {
                    got.set(Optional.ofNullable(s.get()));
                }
                return got.get().orElse(null);
            }
        };
    }

    /** The codec for a method, or an exception naming what is missing. NONE has no codec. */
    public Codec get(CompressionMethod method) {
        Codec c = codecs.get(method);
        if (c == null) {
            throw new UnsupportedVersionException("No codec for compression method " + method.unrealName());
        }
        return c;
    }

    /** The codec for a method stored by name in a container ("Zlib", "Oodle", ...). */
    public Codec byUnrealName(String name) {
        Optional<CompressionMethod> m = CompressionMethod.byName(name);
        if (m.isEmpty() || m.get() == CompressionMethod.NONE) {
            throw new UnsupportedVersionException("Unknown compression method '" + name + "'");
        }
        return get(m.get());
    }

    public boolean canDecompress(CompressionMethod m) {
        return m == CompressionMethod.NONE || (m == CompressionMethod.OODLE ? oodle.canDecompress() : codecs.containsKey(m));
    }

    public boolean canCompress(CompressionMethod m) {
        return m == CompressionMethod.NONE || (codecs.containsKey(m) && codecs.get(m).canCompress());
    }

    /** Throws NativeUnavailableException when {@code m} cannot be decompressed here. */
    public void requireDecompress(CompressionMethod m) {
        if (!canDecompress(m)) {
            throw new NativeUnavailableException(m.unrealName() + " decompression is not available: " + get(m).backend());
        }
    }

    /** One line per method: name, whether it decodes and encodes, and the backend. */
    public List<MethodInfo> describe() {
        List<MethodInfo> out = new ArrayList<>();
        for (CompressionMethod m : CompressionMethod.values()) {
            if (m == CompressionMethod.NONE) {
                out.add(new MethodInfo(m.unrealName(), true, true, "stored"));
            } else {
                Codec c = codecs.get(m);
                out.add(new MethodInfo(m.unrealName(), canDecompress(m), canCompress(m), c.backend()));
            }
        }
        return out;
    }

    /** What one compression method can do here. */
    public record MethodInfo(String name, boolean decompress, boolean compress, String backend) {
    }
}
