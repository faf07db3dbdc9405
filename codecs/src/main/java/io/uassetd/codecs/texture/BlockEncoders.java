package io.uassetd.codecs.texture;

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

    static byte[] encode(PixelFormat f, Image im, EncodeOptions opt) {
        int w = im.width(), h = im.height();
        int bx = (w + 3) / 4, by = (h + 3) / 4;
        int bb = f.bytesPerBlock();
        byte[] out = new byte[Math.multiplyExact(Math.multiplyExact(bx, by), bb)];
        if (f == PixelFormat.PF_BC6H) {
            float[] px = im.toRgbaFloat().floats();
            float[] blk = new float[64];
            Bc6hEncoder enc = new Bc6hEncoder(opt);
            int o = 0;
            for (int y = 0; y < by; y++) {
                for (int x = 0; x < bx; x++, o += bb) {
                    for (int j = 0; j < 16; j++) {
                        int sx = Math.min(x * 4 + (j & 3), w - 1), sy = Math.min(y * 4 + (j >> 2), h - 1);
                        System.arraycopy(px, (sy * w + sx) * 4, blk, j * 4, 4);
                    }
                    enc.encode(blk, out, o);
                }
            }
            return out;
        }
        byte[] px = im.toRgba8().bytes();
        int[] blk = new int[64];
        BcEncoder bc = new BcEncoder(opt);
        Bc7Encoder bc7 = f == PixelFormat.PF_BC7 ? new Bc7Encoder(opt) : null;
        int o = 0;
        for (int y = 0; y < by; y++) {
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
        return out;
    }
}
