package io.uassetd.codecs.compression;

import io.uassetd.codecs.error.FormatException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Chooses between two exact decoders of the same format by measuring them on real work: the first
 * {@link #TRIALS} calls alternate between them and record nanoseconds per output byte; afterwards
 * every call goes to the faster. If the preferred one refuses a stream (a variant it does not
 * support) the other is tried, so picking a decoder never loses a block. Thread-safe.
 */
final class DecoderRace {
    static final int TRIALS = 16;

    private final OodleCodec.Decoder[] decoders;
    private final String[] names;
    private final AtomicInteger calls = new AtomicInteger();
    private final AtomicLongArray nanos = new AtomicLongArray(2);
    private final AtomicLongArray bytes = new AtomicLongArray(2);
    private volatile int winner = -1;

    DecoderRace(OodleCodec.Decoder first, String firstName, OodleCodec.Decoder second, String secondName) {
        this.decoders = new OodleCodec.Decoder[] {first, second};
        this.names = new String[] {firstName, secondName};
    }

    void decompress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int dstLen) {
        int w = winner;
        int pick;
        if (w >= 0) {
            pick = w;
        } else {
            int n = calls.getAndIncrement();
            pick = n & 1;
            if (n >= TRIALS) {
                w = decide();
                pick = w;
            }
        }
        long t0 = System.nanoTime();
        try {
            decoders[pick].decompress(src, srcOff, srcLen, dst, dstOff, dstLen);
        } catch (FormatException | UnsupportedOperationException e) {
            decoders[1 - pick].decompress(src, srcOff, srcLen, dst, dstOff, dstLen);
            return;
        }
        if (winner < 0) {
            nanos.addAndGet(pick, System.nanoTime() - t0);
            bytes.addAndGet(pick, dstLen);
        }
    }

    private int decide() {
        double a = rate(0);
        double b = rate(1);
        int w = b < a ? 1 : 0;
        winner = w;
        return w;
    }

    private double rate(int i) {
        long b = bytes.get(i);
        return b == 0 ? Double.MAX_VALUE : (double) nanos.get(i) / b;
    }

    /** Which decoder is in use, or that the race is still on. */
    String describe() {
        int w = winner;
        return w < 0 ? "measuring " + names[0] + " vs " + names[1] : names[w] + " (measured faster than " + names[1 - w] + ")";
    }
}
