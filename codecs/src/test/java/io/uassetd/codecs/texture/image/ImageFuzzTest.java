package io.uassetd.codecs.texture.image;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.OverBudgetException;
import io.uassetd.codecs.io.MemoryBudget;
import io.uassetd.codecs.texture.Image;
import io.uassetd.codecs.texture.PixelFormat;
import io.uassetd.testkit.Fixtures;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Image files (PNG, TGA, DDS, BMP) mutated from a real source PNG (matya's T_Worm_A): truncations,
 * bit flips and hostile header values, {@value #TRIES} per kind with a fixed seed (more with
 * {@code -Duassetd.fuzz.tries=N}). Every decode returns an image or throws a FormatException
 * (naming file, offset and structure), never anything else; with a memory budget of 64 MiB, images
 * declaring more are refused (TOO_LARGE) before their pixels are allocated.
 */
class ImageFuzzTest {
    static final int TRIES = 400;
    private long budget;

    @BeforeEach
    void smallBudget() {
        budget = MemoryBudget.limit();
        MemoryBudget.limit(64L << 20);
    }

    @AfterEach
    void restore() {
        MemoryBudget.limit(budget);
    }

    private static Map<ImageFileFormat, byte[]> sources() throws Exception {
        byte[] png = Files.readAllBytes(Fixtures.path("matya/raw/T_Worm_A.png"));
        Image img = ImageFiles.decode(png, "T_Worm_A.png", ImageFileFormat.PNG).toRgba8();
        Map<ImageFileFormat, byte[]> out = new LinkedHashMap<>();
        out.put(ImageFileFormat.PNG, png);
        out.put(ImageFileFormat.TGA, ImageFiles.encode(img, ImageFileFormat.TGA));
        out.put(ImageFileFormat.BMP, ImageFiles.encode(img, ImageFileFormat.BMP));
        byte[] bgra = img.bytes().clone();
        for (int i = 0; i < bgra.length; i += 4) {
            byte r = bgra[i];
            bgra[i] = bgra[i + 2];
            bgra[i + 2] = r;
        }
        out.put(ImageFileFormat.DDS, Dds.write(new Dds.DdsImage(PixelFormat.PF_B8G8R8A8, img.width(), img.height(), 1, 1, false,
                List.of(bgra))));
        return out;
    }

    private static byte[] mutate(byte[] src, Random r) {
        byte[] d;
        switch (r.nextInt(4)) {
            case 0 -> d = java.util.Arrays.copyOf(src, r.nextInt(src.length));
            case 1 -> {
                d = src.clone();
                for (int i = 0, n = 1 + r.nextInt(8); i < n; i++) {
                    d[r.nextInt(d.length)] ^= (byte) (1 << r.nextInt(8));
                }
            }
            case 2 -> {
                d = src.clone();
                int at = r.nextInt(Math.min(d.length, 160));
                int v = new int[] {0, 0xFF, 0x7F, 0x80}[r.nextInt(4)];
                for (int i = at; i < Math.min(d.length, at + 1 + r.nextInt(4)); i++) {
                    d[i] = (byte) v;
                }
            }
            default -> {
                d = src.clone();
                for (int i = 0; i < 1 + r.nextInt(3); i++) {
                    d[r.nextInt(Math.min(d.length, 128))] = (byte) r.nextInt(256);
                }
            }
        }
        return d;
    }

    @Test
    void mutatedImagesFailCleanlyOrDecode() throws Exception {
        int tries = Integer.getInteger("uassetd.fuzz.tries", TRIES * io.uassetd.testkit.FuzzOutcomes.scale());
        Random r = new Random(20261128);
        List<String> report = new ArrayList<>();
        for (Map.Entry<ImageFileFormat, byte[]> e : sources().entrySet()) {
            int decoded = 0;
            int refused = 0;
            int tooLarge = 0;
            for (int i = 0; i < tries; i++) {
                byte[] d = mutate(e.getValue(), r);
                try {
                    ImageFiles.decode(d, "fuzz." + e.getKey().extension(), e.getKey());
                    decoded++;
                } catch (OverBudgetException ex) {
                    tooLarge++;
                } catch (FormatException ex) {
                    assertThat(ex.getMessage()).isNotBlank();
                    refused++;
                } catch (RuntimeException | OutOfMemoryError ex) {
                    throw new AssertionError(e.getKey() + " try " + i + " (seed 20261128): " + ex, ex);
                }
            }
            io.uassetd.testkit.FuzzOutcomes.record("images: " + e.getKey(), tries, decoded, refused + tooLarge, 0);
            report.add(e.getKey() + ": " + tries + " (" + decoded + " decoded, " + refused + " refused, " + tooLarge
                    + " over budget, 0 other)");
        }
        System.err.println("ImageFuzzTest: " + String.join("; ", report));
    }

    private static byte[] pngHeader(int w, int h, byte[] idat) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'});
        ByteBuffer ihdr = ByteBuffer.allocate(13).order(ByteOrder.BIG_ENDIAN).putInt(w).putInt(h).put((byte) 8).put((byte) 6)
                .put((byte) 0).put((byte) 0).put((byte) 0);
        chunk(out, "IHDR", ihdr.array());
        chunk(out, "IDAT", idat);
        chunk(out, "IEND", new byte[0]);
        return out.toByteArray();
    }

    private static void chunk(ByteArrayOutputStream out, String type, byte[] body) throws Exception {
        out.write(ByteBuffer.allocate(4).putInt(body.length).array());
        byte[] t = type.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        out.write(t);
        out.write(body);
        CRC32 c = new CRC32();
        c.update(t);
        c.update(body);
        out.write(ByteBuffer.allocate(4).putInt((int) c.getValue()).array());
    }

    @Test
    void imagesDeclaringMoreThanTheBudgetAreRefusedBeforeDecoding() throws Exception {
        // a 1 MB PNG of zeros declaring 16384x16384 RGBA (a decompression bomb: 1 GiB of pixels)
        Deflater def = new Deflater(9);
        def.setInput(new byte[8 << 20]);
        def.finish();
        byte[] buf = new byte[1 << 20];
        int n = def.deflate(buf);
        byte[] png = pngHeader(16384, 16384, java.util.Arrays.copyOf(buf, n));
        assertThatThrownBy(() -> ImageFiles.decode(png, "bomb.png", ImageFileFormat.PNG)).isInstanceOf(OverBudgetException.class)
                .hasMessageContaining("16384x16384").hasMessageContaining("MiB");
        // an 18-byte TGA declaring 65535x65535 (its pixel count overflowed an int before)
        byte[] tga = new byte[18];
        tga[2] = 2;
        tga[12] = tga[13] = tga[14] = tga[15] = (byte) 0xFF;
        tga[16] = 32;
        assertThatThrownBy(() -> ImageFiles.decode(tga, "huge.tga", ImageFileFormat.TGA)).isInstanceOf(OverBudgetException.class)
                .hasMessageContaining("65535x65535");
        // an RLE TGA of 65535x2048 in 5 MB of runs
        ByteArrayOutputStream rle = new ByteArrayOutputStream();
        byte[] h = new byte[18];
        h[2] = 10;
        h[12] = h[13] = (byte) 0xFF;
        h[15] = 0x08;
        h[16] = 32;
        rle.write(h);
        for (int i = 0; i < (5 << 20) / 5; i++) {
            rle.write(new byte[] {(byte) 0xFF, 1, 2, 3, 4});
        }
        assertThatThrownBy(() -> ImageFiles.decode(rle.toByteArray(), "runs.tga", ImageFileFormat.TGA))
                .isInstanceOf(OverBudgetException.class).hasMessageContaining("65535x2048");
    }
}
