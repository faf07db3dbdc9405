package io.uassetd.codecs.compression;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.error.CorruptDataException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class DecoderRaceTest {
    static OodleCodec.Decoder copier(AtomicInteger calls, long delayNanos, byte tag) {
        return (src, so, sl, dst, d0, dl) -> {
            calls.incrementAndGet();
            long until = System.nanoTime() + delayNanos;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            java.util.Arrays.fill(dst, d0, d0 + dl, tag);
        };
    }

    @Test
    void theFasterDecoderWinsAfterTheTrials() {
        AtomicInteger slow = new AtomicInteger();
        AtomicInteger fast = new AtomicInteger();
        DecoderRace race = new DecoderRace(copier(slow, 2_000_000, (byte) 1), "slow", copier(fast, 0, (byte) 2), "fast");
        byte[] out = new byte[4096];
        for (int i = 0; i < 100; i++) {
            race.decompress(new byte[1], 0, 1, out, 0, out.length);
        }
        assertThat(race.describe()).startsWith("fast");
        assertThat(slow.get()).isEqualTo(DecoderRace.TRIALS / 2);
        assertThat(fast.get()).isEqualTo(100 - DecoderRace.TRIALS / 2);
        assertThat(out[0]).isEqualTo((byte) 2);
    }

    @Test
    void aStreamOneDecoderRefusesGoesToTheOther() {
        AtomicInteger other = new AtomicInteger();
        OodleCodec.Decoder refusing = (src, so, sl, dst, d0, dl) -> {
            throw new CorruptDataException("unsupported variant");
        };
        DecoderRace race = new DecoderRace(refusing, "a", copier(other, 0, (byte) 7), "b");
        byte[] out = new byte[16];
        race.decompress(new byte[1], 0, 1, out, 0, out.length);
        assertThat(out[0]).isEqualTo((byte) 7);
        assertThat(other.get()).isEqualTo(1);
    }
}
