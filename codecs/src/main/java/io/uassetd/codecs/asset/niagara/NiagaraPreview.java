package io.uassetd.codecs.asset.niagara;

import io.uassetd.codecs.io.AtomicOutput;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/**
 * Renders a colour interface as a PNG gradient strip: one column band per entry, left to right,
 * composited over a grey checkerboard by its alpha (RGB interfaces are opaque). HDR channels are
 * clamped to 0..1 for display; the file is written through a temporary file renamed into place.
 */
public final class NiagaraPreview {
    public static final int MIN_WIDTH = 256;
    public static final int MAX_WIDTH = 4096;
    public static final int HEIGHT = 32;
    private static final int CHECKER = 8;

    static {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private NiagaraPreview() {
    }

    /**
     * The strip of an interface with at least three channels per entry: each entry a band of equal
     * width (at least {@link #MIN_WIDTH} pixels in all); more entries than {@link #MAX_WIDTH} are
     * sampled, one pixel column each.
     */
    public static BufferedImage render(NiagaraDataInterface di) {
        if (!di.kind().isColorEditable()) {
            throw new NiagaraException("Export " + di.exportIndex() + " (" + di.exportName() + ") is not a colour interface");
        }
        int entries = Math.max(di.entryCount(), 1);
        int width = entries >= MAX_WIDTH ? MAX_WIDTH : entries * Math.max(1, (MIN_WIDTH + entries - 1) / entries);
        BufferedImage img = new BufferedImage(width, HEIGHT, BufferedImage.TYPE_INT_RGB);
        for (int x = 0; x < width; x++) {
            int i = (int) ((long) x * entries / width);
            double[] c = di.entryCount() == 0 ? new double[] {0, 0, 0, 0} : di.entry(i);
            double alpha = c.length >= 4 ? clamp(c[3]) : 1.0;
            for (int y = 0; y < HEIGHT; y++) {
                int bg = ((x / CHECKER) + (y / CHECKER)) % 2 == 0 ? 0xCC : 0x77;
                int r = blend(clamp(c[0]), alpha, bg);
                int g = blend(clamp(c[1]), alpha, bg);
                int b = blend(clamp(c[2]), alpha, bg);
                img.setRGB(x, y, (r << 16) | (g << 8) | b);
            }
        }
        return img;
    }

    /** Renders and writes the strip as a PNG; returns the image. */
    public static BufferedImage write(NiagaraDataInterface di, Path png) {
        BufferedImage img = render(di);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            ImageIO.write(img, "png", bytes);
            try (AtomicOutput out = AtomicOutput.create(png)) {
                ByteBuffer b = ByteBuffer.wrap(bytes.toByteArray());
                while (b.hasRemaining()) {
                    out.channel().write(b);
                }
                out.commit();
            }
            return img;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write " + png + ": " + e.getMessage(), e);
        }
    }

    private static double clamp(double v) {
        return Double.isNaN(v) ? 0 : Math.max(0, Math.min(1, v));
    }

    private static int blend(double channel, double alpha, int background) {
        return (int) Math.round(channel * 255 * alpha + background * (1 - alpha));
    }
}
