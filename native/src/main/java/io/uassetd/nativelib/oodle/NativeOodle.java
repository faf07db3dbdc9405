package io.uassetd.nativelib.oodle;

import com.sun.jna.Memory;
import io.uassetd.codecs.compression.OodleBackend;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.NativeUnavailableException;
import java.util.Objects;

/**
 * The Oodle library behind {@link OodleBackend}: checks every range before a native call, copies
 * the regions into native memory of its own (so no native code ever sees a pointer into a Java
 * array), turns a failed call into an exception carrying the native return value, and insists
 * that a block decodes to exactly the expected size. Immutable and thread-safe: each call uses
 * its own native buffers, and oo2core's decoder and encoder keep no state between calls.
 *
 * <p>Obtained from {@link OodleLibrary}; an instance made from a failed load throws
 * {@link NativeUnavailableException} (with the loader's message) from every operation.
 */
public final class NativeOodle implements OodleBackend {
    /** Oodle compression levels: HyperFast4 .. HyperFast1 are -4 .. -1, None 0, Normal 4, Optimal5 9. */
    public static final int MIN_LEVEL = -4;
    public static final int MAX_LEVEL = 9;
    public static final int LEVEL_NORMAL = 4;

    /**
     * Spare bytes after every native buffer, zeroed for input: a decoder or encoder that reads or
     * writes a little past the length it was given only touches memory owned here. Only the
     * requested bytes are ever copied back.
     */
    static final int SLACK = 64;

    private final OodleApi api;
    private final String description;
    private final String unavailable;

    private NativeOodle(OodleApi api, String description, String unavailable) {
        this.api = api;
        this.description = description;
        this.unavailable = unavailable;
    }

    static NativeOodle loaded(OodleApi api, String description) {
        return new NativeOodle(Objects.requireNonNull(api, "api"), description, null);
    }

    static NativeOodle unavailable(String reason) {
        return new NativeOodle(null, "unavailable", Objects.requireNonNull(reason, "reason"));
    }

    /** Whether the library is loaded (operations work) or not (they throw NativeUnavailableException). */
    public boolean isAvailable() {
        return api != null;
    }

    @Override
    public String description() {
        return unavailable == null ? description : "unavailable: " + unavailable;
    }

    @Override
    public void decompress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int dstLen) {
        checkRange("src", src, srcOff, srcLen);
        checkRange("dst", dst, dstOff, dstLen);
        OodleApi lib = require();
        try (Memory in = new Memory((long) srcLen + SLACK); Memory out = new Memory((long) dstLen + SLACK)) {
            in.write(0, src, srcOff, srcLen);
            in.setMemory(srcLen, SLACK, (byte) 0);
            long written = lib.OodleLZ_Decompress(in, srcLen, out, dstLen,
                    OodleApi.FUZZ_SAFE_YES, 0, 0, null, 0, null, null, null, 0, OodleApi.THREAD_PHASE_UNTHREADED);
            if (written <= 0) {
                throw new CorruptDataException("Oodle block of " + srcLen + " bytes does not decode to "
                        + dstLen + " bytes: OodleLZ_Decompress returned " + written, null, -1, "Oodle block");
            }
            if (written != dstLen) {
                throw new CorruptDataException("Oodle block of " + srcLen + " bytes decoded to " + written
                        + " bytes, expected exactly " + dstLen, null, -1, "Oodle block");
            }
            out.read(0, dst, dstOff, dstLen);
        }
    }

    @Override
    public int compressedBufferSizeNeeded(int compressor, int rawLen) {
        checkCompressor(compressor);
        if (rawLen < 0) {
            throw new IllegalArgumentException("Negative raw length " + rawLen);
        }
        long needed = require().OodleLZ_GetCompressedBufferSizeNeeded(compressor, rawLen);
        if (needed < rawLen || needed <= 0 || needed > Integer.MAX_VALUE - SLACK) {
            throw new IllegalStateException("OodleLZ_GetCompressedBufferSizeNeeded(" + compressorName(compressor)
                    + ", " + rawLen + ") returned " + needed);
        }
        return (int) needed;
    }

    @Override
    public int compress(int compressor, int level, byte[] src, int off, int len, byte[] dst, int dstOff) {
        checkCompressor(compressor);
        if (level < MIN_LEVEL || level > MAX_LEVEL) {
            throw new IllegalArgumentException("Oodle level " + level + " is outside " + MIN_LEVEL + ".." + MAX_LEVEL);
        }
        checkRange("src", src, off, len);
        checkRange("dst", dst, dstOff, 0);
        OodleApi lib = require();
        int needed = compressedBufferSizeNeeded(compressor, len);
        try (Memory in = new Memory((long) len + SLACK); Memory out = new Memory((long) needed + SLACK)) {
            in.write(0, src, off, len);
            in.setMemory(len, SLACK, (byte) 0);
            long written = lib.OodleLZ_Compress(compressor, in, len, out, level, null, null, null, null, 0);
            if (written <= 0) {
                throw new IllegalStateException("OodleLZ_Compress(" + compressorName(compressor) + ", level " + level
                        + ") of " + len + " bytes failed: returned " + written);
            }
            if (written > needed) {
                throw new IllegalStateException("OodleLZ_Compress(" + compressorName(compressor) + ") wrote " + written
                        + " bytes, more than the " + needed + " it asked for");
            }
            if (written > dst.length - dstOff) {
                throw new IllegalArgumentException("dst has room for " + (dst.length - dstOff) + " bytes at offset "
                        + dstOff + " but the compressed block is " + written + " bytes (size dst with compressedBufferSizeNeeded)");
            }
            out.read(0, dst, dstOff, (int) written);
            return (int) written;
        }
    }

    @Override
    public String toString() {
        return "NativeOodle[" + description() + "]";
    }

    private OodleApi require() {
        if (api == null) {
            throw new NativeUnavailableException(unavailable);
        }
        return api;
    }

    /** The C API's name of a compressor, e.g. {@code Kraken (8)}. */
    static String compressorName(int compressor) {
        String name = switch (compressor) {
            case KRAKEN -> "Kraken";
            case MERMAID -> "Mermaid";
            case SELKIE -> "Selkie";
            case HYDRA -> "Hydra";
            case LEVIATHAN -> "Leviathan";
            default -> "unknown compressor";
        };
        return name + " (" + compressor + ")";
    }

    private static void checkCompressor(int compressor) {
        switch (compressor) {
            case KRAKEN, MERMAID, SELKIE, HYDRA, LEVIATHAN -> {
            }
            default -> throw new IllegalArgumentException("Unknown Oodle compressor " + compressor
                    + " (Kraken 8, Mermaid 9, Selkie 11, Hydra 12, Leviathan 13)");
        }
    }

    private static void checkRange(String name, byte[] array, int off, int len) {
        Objects.requireNonNull(array, name);
        if (off < 0 || len < 0 || off > array.length - len) {
            throw new IllegalArgumentException(name + " region at offset " + off + " of length " + len
                    + " does not fit in an array of " + array.length + " bytes");
        }
    }
}
