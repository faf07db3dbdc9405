package io.uassetd.codecs.texture.asset;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.texture.DecodeOptions;
import io.uassetd.codecs.texture.Image;
import io.uassetd.codecs.texture.TextureDecoder;
import io.uassetd.codecs.texture.image.ImageFiles;
import io.uassetd.testkit.Fixtures;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The Matya worm textures cooked by UE4.18, UE4.27 and UE5.0 (matya/), each against the PNG it was
 * made from (matya/raw). What is compared: mip 0 (256x256, the PNG's size), decoded to RGBA8, with
 * the PNG, over the channels the format stores: BC4 (T_Worm_A) the red channel (the PNG is grey,
 * R = G = B); DXT1 (T_Worm_D) red, green and blue; BC5 (T_Worm_N) red and green (X and Y; Z is not
 * stored, and 7 % of the PNG's pixels are not unit normals, so a rebuilt Z is not compared). The
 * UE4.18 normal map was cooked with its green channel inverted (its Y is 255 - the PNG's, to within
 * BC5's error; 9.6 dB against the PNG as is): it is compared with the PNG's green inverted.
 * Thresholds are per format, just under the lowest PSNR measured over the three engines (BC4 61.56
 * to 62.52 dB, DXT1 40.22 to 40.30 dB, BC5 34.05 to 34.15 dB).
 */
class MatyaTexturesTest {
    static final double BC4_MIN = 61.5;
    static final double DXT1_MIN = 40.2;
    static final double BC5_MIN = 34.0;

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "4.18, T_Worm_A, PF_BC4, UE4_0, 9, 2, 1, false",
        "4.18, T_Worm_D, PF_DXT1, UE4_0, 9, 2, 3, false",
        "4.18, T_Worm_N, PF_BC5, UE4_0, 1, 0, 2, true",
        "4.27, T_Worm_A, PF_BC4, UE4_20, 9, 2, 1, false",
        "4.27, T_Worm_D, PF_DXT1, UE4_20, 9, 2, 3, false",
        "4.27, T_Worm_N, PF_BC5, UE4_20, 1, 0, 2, false",
        "5.0, T_Worm_A, PF_BC4, UE5, 9, 2, 1, false",
        "5.0, T_Worm_D, PF_DXT1, UE5, 9, 2, 3, false",
        "5.0, T_Worm_N, PF_BC5, UE5, 1, 0, 2, false"})
    void decodesAgainstItsSource(String version, String name, String format, PlatformDataLayout layout, int mips, int inUbulk,
            int channels, boolean greenInverted) {
        TextureAsset t = read(version, name);
        TexturePlatformData d = t.data();
        assertThat(d.pixelFormat()).isEqualTo(format);
        assertThat(d.layout()).isEqualTo(layout);
        assertThat(d.mips()).hasSize(mips);
        assertThat(d.mips().stream().filter(m -> m.bulk().location() == BulkData.Location.UBULK)).hasSize(inUbulk);
        // every mip decodes at its size, from wherever its payload lives
        for (int i = 0; i < mips; i++) {
            Image img = TextureImages.decode(t, i, 0, DecodeOptions.DEFAULT);
            // the cooker stops halving at one 4x4 block: the last three mips are 4x4
            assertThat(d.mips().get(i).sizeX()).isEqualTo(Math.max(4, 256 >> i));
            assertThat(img.width()).isEqualTo(d.mips().get(i).sizeX());
            assertThat(img.height()).isEqualTo(d.mips().get(i).sizeY());
        }
        Image source = ImageFiles.read(Fixtures.path("matya/raw/" + name + ".png"));
        Image decoded = TextureImages.decode(t, 0, 0, TextureImages.options(t, false));
        double min = switch (format) {
            case "PF_BC4" -> BC4_MIN;
            case "PF_DXT1" -> DXT1_MIN;
            default -> BC5_MIN;
        };
        if (greenInverted) {
            assertThat(TextureFixtures.psnr(decoded, source, channels)).isLessThan(10);
            source = invertGreen(source);
        }
        double psnr = TextureFixtures.psnr(decoded, source, channels);
        assertThat(psnr).as(version + " " + name).isGreaterThan(min);
    }

    /** The 4.18 textures decode like the later cooks of the same sources: same size, close pixels. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"T_Worm_A, 1", "T_Worm_D, 3"})
    void oldAndNewCooksAgree(String name, int channels) {
        Image old = TextureImages.decode(read("4.18", name), 0, 0, DecodeOptions.DEFAULT);
        for (String v : List.of("4.27", "5.0")) {
            Image now = TextureImages.decode(read(v, name), 0, 0, DecodeOptions.DEFAULT);
            assertThat(TextureFixtures.psnr(old, now, channels)).isGreaterThan(40);
        }
        assertThat(TextureDecoder.canDecode(TextureImages.format(read("4.18", name)))).isTrue();
    }

    /** Strip mips writes each engine's layout (UE4.18: 32-bit skip offset, no SizeZ) and reads back with the same pixels. */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"4.18, T_Worm_D, 2, UE4_0", "4.18, T_Worm_A, 1, UE4_0", "4.27, T_Worm_D, 2, UE4_20", "5.0, T_Worm_A, 3, UE5"})
    void strippedMipsReadBackInTheEnginesLayout(String version, String name, int keep, PlatformDataLayout layout,
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) {
        TextureAsset before = read(version, name);
        TextureEditor.Edit edit = TextureOps.stripMips(before, keep);
        assertThat(edit.ubulk()).isNull();
        java.nio.file.Path out = tmp.resolve(name + ".uasset");
        TextureFiles.write(before.pkg(), out, edit.ubulk());
        TextureAsset after = TextureAsset.read(AssetPackage.open(out, EngineVersion.parse(version)), null);
        assertThat(after.data().layout()).isEqualTo(layout);
        assertThat(after.data().mips()).hasSize(keep);
        TextureAsset original = read(version, name);
        for (int i = 0; i < keep; i++) {
            assertThat(after.data().mips().get(i).bulk().location()).isEqualTo(BulkData.Location.INLINE);
            assertThat(TextureImages.mipData(after, i)).isEqualTo(TextureImages.mipData(original, i));
        }
    }

    static TextureAsset read(String version, String name) {
        AssetPackage p = AssetPackage.open(Fixtures.path("matya/" + version + "/" + name + ".uasset"), EngineVersion.parse(version));
        return TextureAsset.read(p, null);
    }

    private static Image invertGreen(Image img) {
        byte[] px = img.toRgba8().bytes().clone();
        for (int i = 1; i < px.length; i += 4) {
            px[i] = (byte) (255 - (px[i] & 255));
        }
        return Image.rgba8(img.width(), img.height(), px);
    }
}
