package io.uassetd.codecs.texture.image;

import java.util.Arrays;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.io.MemoryBudget;
import io.uassetd.codecs.texture.Half;
import io.uassetd.codecs.texture.Image;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * OpenEXR single-part scan-line images: reads NONE, RLE, ZIPS and ZIP compression with HALF, FLOAT or
 * UINT channels R, G, B, A (or Y for luminance); writes FLOAT channels (A only when the image is not
 * opaque) with ZIP compression. Tiled, deep, multi-part files and the PIZ/PXR24/B44/DWA codecs are
 * refused with a clear error.
 */
public final class Exr {
    private Exr() {
    }

    private record Channel(String name, int type) {
        int size() {
            return type == 1 ? 2 : 4;
        }
    }

    public static Image read(byte[] d, String name) {
        if (d.length < 8 || i32(d, 0) != 20000630) {
            throw new CorruptDataException("Not an OpenEXR file (bad magic)", name, 0, "EXR header");
        }
        int version = i32(d, 4);
        if ((version & 0xFF) != 2 || (version & 0x1A00) != 0) {
            throw new UnsupportedVersionException("OpenEXR version/flags 0x" + Integer.toHexString(version)
                    + " (only single-part scan-line files are supported)", name, 4, "EXR version");
        }
        int pos = 8;
        List<Channel> channels = new ArrayList<>();
        int compression = -1;
        int xMin = 0, yMin = 0, xMax = -1, yMax = -1;
        while (true) {
            if (pos >= d.length) {
                throw new TruncatedDataException("EXR header ends without its terminator", name, pos, "EXR header");
            }
            if (d[pos] == 0) {
                pos++;
                break;
            }
            String an = cstr(d, pos, name);
            pos += an.length() + 1;
            String at = cstr(d, pos, name);
            pos += at.length() + 1;
            if (pos + 4 > d.length) {
                throw new TruncatedDataException("EXR attribute " + an + " size missing", name, pos, "EXR attribute");
            }
            int size = i32(d, pos);
            pos += 4;
            if (size < 0 || pos + (long) size > d.length) {
                throw new TruncatedDataException("EXR attribute " + an + " of " + size + " bytes runs past the end", name, pos, "EXR attribute " + an);
            }
            int end = pos + size;
            switch (an) {
                case "channels": {
                    int p = pos;
                    while (p < end && d[p] != 0) {
                        String cn = cstr(d, p, name);
                        p += cn.length() + 1;
                        if (p + 16 > end) {
                            throw new CorruptDataException("EXR channel list truncated", name, p, "EXR chlist");
                        }
                        int type = i32(d, p);
                        int xs = i32(d, p + 8), ys = i32(d, p + 12);
                        if (type < 0 || type > 2) {
                            throw new CorruptDataException("EXR channel " + cn + " has pixel type " + type, name, p, "EXR chlist");
                        }
                        if (xs != 1 || ys != 1) {
                            throw new UnsupportedVersionException("EXR channel " + cn + " is subsampled " + xs + "x" + ys, name, p, "EXR chlist");
                        }
                        channels.add(new Channel(cn, type));
                        p += 16;
                    }
                    break;
                }
                case "compression":
                    compression = d[pos] & 0xFF;
                    break;
                case "dataWindow":
                    xMin = i32(d, pos);
                    yMin = i32(d, pos + 4);
                    xMax = i32(d, pos + 8);
                    yMax = i32(d, pos + 12);
                    break;
                default:
                    break;
            }
            pos = end;
        }
        long w = (long) xMax - xMin + 1, h = (long) yMax - yMin + 1;
        if (channels.isEmpty() || w <= 0 || h <= 0 || w * h > (1L << 28)) {
            throw new CorruptDataException("EXR header lacks channels or has a data window of " + w + "x" + h, name, 8, "EXR header");
        }
        int lines;
        switch (compression) {
            case 0:
            case 1:
            case 2:
                lines = 1;
                break;
            case 3:
                lines = 16;
                break;
            default:
                throw new UnsupportedVersionException("EXR compression " + compression
                        + " (only NONE, RLE, ZIPS and ZIP are supported)", name, 8, "EXR compression");
        }
        int width = (int) w, height = (int) h;
        int lineBytes = 0;
        for (Channel c : channels) {
            lineBytes += c.size() * width;
        }
        int chunks = (height + lines - 1) / lines;
        if (pos + 8L * chunks > d.length) {
            throw new TruncatedDataException("EXR line offset table truncated", name, pos, "EXR offsets");
        }
        MemoryBudget.admit((long) width * height * 16 + (long) lineBytes * lines * 2, "EXR of " + width + "x" + height, name, 8,
                "EXR header");
        float[] out = new float[width * height * 4];
        for (int i = 0; i < width * height; i++) {
            out[4 * i + 3] = 1f;
        }
        byte[] buf = new byte[lineBytes * lines];
        byte[] tmp = new byte[lineBytes * lines];
        for (int c = 0; c < chunks; c++) {
            long off = i64(d, pos + 8L * c);
            if (off < 0 || off + 8 > d.length) {
                throw new TruncatedDataException("EXR chunk " + c + " at offset " + off + " outside the file", name, pos + 8L * c, "EXR offsets");
            }
            int o = (int) off;
            int y = i32(d, o) - yMin;
            int size = i32(d, o + 4);
            if (y < 0 || y >= height || size < 0 || o + 8L + size > d.length) {
                throw new CorruptDataException("EXR chunk " + c + " has line " + (y + yMin) + " and " + size + " bytes", name, o, "EXR chunk");
            }
            int n = Math.min(lines, height - y);
            int raw = lineBytes * n;
            if (size == raw || compression == 0) {
                if (size != raw) {
                    throw new CorruptDataException("EXR uncompressed chunk of " + size + " bytes, " + raw + " expected", name, o, "EXR chunk");
                }
                System.arraycopy(d, o + 8, buf, 0, raw);
            } else {
                int got = compression == 1 ? unRle(d, o + 8, size, tmp, raw, name, o) : inflate(d, o + 8, size, tmp, raw, name, o);
                if (got != raw) {
                    throw new CorruptDataException("EXR chunk decompressed to " + got + " bytes, " + raw + " expected", name, o, "EXR chunk");
                }
                unpredict(tmp, buf, raw);
            }
            int p = 0;
            for (int l = 0; l < n; l++) {
                int row = (y + l) * width;
                for (Channel ch : channels) {
                    int idx = target(ch.name());
                    for (int x = 0; x < width; x++) {
                        float v;
                        if (ch.type() == 1) {
                            v = Half.toFloat((buf[p] & 0xFF) | (buf[p + 1] & 0xFF) << 8);
                            p += 2;
                        } else if (ch.type() == 2) {
                            v = Float.intBitsToFloat(i32(buf, p));
                            p += 4;
                        } else {
                            v = (float) (i32(buf, p) & 0xFFFFFFFFL);
                            p += 4;
                        }
                        if (idx == 4) {
                            out[(row + x) * 4] = v;
                            out[(row + x) * 4 + 1] = v;
                            out[(row + x) * 4 + 2] = v;
                        } else if (idx >= 0) {
                            out[(row + x) * 4 + idx] = v;
                        }
                    }
                }
            }
        }
        return Image.rgbaFloat(width, height, out);
    }

    private static int target(String n) {
        switch (n) {
            case "R":
                return 0;
            case "G":
                return 1;
            case "B":
                return 2;
            case "A":
                return 3;
            case "Y":
                return 4;
            default:
                return -1;
        }
    }

    private static int unRle(byte[] d, int o, int size, byte[] out, int max, String name, int at) {
        int end = o + size, q = 0;
        while (o < end) {
            int n = d[o++];
            if (n < 0) {
                n = -n;
                if (o + n > end || q + n > max) {
                    throw new CorruptDataException("EXR RLE literal run overflows", name, at, "EXR RLE");
                }
                System.arraycopy(d, o, out, q, n);
                o += n;
                q += n;
            } else {
                if (o >= end || q + n + 1 > max) {
                    throw new CorruptDataException("EXR RLE repeat run overflows", name, at, "EXR RLE");
                }
                byte v = d[o++];
                for (int i = 0; i <= n; i++) {
                    out[q++] = v;
                }
            }
        }
        return q;
    }

    private static int inflate(byte[] d, int o, int size, byte[] out, int max, String name, int at) {
        Inflater inf = new Inflater();
        try {
            inf.setInput(d, o, size);
            int q = 0;
            while (!inf.finished() && q < max) {
                int n = inf.inflate(out, q, max - q);
                if (n == 0 && (inf.needsInput() || inf.needsDictionary())) {
                    break;
                }
                q += n;
            }
            return q;
        } catch (DataFormatException e) {
            throw new CorruptDataException("EXR ZIP chunk is not valid zlib: " + e.getMessage(), name, at, "EXR ZIP", e);
        } finally {
            inf.end();
        }
    }

    /** Undoes the byte predictor and the even/odd split of RLE/ZIP chunks. */
    private static void unpredict(byte[] t, byte[] out, int n) {
        for (int i = 1; i < n; i++) {
            t[i] = (byte) (t[i - 1] + t[i] - 128);
        }
        int half = (n + 1) / 2;
        for (int i = 0, a = 0, b = half; i < n; i += 2) {
            out[i] = t[a++];
            if (i + 1 < n) {
                out[i + 1] = t[b++];
            }
        }
    }

    /** A ZIP-compressed scan-line EXR with FLOAT channels (B, G, R, plus A when not opaque). */
    public static byte[] write(Image image) {
        Image im = image.toRgbaFloat();
        int w = im.width(), h = im.height();
        float[] px = im.floats();
        boolean alpha = !im.isOpaque();
        String[] names = alpha ? new String[] {"A", "B", "G", "R"} : new String[] {"B", "G", "R"};
        int[] src = alpha ? new int[] {3, 2, 1, 0} : new int[] {2, 1, 0};
        ByteArrayOutputStream hdr = new ByteArrayOutputStream();
        le32(hdr, 20000630);
        le32(hdr, 2);
        ByteArrayOutputStream cl = new ByteArrayOutputStream();
        for (String n : names) {
            cl.writeBytes(n.getBytes(StandardCharsets.US_ASCII));
            cl.write(0);
            le32(cl, 2);
            le32(cl, 0);
            le32(cl, 1);
            le32(cl, 1);
        }
        cl.write(0);
        attr(hdr, "channels", "chlist", cl.toByteArray());
        attr(hdr, "compression", "compression", new byte[] {3});
        byte[] box = new byte[16];
        put32(box, 8, w - 1);
        put32(box, 12, h - 1);
        attr(hdr, "dataWindow", "box2i", box);
        attr(hdr, "displayWindow", "box2i", box);
        attr(hdr, "lineOrder", "lineOrder", new byte[] {0});
        byte[] one = new byte[4];
        put32(one, 0, Float.floatToIntBits(1f));
        attr(hdr, "pixelAspectRatio", "float", one);
        attr(hdr, "screenWindowCenter", "v2f", new byte[8]);
        attr(hdr, "screenWindowWidth", "float", one);
        hdr.write(0);
        int chunks = (h + 15) / 16;
        byte[] head = hdr.toByteArray();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        long[] offsets = new long[chunks];
        long base = head.length + 8L * chunks;
        int lineBytes = names.length * 4 * w;
        byte[] raw = new byte[lineBytes * 16];
        byte[] t = new byte[raw.length];
        byte[] z = new byte[raw.length + raw.length / 100 + 1024];
        Deflater def = new Deflater(6);
        try {
            for (int c = 0; c < chunks; c++) {
                int y0 = c * 16, n = Math.min(16, h - y0);
                int p = 0;
                for (int l = 0; l < n; l++) {
                    int row = (y0 + l) * w;
                    for (int ch : src) {
                        for (int x = 0; x < w; x++) {
                            put32(raw, p, Float.floatToRawIntBits(px[(row + x) * 4 + ch]));
                            p += 4;
                        }
                    }
                }
                int half = (p + 1) / 2;
                for (int i = 0, a = 0, b = half; i < p; i += 2) {
                    t[a++] = raw[i];
                    if (i + 1 < p) {
                        t[b++] = raw[i + 1];
                    }
                }
                for (int i = p - 1; i > 0; i--) {
                    t[i] = (byte) (t[i] - t[i - 1] + 128);
                }
                def.reset();
                def.setInput(t, 0, p);
                def.finish();
                int zl = 0;
                while (!def.finished()) {
                    if (zl == z.length) {
                        z = Arrays.copyOf(z, z.length * 2);
                    }
                    zl += def.deflate(z, zl, z.length - zl);
                }
                offsets[c] = base + body.size();
                le32(body, y0);
                if (zl < p) {
                    le32(body, zl);
                    body.write(z, 0, zl);
                } else {
                    le32(body, p);
                    body.write(raw, 0, p);
                }
            }
        } finally {
            def.end();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(head.length + 8 * chunks + body.size());
        out.writeBytes(head);
        for (long off : offsets) {
            le32(out, (int) off);
            le32(out, (int) (off >>> 32));
        }
        out.writeBytes(body.toByteArray());
        return out.toByteArray();
    }

    private static void attr(ByteArrayOutputStream o, String name, String type, byte[] v) {
        o.writeBytes(name.getBytes(StandardCharsets.US_ASCII));
        o.write(0);
        o.writeBytes(type.getBytes(StandardCharsets.US_ASCII));
        o.write(0);
        le32(o, v.length);
        o.writeBytes(v);
    }

    private static String cstr(byte[] d, int o, String name) {
        int e = o;
        while (e < d.length && d[e] != 0) {
            e++;
            if (e - o > 255) {
                throw new CorruptDataException("EXR name longer than 255 bytes", name, o, "EXR header");
            }
        }
        if (e >= d.length) {
            throw new TruncatedDataException("EXR string runs past the end", name, o, "EXR header");
        }
        return new String(d, o, e - o, StandardCharsets.ISO_8859_1);
    }

    private static void le32(ByteArrayOutputStream o, int v) {
        o.write(v);
        o.write(v >> 8);
        o.write(v >> 16);
        o.write(v >> 24);
    }

    static int i32(byte[] b, int o) {
        return (b[o] & 0xFF) | (b[o + 1] & 0xFF) << 8 | (b[o + 2] & 0xFF) << 16 | (b[o + 3] & 0xFF) << 24;
    }

    private static long i64(byte[] b, long o) {
        int i = (int) o;
        return (i32(b, i) & 0xFFFFFFFFL) | (long) i32(b, i + 4) << 32;
    }

    private static void put32(byte[] b, int o, int v) {
        b[o] = (byte) v;
        b[o + 1] = (byte) (v >> 8);
        b[o + 2] = (byte) (v >> 16);
        b[o + 3] = (byte) (v >> 24);
    }
}
