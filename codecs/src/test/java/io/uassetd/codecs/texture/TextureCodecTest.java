package io.uassetd.codecs.texture;

import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.texture.image.ImageFiles;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TextureCodecTest {
    /** Little-endian bit writer for hand-built blocks. */
    private static final class Bits {
        final byte[] b = new byte[16];
        int pos;

        Bits put(long v, int n) {
            for (int i = 0; i < n; i++, pos++) {
                if ((v >> i & 1) != 0) {
                    b[pos >> 3] |= (byte) (1 << (pos & 7));
                }
            }
            return this;
        }
    }

    private static int[] px(Image im, int x, int y) {
        byte[] b = im.bytes();
        int q = (y * im.width() + x) * 4;
        return new int[] {b[q] & 0xFF, b[q + 1] & 0xFF, b[q + 2] & 0xFF, b[q + 3] & 0xFF};
    }

    @Test
    void pixelFormatsByNameValueAndSize() {
        assertEquals(PixelFormat.PF_DXT1, PixelFormat.fromName("PF_DXT1"));
        assertEquals(PixelFormat.PF_DXT1, PixelFormat.fromName("dxt1"));
        assertEquals(PixelFormat.PF_BC7, PixelFormat.fromName("EPixelFormat::PF_BC7"));
        assertEquals(PixelFormat.PF_BC7, PixelFormat.fromValue(56));
        assertEquals(PixelFormat.PF_ASTC_4x4_NORM_RG, PixelFormat.fromValue(87));
        assertNull(PixelFormat.tryName("PF_NOPE"));
        assertThrows(UnsupportedVersionException.class, () -> PixelFormat.fromName("PF_NOPE"));
        assertEquals(2048, PixelFormat.PF_DXT1.mipSize(64, 64));
        assertEquals(8, PixelFormat.PF_DXT1.mipSize(1, 1));
        assertEquals(7 * 7 * 16, PixelFormat.PF_ASTC_10x10.mipSize(64, 64));
        assertEquals(64 * 64 * 8, PixelFormat.PF_FloatRGBA.mipSize(64, 64));
        assertEquals(8 * 8 * 4 * 4, PixelFormat.PF_B8G8R8A8.mipSize(8, 8, 4));
        assertTrue(PixelFormat.PF_BC6H.isHdr());
        assertFalse(PixelFormat.PF_BC7.isHdr());
        assertEquals("DXT5", PixelFormat.PF_DXT5.shortName());
    }

    @Test
    void halfFloatsConvertExactly() {
        assertEquals(0x3C00, Half.fromFloat(1f));
        assertEquals(0x7BFF, Half.fromFloat(65504f));
        assertEquals(0x7C00, Half.fromFloat(1e6f));
        assertEquals(0xC000, Half.fromFloat(-2f));
        assertEquals(0x0001, Half.fromFloat(0x1p-24f));
        assertEquals(0x3C00, Half.fromFloat(1.0004f)); // rounds to nearest
        for (int h = 0; h < 0x7C00; h++) {
            assertEquals(h, Half.fromFloat(Half.toFloat(h)), "half " + h);
        }
    }

    @Test
    void bc1HandBlockFourAndThreeColourModes() {
        // c0 = pure red (0xF800), c1 = pure blue (0x001F); texels 0..3 use indices 0,1,2,3
        byte[] blk = {0x00, (byte) 0xF8, 0x1F, 0x00, (byte) 0xE4, 0, 0, 0};
        Image im = TextureDecoder.decode(PixelFormat.PF_DXT1, blk, 0, 4, 4);
        assertArrayEquals(new int[] {255, 0, 0, 255}, px(im, 0, 0));
        assertArrayEquals(new int[] {0, 0, 255, 255}, px(im, 1, 0));
        assertArrayEquals(new int[] {170, 0, 85, 255}, px(im, 2, 0));
        assertArrayEquals(new int[] {85, 0, 170, 255}, px(im, 3, 0));
        assertArrayEquals(new int[] {255, 0, 0, 255}, px(im, 3, 3));
        // swapped endpoints (c0 <= c1): 3 colours plus transparent black
        byte[] three = {0x1F, 0x00, 0x00, (byte) 0xF8, (byte) 0xE4, 0, 0, 0};
        Image t = TextureDecoder.decode(PixelFormat.PF_DXT1, three, 0, 4, 4);
        assertArrayEquals(new int[] {127, 0, 127, 255}, px(t, 2, 0));
        assertArrayEquals(new int[] {0, 0, 0, 0}, px(t, 3, 0));
        // a 2x2 surface still takes one whole block
        assertEquals(2, TextureDecoder.decode(PixelFormat.PF_DXT1, blk, 0, 2, 2).width());
    }

    @Test
    void bc4AndBc3AlphaHandBlocks() {
        // a0 = 255, a1 = 0: 8-value mode; every texel index 2 -> (6*255 + 0)/7 rounded = 219
        Bits b = new Bits().put(255, 8).put(0, 8);
        for (int i = 0; i < 16; i++) {
            b.put(2, 3);
        }
        Image im = TextureDecoder.decode(PixelFormat.PF_BC4, b.b, 0, 4, 4);
        assertArrayEquals(new int[] {219, 219, 219, 255}, px(im, 1, 2));
        // a0 = 0 <= a1 = 255: 6-value mode, index 6 -> 0, index 7 -> 255, index 2 -> 51
        Bits c = new Bits().put(0, 8).put(255, 8).put(6, 3).put(7, 3).put(2, 3);
        Image six = TextureDecoder.decode(PixelFormat.PF_BC4, c.b, 0, 4, 4);
        assertEquals(0, px(six, 0, 0)[0]);
        assertEquals(255, px(six, 1, 0)[0]);
        assertEquals(51, px(six, 2, 0)[0]);
        // BC3: the same alpha block in front of a white 4-colour block
        byte[] bc3 = new byte[16];
        System.arraycopy(b.b, 0, bc3, 0, 8);
        bc3[8] = (byte) 0xFF;
        bc3[9] = (byte) 0xFF;
        assertArrayEquals(new int[] {255, 255, 255, 219}, px(TextureDecoder.decode(PixelFormat.PF_DXT5, bc3, 0, 4, 4), 3, 3));
    }

    @Test
    void bc7Mode6HandBlock() {
        // mode 6: endpoints 7 bits + p-bit; e0 = 127 with p=1 -> 255, e1 = 0 with p=0 -> 0; 4-bit indices
        Bits b = new Bits().put(1 << 6, 7);
        for (int c = 0; c < 4; c++) {
            b.put(127, 7).put(0, 7);
        }
        b.put(1, 1).put(0, 1);
        b.put(0, 3); // texel 0 (anchor, 3 bits): index 0
        b.put(15, 4); // texel 1: index 15 -> e1
        b.put(8, 4); // texel 2: weight 34 -> (255*30 + 32) >> 6 = 120
        Image im = TextureDecoder.decode(PixelFormat.PF_BC7, b.b, 0, 4, 4);
        assertArrayEquals(new int[] {255, 255, 255, 255}, px(im, 0, 0));
        assertArrayEquals(new int[] {0, 0, 0, 0}, px(im, 1, 0));
        assertArrayEquals(new int[] {120, 120, 120, 120}, px(im, 2, 0));
        // an all-zero byte 0 is no valid mode: transparent black
        assertArrayEquals(new int[] {0, 0, 0, 0}, px(TextureDecoder.decode(PixelFormat.PF_BC7, new byte[16], 0, 4, 4), 2, 2));
    }

    @Test
    void bc6hMode3HandBlock() {
        // mode 3 (5 mode bits 00011): 10-bit endpoints; e0 = 1023 -> 0xFFFF -> half 0x7BFF (65504), e1 = 0
        Bits b = new Bits().put(3, 5).put(1023, 10).put(1023, 10).put(1023, 10).put(0, 10).put(0, 10).put(0, 10);
        b.put(0, 3).put(15, 4);
        Image im = TextureDecoder.decode(PixelFormat.PF_BC6H, b.b, 0, 4, 4);
        float[] f = im.floats();
        assertEquals(65504f, f[0]);
        assertEquals(65504f, f[2]);
        assertEquals(1f, f[3]);
        assertEquals(0f, f[4]);
        // signed: the same bits read as SF16 give a negative e0 (1023 as 10-bit signed is -1)
        Image s = TextureDecoder.decode(PixelFormat.PF_BC6H, b.b, 0, 4, 4, new DecodeOptions(false, true));
        assertTrue(s.floats()[0] < 0);
    }

    @Test
    void etc1HandBlock() {
        // individual mode, sub-block colours 0x8 -> 0x88 and 0x4 -> 0x44, table 0 (+-2, +-8), flip 0
        long hi = 0x84L << 24 | 0x84L << 16 | 0x84L << 8; // R1R2 G1G2 B1B2, tables 0, diff 0, flip 0
        long lo = 0; // all indices 0 -> +2
        long w = hi << 32 | lo;
        byte[] blk = new byte[8];
        for (int i = 0; i < 8; i++) {
            blk[i] = (byte) (w >>> (56 - 8 * i));
        }
        Image im = TextureDecoder.decode(PixelFormat.PF_ETC1, blk, 0, 4, 4);
        assertArrayEquals(new int[] {0x8A, 0x8A, 0x8A, 255}, px(im, 0, 0));
        assertArrayEquals(new int[] {0x46, 0x46, 0x46, 255}, px(im, 3, 3));
    }

    @Test
    void rawFormatsRoundTripExactly() {
        Random r = new Random(11);
        byte[] rgba = new byte[13 * 7 * 4];
        r.nextBytes(rgba);
        Image im = Image.rgba8(13, 7, rgba);
        for (PixelFormat f : List.of(PixelFormat.PF_B8G8R8A8, PixelFormat.PF_R8G8B8A8)) {
            byte[] enc = TextureEncoder.encode(f, im);
            assertEquals(f.mipSize(13, 7), enc.length);
            assertArrayEquals(rgba, TextureDecoder.decode(f, enc, 0, 13, 7).bytes(), f.name());
        }
        byte[] g8 = TextureEncoder.encode(PixelFormat.PF_G8, im);
        Image gd = TextureDecoder.decode(PixelFormat.PF_G8, g8, 0, 13, 7);
        assertEquals(rgba[4 * 5] & 0xFF, px(gd, 5, 0)[1]);
        short[] s16 = new short[13 * 7 * 4];
        for (int i = 0; i < s16.length; i += 4) {
            s16[i] = s16[i + 1] = s16[i + 2] = (short) r.nextInt(65536);
            s16[i + 3] = (short) 0xFFFF;
        }
        Image g16 = Image.rgba16(13, 7, s16);
        assertArrayEquals(s16, TextureDecoder.decode(PixelFormat.PF_G16, TextureEncoder.encode(PixelFormat.PF_G16, g16), 0, 13, 7).shorts());
        float[] hf = new float[13 * 7 * 4];
        for (int i = 0; i < hf.length; i++) {
            hf[i] = Half.toFloat(r.nextInt(0x7C00)) * (r.nextBoolean() ? 1 : -1);
        }
        Image fi = Image.rgbaFloat(13, 7, hf);
        assertArrayEquals(hf, TextureDecoder.decode(PixelFormat.PF_FloatRGBA, TextureEncoder.encode(PixelFormat.PF_FloatRGBA, fi), 0, 13, 7).floats());
        assertArrayEquals(hf, TextureDecoder.decode(PixelFormat.PF_A32B32G32R32F, TextureEncoder.encode(PixelFormat.PF_A32B32G32R32F, fi), 0, 13, 7).floats());
        float[] r16 = TextureDecoder.decode(PixelFormat.PF_R16F, TextureEncoder.encode(PixelFormat.PF_R16F, fi), 0, 13, 7).floats();
        for (int i = 0; i < 13 * 7; i++) {
            assertEquals(hf[4 * i], r16[4 * i]);
        }
    }

    private static double roundTrip(PixelFormat f, String png, int mask, EncodeOptions opt) {
        Image im = ImageFiles.read(TextureTestSupport.source(png));
        byte[] enc = TextureEncoder.encode(f, im, opt);
        assertEquals(f.mipSize(im.width(), im.height()), enc.length);
        return TextureTestSupport.psnr(TextureDecoder.decode(f, enc, 0, im.width(), im.height()).bytes(), im.bytes(), mask);
    }

    @Test
    void blockEncodersReachTheirQuality() {
        assertTrue(roundTrip(PixelFormat.PF_DXT1, "rgb.png", 7, EncodeOptions.DEFAULT) >= 46.3);
        assertTrue(roundTrip(PixelFormat.PF_DXT1, "normal.png", 7, EncodeOptions.DEFAULT) >= 39.0);
        assertTrue(roundTrip(PixelFormat.PF_DXT5, "rgba.png", 15, EncodeOptions.DEFAULT) >= 48.2);
        assertTrue(roundTrip(PixelFormat.PF_BC4, "grayscale.png", 1, EncodeOptions.DEFAULT) >= 41.9);
        assertTrue(roundTrip(PixelFormat.PF_BC4, "grayscale.png", 1, EncodeOptions.BEST) >= 43.9);
        assertEquals(Double.POSITIVE_INFINITY, roundTrip(PixelFormat.PF_BC5, "normal.png", 3, EncodeOptions.DEFAULT));
    }

    @Test
    void bc6hEncoderOnTheExrSource() {
        Image hdr = ImageFiles.read(TextureTestSupport.source("hdr.exr"));
        byte[] enc = TextureEncoder.encode(PixelFormat.PF_BC6H, hdr);
        assertEquals(PixelFormat.PF_BC6H.mipSize(64, 64), enc.length);
        float[] dec = TextureDecoder.decode(PixelFormat.PF_BC6H, enc, 0, 64, 64).floats();
        float[] ref = hdr.floats();
        double se = 0, ss = 0;
        for (int i = 0; i < dec.length; i++) {
            if ((i & 3) != 3) {
                double d = dec[i] - ref[i];
                se += d * d;
                ss += (double) ref[i] * ref[i];
            }
        }
        double rel = Math.sqrt(se / ss);
        assertTrue(rel <= 0.0221, "relative RMSE " + rel);
        assertThrows(UnsupportedVersionException.class,
                () -> TextureEncoder.encode(PixelFormat.PF_BC6H, hdr, new EncodeOptions(EncodeOptions.Quality.NORMAL, true)));
    }

    @Test
    void bc7EncoderUsesSeveralModesAndBeatsBc1() {
        Image im = ImageFiles.read(TextureTestSupport.source("rgb.png"));
        byte[] enc = TextureEncoder.encode(PixelFormat.PF_BC7, im);
        int[] modes = new int[9];
        for (int o = 0; o < enc.length; o += 16) {
            int first = enc[o] & 0xFF;
            modes[first == 0 ? 8 : Integer.numberOfTrailingZeros(first)]++;
        }
        int used = 0;
        for (int m = 0; m < 8; m++) {
            used += modes[m] > 0 ? 1 : 0;
        }
        assertEquals(0, modes[8], "invalid blocks");
        assertTrue(used >= 3, "modes used: " + java.util.Arrays.toString(modes));
        assertTrue(roundTrip(PixelFormat.PF_BC7, "rgb.png", 15, EncodeOptions.DEFAULT) >= 50.1);
        assertTrue(roundTrip(PixelFormat.PF_BC7, "rgba.png", 15, EncodeOptions.DEFAULT) >= 49.8);
        assertTrue(roundTrip(PixelFormat.PF_BC7, "normal.png", 15, EncodeOptions.DEFAULT) >= 52.6);
        assertTrue(roundTrip(PixelFormat.PF_BC7, "grayscale.png", 15, EncodeOptions.DEFAULT) >= 59.8);
        assertTrue(roundTrip(PixelFormat.PF_BC7, "rgb.png", 15, EncodeOptions.BEST) >= 55.9);
    }

    @Test
    void parallelEncodingGivesTheSerialBytes() {
        Image streaming = ImageFiles.read(TextureTestSupport.source("streaming.png"));
        Image hdr = ImageFiles.read(TextureTestSupport.source("hdr.exr"));
        Image rgba = ImageFiles.read(TextureTestSupport.source("rgba.png"));
        Object[][] cases = {
            {PixelFormat.PF_DXT1, streaming}, {PixelFormat.PF_DXT5, rgba}, {PixelFormat.PF_BC5, streaming},
            {PixelFormat.PF_BC7, streaming.crop(0, 0, 132, 100)}, {PixelFormat.PF_BC7, rgba}, {PixelFormat.PF_BC6H, hdr}};
        for (Object[] c : cases) {
            PixelFormat f = (PixelFormat) c[0];
            Image im = (Image) c[1];
            for (EncodeOptions o : List.of(EncodeOptions.FAST, EncodeOptions.DEFAULT)) {
                assertTrue(o.parallel());
                byte[] serial = TextureEncoder.encode(f, im, o.withParallel(false));
                byte[] parallel = TextureEncoder.encode(f, im, o);
                assertEquals(f.mipSize(im.width(), im.height()), parallel.length);
                assertArrayEquals(serial, parallel, f + " " + o.quality() + " " + im.width() + "x" + im.height());
            }
        }
        // the BC6H option check still happens on the caller's thread for large surfaces
        assertThrows(UnsupportedVersionException.class, () -> TextureEncoder.encode(PixelFormat.PF_BC6H,
                Image.rgbaFloat(128, 128, new float[128 * 128 * 4]), new EncodeOptions(EncodeOptions.Quality.NORMAL, true)));
    }

    @Test
    void badInputAndUnsupportedFormatsRaiseClearErrors() {
        TruncatedDataException t = assertThrows(TruncatedDataException.class,
                () -> TextureDecoder.decode(PixelFormat.PF_BC7, new byte[100], 0, 64, 64));
        assertTrue(t.getMessage().contains("PF_BC7") && t.getMessage().contains("4096") && t.getMessage().contains("100"), t.getMessage());
        assertThrows(TruncatedDataException.class, () -> TextureDecoder.decode(PixelFormat.PF_DXT1, new byte[2048], 8, 64, 64));
        FormatException u = assertThrows(UnsupportedVersionException.class,
                () -> TextureEncoder.encode(PixelFormat.PF_ASTC_4x4, Image.blank8(4, 4)));
        assertTrue(u.getMessage().contains("PF_ASTC_4x4"), u.getMessage());
        assertThrows(UnsupportedVersionException.class, () -> TextureDecoder.decode(PixelFormat.PF_PVRTC4, new byte[64], 0, 4, 4));
        assertFalse(TextureDecoder.canDecode(PixelFormat.PF_PVRTC2));
        assertTrue(TextureDecoder.canDecode(PixelFormat.PF_ASTC_12x12));
        assertTrue(TextureEncoder.canEncode(PixelFormat.PF_BC7));
        // random bytes never crash a block decoder (invalid encodings decode to defined colours)
        Random r = new Random(5);
        byte[] junk = new byte[16 * 64];
        r.nextBytes(junk);
        for (PixelFormat f : PixelFormat.values()) {
            if (TextureDecoder.canDecode(f) && f.isBlockCompressed()) {
                TextureDecoder.decode(f, junk, 0, f.blockWidth() * 4, f.blockHeight() * 4);
            }
        }
    }

    @Test
    void mipChainsAreGammaCorrectForSrgb() {
        byte[] px = new byte[2 * 1 * 4];
        px[0] = px[1] = px[2] = 0;
        px[3] = (byte) 255;
        px[4] = px[5] = px[6] = (byte) 255;
        px[7] = (byte) 255;
        Image im = Image.rgba8(2, 1, px);
        assertEquals(188, px(MipGenerator.next(im, true), 0, 0)[0]);
        assertEquals(128, px(MipGenerator.next(im, false), 0, 0)[0]);
        List<Image> chain = MipGenerator.chain(ImageFiles.read(TextureTestSupport.source("rgb.png")), 0, true);
        assertEquals(7, chain.size());
        assertEquals(1, chain.get(6).width());
        assertEquals(8, chain.get(3).height());
        assertEquals(3, MipGenerator.chain(Image.blank8(5, 3), 0, false).size());
    }
}
