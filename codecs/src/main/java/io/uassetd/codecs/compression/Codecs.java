package io.uassetd.codecs.compression;

import io.uassetd.codecs.error.NativeUnavailableException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.oodle.OodleDecoder;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The set of codecs available to readers and writers. Built once (with the native Oodle library
 * when one was loaded) and passed to whatever needs compression; immutable and thread-safe.
 */
public final class Codecs {
    private final Map<CompressionMethod, Codec> codecs = new EnumMap<>(CompressionMethod.class);
    private final OodleCodec oodle;

    private Codecs(OodleBackend nativeOodle) {
        codecs.put(CompressionMethod.ZLIB, new ZlibCodec(6));
        codecs.put(CompressionMethod.GZIP, new GzipCodec(6));
        codecs.put(CompressionMethod.LZ4, new Lz4Codec());
        codecs.put(CompressionMethod.ZSTD, new ZstdCodec(3));
        this.oodle = new OodleCodec(nativeOodle, OodleDecoder::decompress, OodleBackend.KRAKEN, 4);
        codecs.put(CompressionMethod.OODLE, oodle);
    }

    /** Codecs without a native Oodle library. */
    public static Codecs standard() {
        return new Codecs(null);
    }

    /** Codecs using the given native Oodle library (null for none). */
    public static Codecs withNativeOodle(OodleBackend nativeOodle) {
        return new Codecs(nativeOodle);
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
