package io.uassetd.codecs.texture;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.DataResource;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.pak.PakEntry;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.codecs.texture.image.ImageFiles;
import io.uassetd.testkit.Fixtures;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Decodes the pixel blocks of real cooked textures (UE 5.8 fixtures) and compares them with the source
 * images they were cooked from. The blocks are found through the package's own data-resource table
 * (inline bulk data: offset in the .uexp); thresholds are what these decoders reach on these files.
 */
class RealTextureBlocksTest {
    private static final String ANDROID = "cue4parse/UE5_8/AndroidPak/CUE4ParseFixtures-Android-Textures.pak";
    private static final String LEGACY = "cue4parse/UE5_8/LegacyPak/Unversioned/Uncompressed/CUE4ParseFixtures-Legacy-Unversioned-Uncompressed.pak";

    /** The top 64x64 mip of texture {@code name} in a pak, decoded. */
    private static Image decode(String pak, String name, PixelFormat f, DecodeOptions opt) {
        try (PakReader r = PakReader.open(Fixtures.path(pak))) {
            PakEntry ua = r.entries().stream().filter(e -> e.path().endsWith("/" + name + ".uasset") || e.path().equals(name + ".uasset"))
                    .findFirst().orElseThrow(() -> new AssertionError(name + " not in " + pak));
            PakEntry ue = r.find(ua.path().replace(".uasset", ".uexp")).orElseThrow();
            byte[] uexp = r.readEntry(ue);
            AssetPackage p = AssetPackage.read(r.readEntry(ua), uexp, name + ".uasset", EngineVersion.UE5_8);
            long size = f.mipSize(64, 64);
            DataResource d = p.dataResources().stream().filter(x -> x.serialSize() == size).findFirst()
                    .orElseThrow(() -> new AssertionError(name + " has no " + size + "-byte mip"));
            return TextureDecoder.decode(f, uexp, (int) d.serialOffset(), 64, 64, opt);
        }
    }

    private static byte[] source(String png) {
        return ImageFiles.read(TextureTestSupport.source(png)).bytes();
    }

    private static void check(String name, PixelFormat f, String png, int mask, double minPsnr) {
        Image im = decode(ANDROID, name, f, DecodeOptions.DEFAULT);
        double p = TextureTestSupport.psnr(im.bytes(), source(png), mask);
        assertTrue(p >= minPsnr, name + " PSNR " + p + " < " + minPsnr);
    }

    @Test
    void etc2AndEacMatchTheirSources() {
        check("T_ETC2_RGB", PixelFormat.PF_ETC2_RGB, "rgb.png", 7, 49.4);
        check("T_ETC2_RGBA", PixelFormat.PF_ETC2_RGBA, "rgba.png", 15, 42.1);
        check("T_EAC_R11", PixelFormat.PF_ETC2_R11_EAC, "grayscale.png", 7, 47.4);
        // RG11 of the normal map reproduces red and green exactly
        Image rg = decode(ANDROID, "T_EAC_RG11", PixelFormat.PF_ETC2_RG11_EAC, DecodeOptions.DEFAULT);
        assertEquals(Double.POSITIVE_INFINITY, TextureTestSupport.psnr(rg.bytes(), source("normal.png"), 3));
    }

    @Test
    void astcEveryBlockSizeMatchesItsSource() {
        check("T_ASTC_4x4", PixelFormat.PF_ASTC_4x4, "rgba.png", 15, 52.3);
        check("T_ASTC_6x6", PixelFormat.PF_ASTC_6x6, "rgba.png", 15, 40.3);
        check("T_ASTC_8x8", PixelFormat.PF_ASTC_8x8, "rgba.png", 15, 43.0);
        check("T_ASTC_10x10", PixelFormat.PF_ASTC_10x10, "rgba.png", 15, 30.9);
        check("T_ASTC_12x12", PixelFormat.PF_ASTC_12x12, "rgba.png", 15, 31.0);
    }

    @Test
    void astcNormalMapIsLuminanceAlpha() {
        Image la = decode(ANDROID, "T_ASTC_Normal", PixelFormat.PF_ASTC_6x6, DecodeOptions.DEFAULT);
        Image rg = TextureDecoder.normalFromLuminanceAlpha(la, false);
        byte[] ref = source("normal.png");
        assertTrue(TextureTestSupport.psnr(rg.bytes(), ref, 1) >= 71.6, "X");
        assertTrue(TextureTestSupport.psnr(rg.bytes(), ref, 2) >= 70.0, "Y");
    }

    @Test
    void bc6hMatchesTheExrSource() {
        float[] dec = decode(LEGACY, "T_BC6H", PixelFormat.PF_BC6H, DecodeOptions.DEFAULT).floats();
        float[] ref = ImageFiles.read(TextureTestSupport.source("hdr.exr")).floats();
        double se = 0, ss = 0;
        for (int i = 0; i < dec.length; i++) {
            if ((i & 3) == 3) {
                assertEquals(1f, dec[i]);
                continue;
            }
            double d = dec[i] - ref[i];
            se += d * d;
            ss += (double) ref[i] * ref[i];
        }
        double relRmse = Math.sqrt(se / ss);
        assertTrue(relRmse <= 0.0161, "relative RMSE " + relRmse);
    }
}
