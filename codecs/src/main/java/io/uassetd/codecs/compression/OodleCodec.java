package io.uassetd.codecs.compression;

import io.uassetd.codecs.error.NativeUnavailableException;
import java.util.function.Supplier;

/**
 * Oodle. Compression needs the native library. Decompression uses the pure-Java decoder, or, when
 * the native library is loaded too, whichever of the two measures faster on the first blocks
 * ({@link DecoderRace}); each decodes exactly, so the choice only affects speed.
 */
final class OodleCodec implements Codec {
    /** A decoder for Oodle streams: the native library or the pure-Java one. */
    interface Decoder {
        void decompress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int dstLen);
    }

    private final Supplier<OodleBackend> nativeSource;
    private final Decoder javaDecoder;
    private final int compressor;
    private final int level;
    /** The native library and the decoder race, set up on first use (finding the library can take 0.1 s). */
    private volatile Native nativeState;

    private record Native(OodleBackend backend, DecoderRace race) {
    }

    OodleCodec(Supplier<OodleBackend> nativeSource, Decoder javaDecoder, int compressor, int level) {
        this.nativeSource = nativeSource;
        this.javaDecoder = javaDecoder;
        this.compressor = compressor;
        this.level = level;
    }

    private Native nativeState() {
        Native n = nativeState;
        if (n == null) {
            synchronized (this) {
                n = nativeState;
                if (n == null) {
                    OodleBackend b = nativeSource.get();
                    n = new Native(b, b != null && javaDecoder != null
                            ? new DecoderRace(b::decompress, "native", javaDecoder, "pure-Java") : null);
                    nativeState = n;
                }
            }
        }
        return n;
    }

    @Override
    public CompressionMethod method() {
        return CompressionMethod.OODLE;
    }

    @Override
    public String backend() {
        Native n = nativeState();
        OodleBackend nativeBackend = n.backend();
        DecoderRace race = n.race();
        if (nativeBackend != null) {
            return "native " + nativeBackend.description() + (race != null ? "; decoding: " + race.describe() : "");
        }
        return javaDecoder != null ? "pure-Java decoder (no native library: decompression only)" : "unavailable";
    }

    @Override
    public boolean canCompress() {
        return nativeState().backend() != null;
    }

    boolean canDecompress() {
        return javaDecoder != null || nativeState().backend() != null;
    }

    @Override
    public void decompress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int dstLen) {
        Native n = nativeState();
        OodleBackend nativeBackend = n.backend();
        DecoderRace race = n.race();
        if (race != null) {
            race.decompress(src, srcOff, srcLen, dst, dstOff, dstLen);
        } else if (nativeBackend != null) {
            nativeBackend.decompress(src, srcOff, srcLen, dst, dstOff, dstLen);
        } else if (javaDecoder != null) {
            javaDecoder.decompress(src, srcOff, srcLen, dst, dstOff, dstLen);
        } else {
            throw new NativeUnavailableException("Oodle decompression needs the Oodle library, which is not loaded");
        }
    }

    @Override
    public int maxCompressedLength(int len) {
        OodleBackend nativeBackend = nativeState().backend();
        if (nativeBackend == null) {
            throw new NativeUnavailableException("Oodle compression needs the Oodle library, which is not loaded");
        }
        return nativeBackend.compressedBufferSizeNeeded(compressor, len);
    }

    @Override
    public int compress(byte[] src, int off, int len, byte[] dst, int dstOff) {
        OodleBackend nativeBackend = nativeState().backend();
        if (nativeBackend == null) {
            throw new NativeUnavailableException("Oodle compression needs the Oodle library, which is not loaded");
        }
        return nativeBackend.compress(compressor, level, src, off, len, dst, dstOff);
    }
}
