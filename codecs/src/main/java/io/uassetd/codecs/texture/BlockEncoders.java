package io.uassetd.codecs.texture;

import java.util.stream.IntStream;
import io.uassetd.codecs.error.UnsupportedVersionException;

/** Runs a block encoder over an image: pads partial edge blocks by repeating the last row/column. */
final class BlockEncoders {
    private BlockEncoders() {
    }

    static boolean available(PixelFormat f) {
        switch (f) {
            case PF_DXT1:
            case PF_DXT5:
            case PF_BC4:
            case PF_BC5:
                return true;
            case PF_BC7:
                return Bc7Encoder.AVAILABLE;
            case PF_BC6H:
                return Bc6hEncoder.AVAILABLE;
            default:
                return false;
        }
    }

    /** Fewest blocks for which {@link EncodeOptions#parallel()} spreads the work over threads. */
    static final int PARALLEL_BLOCKS = 256;
    /** Block rows per parallel task. */
    private static final int ROWS_PER_TASK = 4;

    static byte[] encode(PixelFormat f, Image im, EncodeOptions opt) {
        if (!available(f)) {
            throw new UnsupportedVersionException("No encoder for pixel format " + f.name());
        }
        int w = im.width(), h = im.height();
        int bx = (w + 3) / 4, by = (h + 3) / 4;
        int bb = f.bytesPerBlock();
        byte[] out = new byte[Math.multiplyExact(Math.multiplyExact(bx, by), bb)];
        if (f == PixelFormat.PF_BC6H) {
            new Bc6hEncoder(opt); // rejects unsupported options here, on the caller's thread
        }
        float[] pf = f == PixelFormat.PF_BC6H ? im.toRgbaFloat().floats() : null;
        byte[] p8 = pf == null ? im.toRgba8().bytes() : null;
        boolean parallel = opt.parallel() && (long) bx * by >= PARALLEL_BLOCKS && by > ROWS_PER_TASK
                && Runtime.getRuntime().availableProcessors() > 1;
        if (!parallel) {
            rows(f, pf, p8, w, h, opt, out, 0, by);
        } else {
            // every task has its own block encoder and writes only its own rows of blocks: same bytes as serial
            int tasks = (by + ROWS_PER_TASK - 1) / ROWS_PER_TASK;
            IntStream.range(0, tasks).parallel().forEach(t ->
                    rows(f, pf, p8, w, h, opt, out, t * ROWS_PER_TASK, Math.min(by, (t + 1) * ROWS_PER_TASK)));
        }
        return out;
    }

    /** Encodes block rows y0 (inclusive) to y1 (exclusive) of the surface into out. */
    private static void rows(PixelFormat f, float[] pf, byte[] px, int w, int h, EncodeOptions opt, byte[] out, int y0, int y1) {
        int bx = (w + 3) / 4;
        int bb = f.bytesPerBlock();
        if (f == PixelFormat.PF_BC6H) {
            float[] blk = new float[64];
            Bc6hEncoder enc = new Bc6hEncoder(opt);
            int o = y0 * bx * bb;
            for (int y = y0; y < y1; y++) {
                for (int x = 0; x < bx; x++, o += bb) {
                    for (int j = 0; j < 16; j++) {
                        int sx = Math.min(x * 4 + (j & 3), w - 1), sy = Math.min(y * 4 + (j >> 2), h - 1);
                        System.arraycopy(pf, (sy * w + sx) * 4, blk, j * 4, 4);
                    }
                    enc.encode(blk, out, o);
                }
            }
            return;
        }
        int[] blk = new int[64];
        BcEncoder bc = new BcEncoder(opt);
        Bc7Encoder bc7 = f == PixelFormat.PF_BC7 ? new Bc7Encoder(opt) : null;
        int o = y0 * bx * bb;
        for (int y = y0; y < y1; y++) {
            for (int x = 0; x < bx; x++, o += bb) {
                for (int j = 0; j < 16; j++) {
                    int sx = Math.min(x * 4 + (j & 3), w - 1), sy = Math.min(y * 4 + (j >> 2), h - 1);
                    int p = (sy * w + sx) * 4;
                    blk[j * 4] = px[p] & 0xFF;
                    blk[j * 4 + 1] = px[p + 1] & 0xFF;
                    blk[j * 4 + 2] = px[p + 2] & 0xFF;
                    blk[j * 4 + 3] = px[p + 3] & 0xFF;
                }
                switch (f) {
                    case PF_DXT1:
                        bc.color(blk, out, o, true);
                        break;
                    case PF_DXT5:
                        bc.channel(blk, 3, out, o);
                        bc.color(blk, out, o + 8, false);
                        break;
                    case PF_BC4:
                        bc.channel(blk, 0, out, o);
                        break;
                    case PF_BC5:
                        bc.channel(blk, 0, out, o);
                        bc.channel(blk, 1, out, o + 8);
                        break;
                    case PF_BC7:
                        bc7.encode(blk, out, o);
                        break;
                    default:
                        throw new UnsupportedVersionException("No encoder for pixel format " + f.name());
                }
            }
        }
    }
}
