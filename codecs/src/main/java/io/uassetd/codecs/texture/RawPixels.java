package io.uassetd.codecs.texture;

import io.uassetd.codecs.error.UnsupportedVersionException;

/** Decoders of the uncompressed (1x1 block) formats, little-endian as the GPU stores them. */
final class RawPixels {
    private RawPixels() {
    }

    static Image decode(PixelFormat f, byte[] d, int o, int w, int h, DecodeOptions opt) {
        int n = w * h;
        switch (f) {
            case PF_B8G8R8A8: {
                byte[] out = new byte[n * 4];
                for (int i = 0, p = o; i < out.length; i += 4, p += 4) {
                    out[i] = d[p + 2];
                    out[i + 1] = d[p + 1];
                    out[i + 2] = d[p];
                    out[i + 3] = d[p + 3];
                }
                return Image.rgba8(w, h, out);
            }
            case PF_R8G8B8A8: {
                byte[] out = new byte[n * 4];
                System.arraycopy(d, o, out, 0, n * 4);
                return Image.rgba8(w, h, out);
            }
            case PF_G8:
            case PF_L8:
            case PF_R8: {
                byte[] out = new byte[n * 4];
                for (int i = 0; i < n; i++) {
                    byte v = d[o + i];
                    out[4 * i] = v;
                    out[4 * i + 1] = v;
                    out[4 * i + 2] = v;
                    out[4 * i + 3] = (byte) 255;
                }
                return Image.rgba8(w, h, out);
            }
            case PF_A8: {
                byte[] out = new byte[n * 4];
                for (int i = 0; i < n; i++) {
                    out[4 * i] = (byte) 255;
                    out[4 * i + 1] = (byte) 255;
                    out[4 * i + 2] = (byte) 255;
                    out[4 * i + 3] = d[o + i];
                }
                return Image.rgba8(w, h, out);
            }
            case PF_R8G8: {
                byte[] out = new byte[n * 4];
                for (int i = 0; i < n; i++) {
                    int r = d[o + 2 * i] & 0xFF, g = d[o + 2 * i + 1] & 0xFF;
                    out[4 * i] = (byte) r;
                    out[4 * i + 1] = (byte) g;
                    out[4 * i + 2] = opt.reconstructZ() ? BcBlocks.Z_TABLE[r << 8 | g] : 0;
                    out[4 * i + 3] = (byte) 255;
                }
                return Image.rgba8(w, h, out);
            }
            case PF_G16: {
                short[] out = new short[n * 4];
                for (int i = 0; i < n; i++) {
                    short v = (short) BcBlocks.u16(d, o + 2 * i);
                    out[4 * i] = v;
                    out[4 * i + 1] = v;
                    out[4 * i + 2] = v;
                    out[4 * i + 3] = (short) 0xFFFF;
                }
                return Image.rgba16(w, h, out);
            }
            case PF_G16R16: {
                short[] out = new short[n * 4];
                for (int i = 0; i < n; i++) {
                    int r = BcBlocks.u16(d, o + 4 * i), g = BcBlocks.u16(d, o + 4 * i + 2);
                    out[4 * i] = (short) r;
                    out[4 * i + 1] = (short) g;
                    out[4 * i + 2] = opt.reconstructZ() ? (short) z16(r, g) : 0;
                    out[4 * i + 3] = (short) 0xFFFF;
                }
                return Image.rgba16(w, h, out);
            }
            case PF_A16B16G16R16:
            case PF_R16G16B16A16_UNORM: {
                short[] out = new short[n * 4];
                for (int i = 0; i < n * 4; i++) {
                    out[i] = (short) BcBlocks.u16(d, o + 2 * i);
                }
                return Image.rgba16(w, h, out);
            }
            case PF_A2B10G10R10: {
                short[] out = new short[n * 4];
                for (int i = 0; i < n; i++) {
                    int v = BcBlocks.i32(d, o + 4 * i);
                    out[4 * i] = (short) u10to16(v & 1023);
                    out[4 * i + 1] = (short) u10to16(v >> 10 & 1023);
                    out[4 * i + 2] = (short) u10to16(v >> 20 & 1023);
                    out[4 * i + 3] = (short) ((v >>> 30) * 0x5555);
                }
                return Image.rgba16(w, h, out);
            }
            case PF_R5G6B5_UNORM: {
                byte[] out = new byte[n * 4];
                for (int i = 0; i < n; i++) {
                    int v = BcBlocks.u16(d, o + 2 * i);
                    int r = v >> 11 & 31, g = v >> 5 & 63, b = v & 31;
                    out[4 * i] = (byte) (r << 3 | r >> 2);
                    out[4 * i + 1] = (byte) (g << 2 | g >> 4);
                    out[4 * i + 2] = (byte) (b << 3 | b >> 2);
                    out[4 * i + 3] = (byte) 255;
                }
                return Image.rgba8(w, h, out);
            }
            case PF_B5G5R5A1_UNORM: {
                byte[] out = new byte[n * 4];
                for (int i = 0; i < n; i++) {
                    int v = BcBlocks.u16(d, o + 2 * i);
                    int b = v & 31, g = v >> 5 & 31, r = v >> 10 & 31;
                    out[4 * i] = (byte) (r << 3 | r >> 2);
                    out[4 * i + 1] = (byte) (g << 3 | g >> 2);
                    out[4 * i + 2] = (byte) (b << 3 | b >> 2);
                    out[4 * i + 3] = (byte) ((v >> 15) * 255);
                }
                return Image.rgba8(w, h, out);
            }
            case PF_R16F:
            case PF_R16F_FILTER: {
                float[] out = new float[n * 4];
                for (int i = 0; i < n; i++) {
                    float v = Half.toFloat(BcBlocks.u16(d, o + 2 * i));
                    out[4 * i] = v;
                    out[4 * i + 1] = v;
                    out[4 * i + 2] = v;
                    out[4 * i + 3] = 1f;
                }
                return Image.rgbaFloat(w, h, out);
            }
            case PF_G16R16F:
            case PF_G16R16F_FILTER: {
                float[] out = new float[n * 4];
                for (int i = 0; i < n; i++) {
                    out[4 * i] = Half.toFloat(BcBlocks.u16(d, o + 4 * i));
                    out[4 * i + 1] = Half.toFloat(BcBlocks.u16(d, o + 4 * i + 2));
                    out[4 * i + 3] = 1f;
                }
                return Image.rgbaFloat(w, h, out);
            }
            case PF_FloatRGBA: {
                float[] out = new float[n * 4];
                for (int i = 0; i < n * 4; i++) {
                    out[i] = Half.toFloat(BcBlocks.u16(d, o + 2 * i));
                }
                return Image.rgbaFloat(w, h, out);
            }
            case PF_R32_FLOAT: {
                float[] out = new float[n * 4];
                for (int i = 0; i < n; i++) {
                    float v = Float.intBitsToFloat(BcBlocks.i32(d, o + 4 * i));
                    out[4 * i] = v;
                    out[4 * i + 1] = v;
                    out[4 * i + 2] = v;
                    out[4 * i + 3] = 1f;
                }
                return Image.rgbaFloat(w, h, out);
            }
            case PF_G32R32F: {
                float[] out = new float[n * 4];
                for (int i = 0; i < n; i++) {
                    out[4 * i] = Float.intBitsToFloat(BcBlocks.i32(d, o + 8 * i));
                    out[4 * i + 1] = Float.intBitsToFloat(BcBlocks.i32(d, o + 8 * i + 4));
                    out[4 * i + 3] = 1f;
                }
                return Image.rgbaFloat(w, h, out);
            }
            case PF_A32B32G32R32F: {
                float[] out = new float[n * 4];
                for (int i = 0; i < n * 4; i++) {
                    out[i] = Float.intBitsToFloat(BcBlocks.i32(d, o + 4 * i));
                }
                return Image.rgbaFloat(w, h, out);
            }
            case PF_R32G32B32F: {
                float[] out = new float[n * 4];
                for (int i = 0; i < n; i++) {
                    for (int c = 0; c < 3; c++) {
                        out[4 * i + c] = Float.intBitsToFloat(BcBlocks.i32(d, o + 12 * i + 4 * c));
                    }
                    out[4 * i + 3] = 1f;
                }
                return Image.rgbaFloat(w, h, out);
            }
            case PF_FloatRGB:
            case PF_FloatR11G11B10: {
                float[] out = new float[n * 4];
                for (int i = 0; i < n; i++) {
                    int v = BcBlocks.i32(d, o + 4 * i);
                    out[4 * i] = Half.toFloat((v & 0x7FF) << 4);
                    out[4 * i + 1] = Half.toFloat((v >> 11 & 0x7FF) << 4);
                    out[4 * i + 2] = Half.toFloat((v >>> 22) << 5);
                    out[4 * i + 3] = 1f;
                }
                return Image.rgbaFloat(w, h, out);
            }
            case PF_R9G9B9EXP5: {
                float[] out = new float[n * 4];
                for (int i = 0; i < n; i++) {
                    int v = BcBlocks.i32(d, o + 4 * i);
                    float scale = (float) Math.scalb(1.0, (v >>> 27) - 15 - 9);
                    out[4 * i] = (v & 511) * scale;
                    out[4 * i + 1] = (v >> 9 & 511) * scale;
                    out[4 * i + 2] = (v >> 18 & 511) * scale;
                    out[4 * i + 3] = 1f;
                }
                return Image.rgbaFloat(w, h, out);
            }
            default:
                throw new UnsupportedVersionException("No decoder for pixel format " + f.name(), null, -1, f.name());
        }
    }

    private static int u10to16(int v) {
        return (v * 65535 + 511) / 1023;
    }

    private static int z16(int r, int g) {
        double x = r / 32767.5 - 1, y = g / 32767.5 - 1;
        double z = Math.sqrt(Math.max(0, 1 - x * x - y * y));
        return (int) Math.round((z + 1) * 32767.5);
    }
}
