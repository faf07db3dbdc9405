package io.uassetd.codecs.texture;

import io.uassetd.testkit.Fixtures;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;

/** Shared helpers of the texture tests: fixture images, an ImageIO oracle and PSNR. */
public final class TextureTestSupport {
    private TextureTestSupport() {
    }

    public static Path source(String name) {
        return Fixtures.path("cue4parse/UE5_8/SourceTextures/" + name);
    }

    /** RGBA8 pixels of an image file as javax.imageio reads it (the oracle). */
    public static byte[] oracleRgba(Path file) throws IOException {
        BufferedImage bi = ImageIO.read(file.toFile());
        int w = bi.getWidth(), h = bi.getHeight();
        byte[] out = new byte[w * h * 4];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int argb = bi.getRGB(x, y);
                int q = (y * w + x) * 4;
                out[q] = (byte) (argb >> 16);
                out[q + 1] = (byte) (argb >> 8);
                out[q + 2] = (byte) argb;
                out[q + 3] = (byte) (argb >>> 24);
            }
        }
        return out;
    }

    /** PSNR in dB over the channels selected by {@code mask} (bit 0 = R ... bit 3 = A) of two RGBA8 arrays. */
    public static double psnr(byte[] a, byte[] b, int mask) {
        double se = 0;
        long n = 0;
        for (int i = 0; i < a.length; i++) {
            if ((mask >> (i & 3) & 1) == 0) {
                continue;
            }
            int d = (a[i] & 0xFF) - (b[i] & 0xFF);
            se += d * d;
            n++;
        }
        if (se == 0) {
            return Double.POSITIVE_INFINITY;
        }
        return 10 * Math.log10(255.0 * 255.0 / (se / n));
    }
}
