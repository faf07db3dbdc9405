package io.uassetd.codecs.texture.image;

import io.uassetd.codecs.io.MemoryBudget;
import java.util.Arrays;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.texture.Image;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * PNG (ISO/IEC 15948) reader and writer. Reads every colour type (grey, RGB, palette, grey+alpha, RGBA)
 * at every bit depth (1, 2, 4, 8, 16), tRNS transparency, Adam7 interlacing; 16-bit files become
 * RGBA16 images, the rest RGBA8. Writes 8 or 16 bits per channel, choosing grey / grey+alpha / RGB /
 * RGBA from the content, with a per-row adaptive filter.
 */
public final class Png {
    static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

    private Png() {
    }

    /** Whether {@code data} starts with the PNG signature. */
    public static boolean matches(byte[] data) {
        if (data.length < 8) {
            return false;
        }
        for (int i = 0; i < 8; i++) {
            if (data[i] != SIGNATURE[i]) {
                return false;
            }
        }
        return true;
    }

    /** Decodes a PNG file; {@code name} is used in error messages. */
    public static Image read(byte[] d, String name) {
        if (!matches(d)) {
            throw new CorruptDataException("Not a PNG file (bad signature)", name, 0, "PNG signature");
        }
        int pos = 8;
        int width = -1, height = 0, depth = 0, ctype = 0, interlace = 0;
        byte[] palette = null;
        byte[] trns = null;
        Inflater inf = new Inflater();
        ByteArrayOutputStream raw = null;
        byte[] rawBuf = null;
        int rawLen = 0;
        boolean end = false;
        try {
            while (!end) {
                if (pos + 8 > d.length) {
                    throw new TruncatedDataException("PNG ends before IEND", name, pos, "PNG chunk");
                }
                int len = be32(d, pos);
                String type = new String(d, pos + 4, 4, StandardCharsets.ISO_8859_1);
                if (len < 0 || (long) pos + 12 + len > d.length) {
                    throw new TruncatedDataException("PNG chunk " + type + " of " + (len & 0xFFFFFFFFL) + " bytes runs past the end",
                            name, pos, "PNG chunk " + type);
                }
                CRC32 crc = new CRC32();
                crc.update(d, pos + 4, 4 + len);
                if ((int) crc.getValue() != be32(d, pos + 8 + len)) {
                    throw new CorruptDataException("PNG chunk " + type + " has a bad CRC", name, pos, "PNG chunk " + type);
                }
                int body = pos + 8;
                switch (type) {
                    case "IHDR":
                        if (len < 13) {
                            throw new CorruptDataException("IHDR too short", name, pos, "PNG IHDR");
                        }
                        width = be32(d, body);
                        height = be32(d, body + 4);
                        depth = d[body + 8] & 0xFF;
                        ctype = d[body + 9] & 0xFF;
                        interlace = d[body + 12] & 0xFF;
                        if (width <= 0 || height <= 0 || (long) width * height > (1L << 28)) {
                            throw new CorruptDataException("PNG size " + width + "x" + height + " out of range", name, body, "PNG IHDR");
                        }
                        if (!validDepth(ctype, depth) || interlace > 1 || d[body + 10] != 0 || d[body + 11] != 0) {
                            throw new UnsupportedVersionException("PNG colour type " + ctype + " / depth " + depth
                                    + " / interlace " + interlace + " not valid", name, body, "PNG IHDR");
                        }
                        long rowBytes = ((long) width * channels(ctype) * depth + 7) / 8;
                        long total = interlace == 0 ? (rowBytes + 1) * height : rowBytes * height + 4L * height + 64;
                        // the inflated rows and the RGBA pixels (8 or 16 bits a channel) made from them
                        MemoryBudget.admit(total + (long) width * height * (depth == 16 ? 8 : 4),
                                "PNG of " + width + "x" + height, name, body, "PNG IHDR");
                        rawBuf = new byte[(int) Math.min(Integer.MAX_VALUE - 16, total)];
                        break;
                    case "PLTE":
                        palette = Arrays.copyOfRange(d, body, body + len);
                        break;
                    case "tRNS":
                        trns = Arrays.copyOfRange(d, body, body + len);
                        break;
                    case "IDAT":
                        if (rawBuf == null) {
                            throw new CorruptDataException("IDAT before IHDR", name, pos, "PNG IDAT");
                        }
                        inf.setInput(d, body, len);
                        while (!inf.needsInput() && !inf.finished()) {
                            if (rawLen == rawBuf.length) {
                                // more data than the image needs: read into a scratch to detect
                                byte[] scratch = new byte[1];
                                if (inf.inflate(scratch) > 0) {
                                    throw new CorruptDataException("PNG image data longer than the image", name, pos, "PNG IDAT");
                                }
                                break;
                            }
                            int n = inf.inflate(rawBuf, rawLen, rawBuf.length - rawLen);
                            rawLen += n;
                            if (n == 0 && inf.needsDictionary()) {
                                throw new CorruptDataException("PNG zlib stream needs a dictionary", name, pos, "PNG IDAT");
                            }
                        }
                        break;
                    case "IEND":
                        end = true;
                        break;
                    default:
                        break;
                }
                pos += 12 + len;
            }
        } catch (DataFormatException e) {
            throw new CorruptDataException("PNG image data is not valid zlib: " + e.getMessage(), name, pos, "PNG IDAT", e);
        } finally {
            inf.end();
        }
        if (width < 0) {
            throw new CorruptDataException("PNG has no IHDR", name, 8, "PNG IHDR");
        }
        if (ctype == 3 && palette == null) {
            throw new CorruptDataException("Palette PNG without PLTE", name, 8, "PNG PLTE");
        }
        PngDecode dec = new PngDecode(name, width, height, depth, ctype, palette, trns);
        return interlace == 0 ? dec.plain(rawBuf, rawLen) : dec.adam7(rawBuf, rawLen);
    }

    static boolean validDepth(int ctype, int depth) {
        switch (ctype) {
            case 0:
                return depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16;
            case 3:
                return depth == 1 || depth == 2 || depth == 4 || depth == 8;
            case 2:
            case 4:
            case 6:
                return depth == 8 || depth == 16;
            default:
                return false;
        }
    }

    static int channels(int ctype) {
        switch (ctype) {
            case 2:
                return 3;
            case 4:
                return 2;
            case 6:
                return 4;
            default:
                return 1;
        }
    }

    static int be32(byte[] b, int o) {
        return (b[o] & 0xFF) << 24 | (b[o + 1] & 0xFF) << 16 | (b[o + 2] & 0xFF) << 8 | (b[o + 3] & 0xFF);
    }

    /** Encodes {@code image} as an 8-bit PNG (float images are clamped to [0, 1]). */
    public static byte[] write8(Image image) {
        return write(image, false, Deflater.DEFAULT_COMPRESSION);
    }

    /** Encodes {@code image} as a 16-bit PNG. */
    public static byte[] write16(Image image) {
        return write(image, true, Deflater.DEFAULT_COMPRESSION);
    }

    /**
     * Encodes {@code image} with 8 or 16 bits per channel at zlib {@code level} (0..9, -1 = default);
     * grey / grey+alpha / RGB / RGBA is chosen from the content, so reading it back gives the same RGBA.
     */
    public static byte[] write(Image image, boolean sixteen, int level) {
        int w = image.width(), h = image.height();
        boolean opaque = image.isOpaque();
        boolean gray = image.isGray();
        int ch = gray ? (opaque ? 1 : 2) : (opaque ? 3 : 4);
        int ctype = gray ? (opaque ? 0 : 4) : (opaque ? 2 : 6);
        int bpp = ch * (sixteen ? 2 : 1);
        int rowBytes = w * bpp;
        byte[] prev = new byte[rowBytes];
        byte[] cur = new byte[rowBytes];
        byte[][] cand = new byte[5][rowBytes + 1];
        Deflater def = new Deflater(level);
        ByteArrayOutputStream idat = new ByteArrayOutputStream(Math.max(1024, w * h * bpp / 3));
        byte[] buf = new byte[65536];
        try {
            byte[] s8 = sixteen ? null : image.toRgba8().bytes();
            short[] s16 = sixteen ? image.toRgba16().shorts() : null;
            for (int y = 0; y < h; y++) {
                int p = y * w * 4;
                int q = 0;
                for (int x = 0; x < w; x++, p += 4) {
                    if (sixteen) {
                        for (int c = 0; c < 4; c++) {
                            if (!keep(ch, c)) {
                                continue;
                            }
                            int v = s16[p + c];
                            cur[q++] = (byte) (v >> 8);
                            cur[q++] = (byte) v;
                        }
                    } else {
                        for (int c = 0; c < 4; c++) {
                            if (keep(ch, c)) {
                                cur[q++] = s8[p + c];
                            }
                        }
                    }
                }
                byte[] row = filterRow(cur, prev, bpp, cand);
                def.setInput(row);
                while (!def.needsInput()) {
                    int n = def.deflate(buf);
                    idat.write(buf, 0, n);
                }
                byte[] t = prev;
                prev = cur;
                cur = t;
            }
            def.finish();
            while (!def.finished()) {
                int n = def.deflate(buf);
                idat.write(buf, 0, n);
            }
        } finally {
            def.end();
        }
        byte[] z = idat.toByteArray();
        ByteArrayOutputStream out = new ByteArrayOutputStream(z.length + 64);
        out.write(SIGNATURE, 0, 8);
        byte[] ihdr = new byte[13];
        put32(ihdr, 0, w);
        put32(ihdr, 4, h);
        ihdr[8] = (byte) (sixteen ? 16 : 8);
        ihdr[9] = (byte) ctype;
        chunk(out, "IHDR", ihdr, 0, 13);
        chunk(out, "IDAT", z, 0, z.length);
        chunk(out, "IEND", new byte[0], 0, 0);
        return out.toByteArray();
    }

    private static boolean keep(int ch, int c) {
        switch (ch) {
            case 1:
                return c == 0;
            case 2:
                return c == 0 || c == 3;
            case 3:
                return c < 3;
            default:
                return true;
        }
    }

    /** Picks the filter with the smallest sum of absolute signed bytes (the usual heuristic). */
    private static byte[] filterRow(byte[] cur, byte[] prev, int bpp, byte[][] cand) {
        int n = cur.length;
        long bestSum = Long.MAX_VALUE;
        int best = 0;
        for (int f = 0; f < 5; f++) {
            byte[] o = cand[f];
            o[0] = (byte) f;
            long sum = 0;
            for (int i = 0; i < n; i++) {
                int a = i >= bpp ? cur[i - bpp] & 0xFF : 0;
                int b = prev[i] & 0xFF;
                int c = i >= bpp ? prev[i - bpp] & 0xFF : 0;
                int x = cur[i] & 0xFF;
                int v;
                switch (f) {
                    case 0:
                        v = x;
                        break;
                    case 1:
                        v = x - a;
                        break;
                    case 2:
                        v = x - b;
                        break;
                    case 3:
                        v = x - ((a + b) >> 1);
                        break;
                    default:
                        v = x - PngDecode.paeth(a, b, c);
                }
                o[i + 1] = (byte) v;
                sum += Math.abs((byte) v);
            }
            if (sum < bestSum) {
                bestSum = sum;
                best = f;
            }
        }
        return cand[best];
    }

    private static void chunk(ByteArrayOutputStream out, String type, byte[] data, int off, int len) {
        byte[] hdr = new byte[8];
        put32(hdr, 0, len);
        byte[] t = type.getBytes(StandardCharsets.ISO_8859_1);
        System.arraycopy(t, 0, hdr, 4, 4);
        out.write(hdr, 0, 8);
        out.write(data, off, len);
        CRC32 crc = new CRC32();
        crc.update(t);
        crc.update(data, off, len);
        byte[] c = new byte[4];
        put32(c, 0, (int) crc.getValue());
        out.write(c, 0, 4);
    }

    static void put32(byte[] b, int o, int v) {
        b[o] = (byte) (v >> 24);
        b[o + 1] = (byte) (v >> 16);
        b[o + 2] = (byte) (v >> 8);
        b[o + 3] = (byte) v;
    }
}
