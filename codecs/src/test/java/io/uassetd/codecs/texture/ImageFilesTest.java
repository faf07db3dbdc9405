package io.uassetd.codecs.texture;

import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.texture.image.Bmp;
import io.uassetd.codecs.texture.image.Dds;
import io.uassetd.codecs.texture.image.Exr;
import io.uassetd.codecs.texture.image.ImageFileFormat;
import io.uassetd.codecs.texture.image.ImageFiles;
import io.uassetd.codecs.texture.image.Png;
import io.uassetd.codecs.texture.image.RadianceHdr;
import io.uassetd.codecs.texture.image.Tga;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ImageFilesTest {
    private static final List<String> PNGS = List.of("rgb.png", "rgba.png", "normal.png", "grayscale.png",
            "streaming.png", "udim.1001.png", "udim.1002.png", "udim.1011.png", "udim.1012.png");

    @Test
    void readsEverySourcePngLikeImageIo() throws Exception {
        for (String n : PNGS) {
            Path p = TextureTestSupport.source(n);
            Image im = ImageFiles.read(p);
            assertEquals(Image.Kind.RGBA8, im.kind(), n);
            assertArrayEquals(TextureTestSupport.oracleRgba(p), im.bytes(), n);
        }
    }

    @Test
    void pngWriterRoundTripsAndImageIoAgrees() throws Exception {
        for (String n : PNGS) {
            Image im = ImageFiles.read(TextureTestSupport.source(n));
            byte[] png = Png.write8(im);
            assertArrayEquals(im.bytes(), Png.read(png, n).bytes(), n);
            BufferedImage bi = ImageIO.read(new ByteArrayInputStream(png));
            assertEquals(im.width(), bi.getWidth());
            // raster samples (getRGB would colour-convert grey images)
            int q = (7 * im.width() + 5) * 4;
            assertEquals(im.bytes()[q] & 0xFF, bi.getRaster().getSample(5, 7, 0), n);
            if (!im.isOpaque()) {
                assertEquals(im.bytes()[q + 3] & 0xFF, bi.getRaster().getSample(5, 7, bi.getRaster().getNumBands() - 1), n);
            }
        }
    }

    @Test
    void sixteenBitPngRoundTrips() throws Exception {
        Random r = new Random(7);
        short[] s = new short[37 * 23 * 4];
        for (int i = 0; i < s.length; i++) {
            s[i] = (short) r.nextInt(65536);
        }
        Image im = Image.rgba16(37, 23, s);
        byte[] png = Png.write16(im);
        Image back = Png.read(png, "t16");
        assertEquals(Image.Kind.RGBA16, back.kind());
        assertArrayEquals(s, back.shorts());
        // ImageIO agrees on one sample (reads 16-bit RGBA as TYPE_CUSTOM; check raster)
        BufferedImage bi = ImageIO.read(new ByteArrayInputStream(png));
        assertEquals(s[(3 * 37 + 4) * 4 + 1] & 0xFFFF, bi.getRaster().getSample(4, 3, 1));
        // grey 16-bit (G16 path)
        short[] g = new short[16 * 9 * 4];
        for (int i = 0; i < g.length; i += 4) {
            g[i] = g[i + 1] = g[i + 2] = (short) (i * 97);
            g[i + 3] = (short) 0xFFFF;
        }
        assertArrayEquals(g, Png.read(Png.write16(Image.rgba16(16, 9, g)), "g16").shorts());
    }

    @Test
    void tgaAndBmpRoundTripAndImageIoReadsBmp() throws Exception {
        for (String n : List.of("rgb.png", "rgba.png", "grayscale.png")) {
            Image im = ImageFiles.read(TextureTestSupport.source(n));
            byte[] tga = Tga.write(im);
            assertArrayEquals(im.bytes(), Tga.read(tga, n).bytes(), n + " tga");
            byte[] bmp = Bmp.write(im);
            assertArrayEquals(im.bytes(), Bmp.read(bmp, n).bytes(), n + " bmp");
            if (im.isOpaque()) {
                BufferedImage bi = ImageIO.read(new ByteArrayInputStream(bmp));
                int argb = bi.getRGB(9, 3);
                int q = (3 * im.width() + 9) * 4;
                assertEquals(im.bytes()[q + 1] & 0xFF, argb >> 8 & 0xFF, n);
            }
        }
    }

    @Test
    void readsHdrExr() throws Exception {
        Path p = TextureTestSupport.source("hdr.exr");
        Image im = ImageFiles.read(p);
        assertEquals(64, im.width());
        assertEquals(64, im.height());
        assertTrue(im.isHdr());
        // hdr-range.txt (ImageMagick, 16-bit quantum): "w h min max maxR maxG maxB", min/max scaled by 65535
        String[] range = Files.readString(TextureTestSupport.source("hdr-range.txt")).trim().split("\\s+");
        float min = Float.MAX_VALUE, max = -Float.MAX_VALUE;
        float[] chMax = {-Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE};
        float[] f = im.floats();
        for (int i = 0; i < f.length; i++) {
            if ((i & 3) == 3) {
                assertEquals(1f, f[i]);
                continue;
            }
            min = Math.min(min, f[i]);
            max = Math.max(max, f[i]);
            chMax[i & 3] = Math.max(chMax[i & 3], f[i]);
        }
        assertEquals(Float.parseFloat(range[2]) / 65535, min, 1e-6, "min");
        assertEquals(Float.parseFloat(range[3]) / 65535, max, 1e-3, "max");
        for (int c = 0; c < 3; c++) {
            assertEquals(Float.parseFloat(range[4 + c]), chMax[c], 0f, "max of channel " + c);
        }
    }

    @Test
    void exrAndHdrWritersRoundTrip() {
        Image src = ImageFiles.read(TextureTestSupport.source("hdr.exr"));
        Image back = Exr.read(Exr.write(src), "w.exr");
        assertArrayEquals(src.floats(), back.floats(), 0f);
        Image rgbe = RadianceHdr.read(RadianceHdr.write(src), "w.hdr");
        float[] a = src.floats(), b = rgbe.floats();
        for (int i = 0; i < a.length; i++) {
            if ((i & 3) != 3) {
                // RGBE keeps 8 mantissa bits of the largest channel: relative error below 1/128 of the max channel
                int px = i & ~3;
                float m = Math.max(a[px], Math.max(a[px + 1], a[px + 2]));
                assertEquals(a[i], b[i], m / 128 + 1e-30, "sample " + i);
            }
        }
    }

    @Test
    void ddsWriterKeepsBlocksAndReaderReadsThemBack() {
        byte[] blocks = new byte[(int) PixelFormat.PF_BC7.mipSize(20, 12)];
        new Random(3).nextBytes(blocks);
        byte[] mip1 = new byte[(int) PixelFormat.PF_BC7.mipSize(10, 6)];
        new Random(4).nextBytes(mip1);
        Dds.DdsImage img = new Dds.DdsImage(PixelFormat.PF_BC7, 20, 12, 1, 1, false, List.of(blocks, mip1));
        byte[] file = Dds.write(img);
        assertEquals(148 + blocks.length + mip1.length, file.length);
        Dds.DdsImage back = Dds.read(file, "t.dds");
        assertEquals(PixelFormat.PF_BC7, back.format());
        assertEquals(20, back.width());
        assertEquals(2, back.mipCount());
        assertArrayEquals(blocks, back.mip(0));
        assertArrayEquals(mip1, back.mip(1));
        // legacy DXT1 header, cube: 6 faces per mip in Unreal's order, reordered per face in the file
        byte[] cube0 = new byte[6 * 16];
        byte[] cube1 = new byte[6 * 8];
        new Random(5).nextBytes(cube0);
        new Random(6).nextBytes(cube1);
        byte[] cf = Dds.write(new Dds.DdsImage(PixelFormat.PF_DXT1, 8, 4, 1, 6, true, List.of(cube0, cube1)));
        assertEquals(128 + cube0.length + cube1.length, cf.length);
        assertEquals('D', cf[84]);
        // face 1 mip 0 follows face 0's two mips in the file
        assertArrayEquals(Arrays.copyOfRange(cube0, 16, 32), Arrays.copyOfRange(cf, 128 + 24, 128 + 40));
        Dds.DdsImage cb = Dds.read(cf, "c.dds");
        assertTrue(cb.cube());
        assertEquals(6, cb.slices());
        assertArrayEquals(cube0, cb.mip(0));
        assertArrayEquals(cube1, cb.mip(1));
        // truncated
        assertThrows(TruncatedDataException.class, () -> Dds.read(Arrays.copyOf(file, file.length - 1), "t.dds"));
        // DDS through ImageFiles decodes the top mip
        byte[] bgra = new byte[4 * 4 * 4];
        new Random(8).nextBytes(bgra);
        Image dec = ImageFiles.decode(Dds.write(new Dds.DdsImage(PixelFormat.PF_B8G8R8A8, 4, 4, 1, 1, false, List.of(bgra))), "b.dds", null);
        assertEquals(bgra[2], dec.bytes()[0]);
        assertEquals(bgra[0], dec.bytes()[2]);
    }

    @Test
    void writeGoesByExtensionAndRefusesUnknown(@TempDir Path dir) {
        Image im = ImageFiles.read(TextureTestSupport.source("rgba.png"));
        for (ImageFileFormat f : List.of(ImageFileFormat.PNG, ImageFileFormat.TGA, ImageFileFormat.BMP)) {
            Path out = dir.resolve("o." + f.extension());
            ImageFiles.write(out, im);
            assertArrayEquals(im.bytes(), ImageFiles.read(out).bytes(), f.name());
        }
        assertThrows(UnsupportedVersionException.class, () -> ImageFiles.write(dir.resolve("o.jpg"), im));
    }

    @Test
    void badFilesRaiseFormatErrors() throws Exception {
        byte[] png = Files.readAllBytes(TextureTestSupport.source("rgb.png"));
        byte[] bad = png.clone();
        bad[40] ^= 1; // inside IHDR/IDAT -> CRC mismatch
        assertThrows(CorruptDataException.class, () -> Png.read(bad, "bad.png"));
        FormatException e = assertThrows(TruncatedDataException.class, () -> Png.read(Arrays.copyOf(png, 60), "cut.png"));
        assertEquals("cut.png", e.file());
        assertThrows(FormatException.class, () -> Tga.read(new byte[10], "x.tga"));
        assertThrows(FormatException.class, () -> Bmp.read(new byte[] {'B', 'M', 0, 0}, "x.bmp"));
        byte[] exr = Files.readAllBytes(TextureTestSupport.source("hdr.exr"));
        assertThrows(FormatException.class, () -> Exr.read(Arrays.copyOf(exr, exr.length / 2), "cut.exr"));
        assertThrows(UnsupportedVersionException.class, () -> ImageFiles.decode(new byte[] {1, 2, 3, 4}, "x", null));
    }
}
