package io.uassetd.codecs.texture;

import java.util.Objects;

/**
 * A decoded 2D image, top row first, 4 channels per pixel in R, G, B, A order. Exactly one of three
 * sample arrays holds the pixels, chosen by {@link #kind()}: {@link Kind#RGBA8} ({@code byte[]}, 0..255),
 * {@link Kind#RGBA16} ({@code short[]}, unsigned 0..65535) or {@link Kind#RGBA_FLOAT} ({@code float[]},
 * linear, unclamped — HDR formats). The conversions return {@code this} when the kind already matches.
 */
public final class Image {
    /** How the samples are stored. */
    public enum Kind { RGBA8, RGBA16, RGBA_FLOAT }

    private final int width;
    private final int height;
    private final Kind kind;
    private final byte[] rgba8;
    private final short[] rgba16;
    private final float[] rgbaF;

    private Image(int width, int height, Kind kind, byte[] b, short[] s, float[] f) {
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("image size " + width + "x" + height);
        }
        long n = (long) width * height * 4;
        long len = b != null ? b.length : s != null ? s.length : f.length;
        if (len != n) {
            throw new IllegalArgumentException("image " + width + "x" + height + " needs " + n + " samples, got " + len);
        }
        this.width = width;
        this.height = height;
        this.kind = kind;
        this.rgba8 = b;
        this.rgba16 = s;
        this.rgbaF = f;
    }

    public static Image rgba8(int width, int height, byte[] rgba) {
        return new Image(width, height, Kind.RGBA8, Objects.requireNonNull(rgba), null, null);
    }

    public static Image rgba16(int width, int height, short[] rgba) {
        return new Image(width, height, Kind.RGBA16, null, Objects.requireNonNull(rgba), null);
    }

    public static Image rgbaFloat(int width, int height, float[] rgba) {
        return new Image(width, height, Kind.RGBA_FLOAT, null, null, Objects.requireNonNull(rgba));
    }

    /** A new zeroed RGBA8 image. */
    public static Image blank8(int width, int height) {
        return rgba8(width, height, new byte[Math.multiplyExact(Math.multiplyExact(width, height), 4)]);
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    public Kind kind() {
        return kind;
    }

    public boolean isHdr() {
        return kind == Kind.RGBA_FLOAT;
    }

    /** The RGBA8 samples (the backing array, not a copy); only for {@link Kind#RGBA8}. */
    public byte[] bytes() {
        if (rgba8 == null) {
            throw new IllegalStateException("image is " + kind + ", not RGBA8");
        }
        return rgba8;
    }

    /** The RGBA16 samples (the backing array); only for {@link Kind#RGBA16}. */
    public short[] shorts() {
        if (rgba16 == null) {
            throw new IllegalStateException("image is " + kind + ", not RGBA16");
        }
        return rgba16;
    }

    /** The float samples (the backing array); only for {@link Kind#RGBA_FLOAT}. */
    public float[] floats() {
        if (rgbaF == null) {
            throw new IllegalStateException("image is " + kind + ", not RGBA_FLOAT");
        }
        return rgbaF;
    }

    /**
     * This image as RGBA8: 16-bit samples are rounded to 8 bits; float samples are clamped to [0, 1]
     * (a tone clamp, no curve) and scaled to 0..255.
     */
    public Image toRgba8() {
        switch (kind) {
            case RGBA8:
                return this;
            case RGBA16: {
                byte[] out = new byte[rgba16.length];
                for (int i = 0; i < out.length; i++) {
                    out[i] = (byte) (((rgba16[i] & 0xFFFF) * 255 + 32895) / 65535);
                }
                return rgba8(width, height, out);
            }
            default: {
                byte[] out = new byte[rgbaF.length];
                for (int i = 0; i < out.length; i++) {
                    out[i] = (byte) unitTo8(rgbaF[i]);
                }
                return rgba8(width, height, out);
            }
        }
    }

    /** This image as RGBA16 (8-bit samples times 257; floats clamped to [0, 1]). */
    public Image toRgba16() {
        switch (kind) {
            case RGBA16:
                return this;
            case RGBA8: {
                short[] out = new short[rgba8.length];
                for (int i = 0; i < out.length; i++) {
                    out[i] = (short) ((rgba8[i] & 0xFF) * 257);
                }
                return rgba16(width, height, out);
            }
            default: {
                short[] out = new short[rgbaF.length];
                for (int i = 0; i < out.length; i++) {
                    float v = rgbaF[i];
                    out[i] = (short) (v != v || v <= 0 ? 0 : v >= 1 ? 65535 : (int) (v * 65535f + 0.5f));
                }
                return rgba16(width, height, out);
            }
        }
    }

    /** This image as floats (8 and 16-bit samples divided by 255 / 65535, no colour-space change). */
    public Image toRgbaFloat() {
        switch (kind) {
            case RGBA_FLOAT:
                return this;
            case RGBA8: {
                float[] out = new float[rgba8.length];
                for (int i = 0; i < out.length; i++) {
                    out[i] = (rgba8[i] & 0xFF) / 255f;
                }
                return rgbaFloat(width, height, out);
            }
            default: {
                float[] out = new float[rgba16.length];
                for (int i = 0; i < out.length; i++) {
                    out[i] = (rgba16[i] & 0xFFFF) / 65535f;
                }
                return rgbaFloat(width, height, out);
            }
        }
    }

    /** Whether every alpha sample is fully opaque. */
    public boolean isOpaque() {
        switch (kind) {
            case RGBA8:
                for (int i = 3; i < rgba8.length; i += 4) {
                    if (rgba8[i] != (byte) 255) {
                        return false;
                    }
                }
                return true;
            case RGBA16:
                for (int i = 3; i < rgba16.length; i += 4) {
                    if (rgba16[i] != (short) 0xFFFF) {
                        return false;
                    }
                }
                return true;
            default:
                for (int i = 3; i < rgbaF.length; i += 4) {
                    if (!(rgbaF[i] >= 1f)) {
                        return false;
                    }
                }
                return true;
        }
    }

    /** Whether R == G == B everywhere. */
    public boolean isGray() {
        Image im = kind == Kind.RGBA_FLOAT ? this : toRgba16();
        if (im.kind == Kind.RGBA16) {
            short[] s = im.rgba16;
            for (int i = 0; i < s.length; i += 4) {
                if (s[i] != s[i + 1] || s[i] != s[i + 2]) {
                    return false;
                }
            }
            return true;
        }
        for (int i = 0; i < rgbaF.length; i += 4) {
            if (rgbaF[i] != rgbaF[i + 1] || rgbaF[i] != rgbaF[i + 2]) {
                return false;
            }
        }
        return true;
    }

    /** A copy of the rectangle at ({@code x}, {@code y}) of {@code w x h} pixels, same kind. */
    public Image crop(int x, int y, int w, int h) {
        if (x < 0 || y < 0 || w <= 0 || h <= 0 || x + w > width || y + h > height) {
            throw new IllegalArgumentException("crop " + x + "," + y + " " + w + "x" + h + " outside " + width + "x" + height);
        }
        switch (kind) {
            case RGBA8: {
                byte[] out = new byte[w * h * 4];
                for (int r = 0; r < h; r++) {
                    System.arraycopy(rgba8, ((y + r) * width + x) * 4, out, r * w * 4, w * 4);
                }
                return rgba8(w, h, out);
            }
            case RGBA16: {
                short[] out = new short[w * h * 4];
                for (int r = 0; r < h; r++) {
                    System.arraycopy(rgba16, ((y + r) * width + x) * 4, out, r * w * 4, w * 4);
                }
                return rgba16(w, h, out);
            }
            default: {
                float[] out = new float[w * h * 4];
                for (int r = 0; r < h; r++) {
                    System.arraycopy(rgbaF, ((y + r) * width + x) * 4, out, r * w * 4, w * 4);
                }
                return rgbaFloat(w, h, out);
            }
        }
    }

    static int unitTo8(float v) {
        if (!(v > 0)) {
            return 0;
        }
        if (v >= 1) {
            return 255;
        }
        return (int) (v * 255f + 0.5f);
    }
}
