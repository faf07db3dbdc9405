package io.uassetd.codecs.texture.image;

import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.io.MemoryBudget;
import io.uassetd.codecs.texture.Image;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Radiance RGBE ({@code .hdr}): reads flat and new-style run-length scanlines with a {@code -Y h +X w}
 * resolution line; writes run-length scanlines (flat when the width is outside 8..32767). Alpha is not
 * stored (read back as 1).
 */
public final class RadianceHdr {
    private RadianceHdr() {
    }

    public static Image read(byte[] d, String name) {
        int pos = 0;
        String first = line(d, pos, name);
        if (!first.startsWith("#?")) {
            throw new CorruptDataException("Not a Radiance HDR file", name, 0, "HDR header");
        }
        pos += first.length() + 1;
        while (true) {
            String l = line(d, pos, name);
            pos += l.length() + 1;
            if (l.isEmpty()) {
                break;
            }
            if (l.startsWith("FORMAT=") && !l.equals("FORMAT=32-bit_rle_rgbe")) {
                throw new UnsupportedVersionException("Radiance " + l + " is not supported", name, pos, "HDR header");
            }
        }
        String res = line(d, pos, name);
        pos += res.length() + 1;
        String[] t = res.trim().split("\\s+");
        if (t.length != 4 || !t[0].equals("-Y") || !t[2].equals("+X")) {
            throw new UnsupportedVersionException("Radiance resolution line '" + res + "' (only -Y h +X w)", name, pos, "HDR resolution");
        }
        int h, w;
        try {
            h = Integer.parseInt(t[1]);
            w = Integer.parseInt(t[3]);
        } catch (NumberFormatException e) {
            throw new CorruptDataException("Radiance resolution line '" + res + "'", name, pos, "HDR resolution");
        }
        if (w <= 0 || h <= 0 || (long) w * h > (1L << 28)) {
            throw new CorruptDataException("Radiance size " + w + "x" + h, name, pos, "HDR resolution");
        }
        MemoryBudget.admit((long) w * h * 16, "Radiance HDR of " + w + "x" + h, name, pos, "HDR resolution");
        float[] out = new float[w * h * 4];
        byte[] scan = new byte[w * 4];
        for (int y = 0; y < h; y++) {
            if (pos + 4 > d.length) {
                throw new TruncatedDataException("Radiance data ends at line " + y + " of " + h, name, pos, "HDR scanline");
            }
            if (w >= 8 && w < 32768 && d[pos] == 2 && d[pos + 1] == 2 && ((d[pos + 2] & 0xFF) << 8 | (d[pos + 3] & 0xFF)) == w) {
                pos += 4;
                for (int c = 0; c < 4; c++) {
                    int x = 0;
                    while (x < w) {
                        if (pos >= d.length) {
                            throw new TruncatedDataException("Radiance RLE data ends at line " + y, name, pos, "HDR scanline");
                        }
                        int n = d[pos++] & 0xFF;
                        if (n > 128) {
                            n -= 128;
                            if (x + n > w || pos >= d.length) {
                                throw new CorruptDataException("Radiance run overflows line " + y, name, pos, "HDR scanline");
                            }
                            byte v = d[pos++];
                            for (int i = 0; i < n; i++) {
                                scan[(x++) * 4 + c] = v;
                            }
                        } else {
                            if (n == 0 || x + n > w || pos + n > d.length) {
                                throw new CorruptDataException("Radiance literal run overflows line " + y, name, pos, "HDR scanline");
                            }
                            for (int i = 0; i < n; i++) {
                                scan[(x++) * 4 + c] = d[pos++];
                            }
                        }
                    }
                }
            } else {
                if (pos + (long) w * 4 > d.length) {
                    throw new TruncatedDataException("Radiance flat data ends at line " + y, name, pos, "HDR scanline");
                }
                System.arraycopy(d, pos, scan, 0, w * 4);
                pos += w * 4;
            }
            for (int x = 0; x < w; x++) {
                int e = scan[x * 4 + 3] & 0xFF;
                int q = (y * w + x) * 4;
                if (e != 0) {
                    float f = (float) Math.scalb(1.0, e - 136);
                    out[q] = ((scan[x * 4] & 0xFF) + 0.5f) * f;
                    out[q + 1] = ((scan[x * 4 + 1] & 0xFF) + 0.5f) * f;
                    out[q + 2] = ((scan[x * 4 + 2] & 0xFF) + 0.5f) * f;
                }
                out[q + 3] = 1f;
            }
        }
        return Image.rgbaFloat(w, h, out);
    }

    private static String line(byte[] d, int pos, String name) {
        int e = pos;
        while (e < d.length && d[e] != '\n') {
            e++;
            if (e - pos > 4096) {
                throw new CorruptDataException("Radiance header line too long", name, pos, "HDR header");
            }
        }
        if (e >= d.length) {
            throw new TruncatedDataException("Radiance header ends early", name, pos, "HDR header");
        }
        return new String(d, pos, e - pos, StandardCharsets.ISO_8859_1);
    }

    public static byte[] write(Image image) {
        Image im = image.toRgbaFloat();
        int w = im.width(), h = im.height();
        float[] px = im.floats();
        ByteArrayOutputStream out = new ByteArrayOutputStream(w * h * 3 + 128);
        out.writeBytes(("#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y " + h + " +X " + w + "\n").getBytes(StandardCharsets.US_ASCII));
        byte[] scan = new byte[w * 4];
        boolean rle = w >= 8 && w < 32768;
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int q = (y * w + x) * 4;
                rgbe(px[q], px[q + 1], px[q + 2], scan, x * 4);
            }
            if (!rle) {
                out.write(scan, 0, scan.length);
                continue;
            }
            out.write(2);
            out.write(2);
            out.write(w >> 8);
            out.write(w & 0xFF);
            for (int c = 0; c < 4; c++) {
                int x = 0;
                while (x < w) {
                    int run = 1;
                    while (x + run < w && run < 127 && scan[(x + run) * 4 + c] == scan[x * 4 + c]) {
                        run++;
                    }
                    if (run >= 3) {
                        out.write(128 + run);
                        out.write(scan[x * 4 + c]);
                        x += run;
                        continue;
                    }
                    int lit = 0;
                    while (x + lit < w && lit < 128) {
                        int r = 1;
                        while (x + lit + r < w && r < 3 && scan[(x + lit + r) * 4 + c] == scan[(x + lit) * 4 + c]) {
                            r++;
                        }
                        if (r >= 3) {
                            break;
                        }
                        lit++;
                    }
                    out.write(lit);
                    for (int i = 0; i < lit; i++) {
                        out.write(scan[(x + i) * 4 + c]);
                    }
                    x += lit;
                }
            }
        }
        return out.toByteArray();
    }

    private static void rgbe(float r, float g, float b, byte[] o, int at) {
        r = r > 0 ? r : 0;
        g = g > 0 ? g : 0;
        b = b > 0 ? b : 0;
        float m = Math.max(r, Math.max(g, b));
        if (m < 1e-32f || Float.isNaN(m)) {
            o[at] = o[at + 1] = o[at + 2] = o[at + 3] = 0;
            return;
        }
        if (Float.isInfinite(m)) {
            m = Float.MAX_VALUE;
        }
        int e = Math.getExponent(m) + 1;
        double scale = Math.scalb(256.0, -e);
        o[at] = (byte) Math.min(255, (int) (r * scale));
        o[at + 1] = (byte) Math.min(255, (int) (g * scale));
        o[at + 2] = (byte) Math.min(255, (int) (b * scale));
        o[at + 3] = (byte) (e + 128);
    }
}
