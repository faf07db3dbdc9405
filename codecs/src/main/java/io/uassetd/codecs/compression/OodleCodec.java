package io.uassetd.codecs.compression;

import io.uassetd.codecs.error.NativeUnavailableException;

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

    private final OodleBackend nativeBackend;
    private final Decoder javaDecoder;
    private final int compressor;
    private final int level;
    private final DecoderRace race;

    OodleCodec(OodleBackend nativeBackend, Decoder javaDecoder, int compressor, int level) {
        this.nativeBackend = nativeBackend;
        this.javaDecoder = javaDecoder;
        this.compressor = compressor;
        this.level = level;
        this.race = nativeBackend != null && javaDecoder != null
                ? new DecoderRace(nativeBackend::decompress, "native", javaDecoder, "pure-Java") : null;
    }

    @Override
    public CompressionMethod method() {
        return CompressionMethod.OODLE;
    }

    @Override
    public String backend() {
        if (nativeBackend != null) {
            return "native " + nativeBackend.description() + (race != null ? "; decoding: " + race.describe() : "");
        }
        return javaDecoder != null ? "pure-Java decoder (no native library: decompression only)" : "unavailable";
    }

    @Override
    public boolean canCompress() {
        return nativeBackend != null;
    }

    boolean canDecompress() {
        return nativeBackend != null || javaDecoder != null;
    }

    @Override
    public void decompress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int dstLen) {
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
        if (nativeBackend == null) {
            throw new NativeUnavailableException("Oodle compression needs the Oodle library, which is not loaded");
        }
        return nativeBackend.compressedBufferSizeNeeded(compressor, len);
    }

    @Override
    public int compress(byte[] src, int off, int len, byte[] dst, int dstOff) {
        if (nativeBackend == null) {
            throw new NativeUnavailableException("Oodle compression needs the Oodle library, which is not loaded");
        }
        return nativeBackend.compress(compressor, level, src, off, len, dst, dstOff);
    }
}
