package io.uassetd.codecs.oodle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.uassetd.codecs.error.CorruptDataException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Mutated fixture streams must either decode or fail with CorruptDataException: no other exception
 * (an ArrayIndexOutOfBoundsException here is a decoder bug), no hang, no huge allocation. Oodle
 * streams carry no checksum here, so a mutation inside stored bytes or literals may decode to
 * different bytes without error; appending bytes after the stream must still give the exact output.
 */
class OodleFuzzTest {
    private static final long SEED = 0x0D1E_5EEDL;
    private static final int MUTANTS_PER_SAMPLE = 600;

    private static List<OodleStreams.Sample> samples() {
        List<OodleStreams.Sample> out = new ArrayList<>(OodleStreams.krakenBlocks());
        String bundle = "fe5d387ce3be813ae5837a456c537450bdc21e8a80e003170800da84b172fc79";
        out.add(OodleStreams.oozextract("oodle/oozextract/testdata/" + bundle + ".bundle",
                OodleStreams.read(io.uassetd.testkit.Fixtures.path("oodle/oozextract/verify/" + bundle))));
        for (int mode : new int[] {2, 3, 5}) {
            LeviathanLiteralModesTest.Built b = LeviathanLiteralModesTest.build(mode, true, 7 + mode);
            out.add(new OodleStreams.Sample("synthetic Leviathan mode " + mode, b.stream(), 0, b.expected()));
        }
        for (String codec : new String[] {"kraken", "mermaid", "selkie", "leviathan"}) {
            OodleStreams.Sample s = OodleStreams.oozextract("oodle/oozextract/testdata/xml." + codec, null);
            byte[] head = prefix(s, 3);
            out.add(head == null ? s : new OodleStreams.Sample(s.name() + " (first 3 blocks)", head, 0,
                    expectedPrefix(s, 3)));
        }
        return out;
    }

    /** The first {@code blocks} 256 KiB blocks of a long stream, found by decoding block by block. */
    private static byte[] prefix(OodleStreams.Sample s, int blocks) {
        byte[] data = Arrays.copyOfRange(s.data(), s.offset(), s.data().length);
        int want = blocks * 0x40000;
        byte[] out = new byte[want];
        for (int len = 16; len <= data.length; len += 16) {
            try {
                OodleDecoder.decompress(data, 0, len, out, 0, want);
                return Arrays.copyOf(data, len);
            } catch (CorruptDataException e) {
                // needs more input
            }
        }
        return null;
    }

    private static byte[] expectedPrefix(OodleStreams.Sample s, int blocks) {
        byte[] full = new byte[(int) OodleStreams.le(s.data(), 0, s.offset())];
        OodleDecoder.decompress(s.data(), s.offset(), s.length(), full, 0, full.length);
        return Arrays.copyOf(full, blocks * 0x40000);
    }

    @Test
    void mutatedStreamsDecodeOrFailCleanly() {
        Random rnd = new Random(SEED);
        List<OodleStreams.Sample> samples = samples();
        int ok = 0;
        int corrupt = 0;
        for (OodleStreams.Sample s : samples) {
            byte[] base = Arrays.copyOfRange(s.data(), s.offset(), s.data().length);
            assertThat(decodeOrNull(base, base.length, s.expected().length)).as(s.name()).isEqualTo(s.expected());
            for (int i = 0; i < MUTANTS_PER_SAMPLE; i++) {
                byte[] m = base.clone();
                int len = m.length;
                int outLen = s.expected().length;
                int kind = rnd.nextInt(7);
                byte[] src = m;
                switch (kind) {
                    case 0 -> {
                        int pos = biased(rnd, m.length);
                        m[pos] ^= (byte) (1 << rnd.nextInt(8));
                    }
                    case 1 -> {
                        int n = 1 + rnd.nextInt(4);
                        for (int k = 0; k < n; k++) {
                            m[biased(rnd, m.length)] = (byte) rnd.nextInt(256);
                        }
                    }
                    case 2 -> len = rnd.nextInt(m.length);
                    case 3 -> outLen = Math.max(0, outLen + rnd.nextInt(2001) - 1000);
                    case 4 -> {
                        int pos = rnd.nextInt(m.length);
                        int n = Math.min(m.length - pos, 1 + rnd.nextInt(64));
                        byte v = rnd.nextBoolean() ? 0 : (byte) 0xFF;
                        Arrays.fill(m, pos, pos + n, v);
                    }
                    case 5 -> {
                        src = Arrays.copyOf(m, m.length + 1 + rnd.nextInt(64));
                        for (int k = m.length; k < src.length; k++) {
                            src[k] = (byte) rnd.nextInt(256);
                        }
                        len = src.length;
                    }
                    default -> {
                        int pos = biased(rnd, m.length);
                        m[pos] = (byte) (m[pos] + (rnd.nextBoolean() ? 1 : -1));
                        if (rnd.nextBoolean()) {
                            len = Math.max(0, len - rnd.nextInt(32));
                        }
                    }
                }
                final int fLen = len;
                final int fOut = outLen;
                final byte[] fSrc = src;
                byte[] r = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> decodeOrNull(fSrc, fLen, fOut),
                        s.name() + " mutant " + i);
                if (kind == 5) {
                    assertThat(r).as(s.name() + " with trailing bytes, mutant " + i).isEqualTo(s.expected());
                }
                if (r == null) {
                    corrupt++;
                } else {
                    ok++;
                }
            }
        }
        assertThat(ok + corrupt).isEqualTo(samples.size() * MUTANTS_PER_SAMPLE);
        assertThat(corrupt).isPositive();
    }

    /** Mostly the first few hundred bytes (headers and tables), sometimes anywhere. */
    private static int biased(Random rnd, int n) {
        return rnd.nextInt(3) == 0 ? rnd.nextInt(n) : rnd.nextInt(Math.min(n, 512));
    }

    private static byte[] decodeOrNull(byte[] src, int len, int outLen) {
        byte[] out = new byte[outLen + 8];
        try {
            OodleDecoder.decompress(src, 0, len, out, 4, outLen);
            return Arrays.copyOfRange(out, 4, 4 + outLen);
        } catch (CorruptDataException e) {
            assertThat(e.getMessage()).contains("offset");
            return null;
        }
    }
}
