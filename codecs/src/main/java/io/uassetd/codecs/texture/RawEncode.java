package io.uassetd.codecs.texture;

/** Encoders of the uncompressed formats. */
final class RawEncode {
    private RawEncode() {
    }

    static byte[] encode(PixelFormat f, Image im) {
        int n = im.width() * im.height();
        switch (f) {
            case PF_B8G8R8A8:
            case PF_R8G8B8A8: {
                byte[] s = im.toRgba8().bytes();
                byte[] out = new byte[n * 4];
                boolean bgra = f == PixelFormat.PF_B8G8R8A8;
                for (int i = 0; i < out.length; i += 4) {
                    out[i] = s[bgra ? i + 2 : i];
                    out[i + 1] = s[i + 1];
                    out[i + 2] = s[bgra ? i : i + 2];
                    out[i + 3] = s[i + 3];
                }
                return out;
            }
            case PF_G8:
            case PF_L8:
            case PF_R8:
            case PF_A8: {
                byte[] s = im.toRgba8().bytes();
                int c = f == PixelFormat.PF_A8 ? 3 : 0;
                byte[] out = new byte[n];
                for (int i = 0; i < n; i++) {
                    out[i] = s[4 * i + c];
                }
                return out;
            }
            case PF_R8G8: {
                byte[] s = im.toRgba8().bytes();
                byte[] out = new byte[n * 2];
                for (int i = 0; i < n; i++) {
                    out[2 * i] = s[4 * i];
                    out[2 * i + 1] = s[4 * i + 1];
                }
                return out;
            }
            case PF_G16: {
                short[] s = im.toRgba16().shorts();
                byte[] out = new byte[n * 2];
                for (int i = 0; i < n; i++) {
                    put16(out, 2 * i, s[4 * i]);
                }
                return out;
            }
            case PF_R16G16B16A16_UNORM:
            case PF_A16B16G16R16: {
                short[] s = im.toRgba16().shorts();
                byte[] out = new byte[n * 8];
                for (int i = 0; i < n * 4; i++) {
                    put16(out, 2 * i, s[i]);
                }
                return out;
            }
            case PF_R16F:
            case PF_R16F_FILTER: {
                float[] s = im.toRgbaFloat().floats();
                byte[] out = new byte[n * 2];
                for (int i = 0; i < n; i++) {
                    put16(out, 2 * i, Half.fromFloat(s[4 * i]));
                }
                return out;
            }
            case PF_FloatRGBA: {
                float[] s = im.toRgbaFloat().floats();
                byte[] out = new byte[n * 8];
                for (int i = 0; i < n * 4; i++) {
                    put16(out, 2 * i, Half.fromFloat(s[i]));
                }
                return out;
            }
            case PF_R32_FLOAT: {
                float[] s = im.toRgbaFloat().floats();
                byte[] out = new byte[n * 4];
                for (int i = 0; i < n; i++) {
                    put32(out, 4 * i, Float.floatToRawIntBits(s[4 * i]));
                }
                return out;
            }
            case PF_A32B32G32R32F: {
                float[] s = im.toRgbaFloat().floats();
                byte[] out = new byte[n * 16];
                for (int i = 0; i < n * 4; i++) {
                    put32(out, 4 * i, Float.floatToRawIntBits(s[i]));
                }
                return out;
            }
            default:
                throw new IllegalStateException(f.name());
        }
    }

    static void put16(byte[] b, int o, int v) {
        b[o] = (byte) v;
        b[o + 1] = (byte) (v >> 8);
    }

    static void put32(byte[] b, int o, int v) {
        b[o] = (byte) v;
        b[o + 1] = (byte) (v >> 8);
        b[o + 2] = (byte) (v >> 16);
        b[o + 3] = (byte) (v >> 24);
    }
}
