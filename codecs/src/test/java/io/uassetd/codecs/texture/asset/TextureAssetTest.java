package io.uassetd.codecs.texture.asset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.texture.DecodeOptions;
import io.uassetd.codecs.texture.Image;
import io.uassetd.codecs.texture.PixelFormat;
import io.uassetd.codecs.texture.TextureDecoder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Reading the UE5.8 texture fixtures (IoStore converted to legacy, legacy paks, Android pak) and decoding them. */
class TextureAssetTest {
    /** What every IoStore variant holds: class, pixel format, size, slices, mips (in .ubulk), virtual layout. */
    static final List<String> IOSTORE_TEXTURES = List.of(
            "T_Array Texture2DArray PF_B8G8R8A8 16x16 slices=4 mips=1 ubulk=0",
            "T_BC1 Texture2D PF_DXT1 64x64 slices=1 mips=1 ubulk=0",
            "T_BC3 Texture2D PF_DXT5 64x64 slices=1 mips=1 ubulk=0",
            "T_BC4 Texture2D PF_BC4 64x64 slices=1 mips=1 ubulk=0",
            "T_BC5 Texture2D PF_BC5 64x64 slices=1 mips=1 ubulk=0",
            "T_BC6H Texture2D PF_BC6H 64x64 slices=1 mips=1 ubulk=0",
            "T_BC7 Texture2D PF_BC7 64x64 slices=1 mips=1 ubulk=0",
            "T_BGRA8 Texture2D PF_B8G8R8A8 64x64 slices=1 mips=1 ubulk=0",
            "T_Cube TextureCube PF_B8G8R8A8 16x16 slices=6 cube mips=1 ubulk=0",
            "T_CubeArray TextureCubeArray PF_B8G8R8A8 16x16 slices=12 cube mips=1 ubulk=0",
            "T_CurveAtlas CurveLinearColorAtlas PF_FloatRGBA 64x1 slices=1 mips=1 ubulk=0",
            "T_FloatRGBA Texture2D PF_FloatRGBA 16x16 slices=1 mips=1 ubulk=0",
            "T_G16 Texture2D PF_G16 16x16 slices=1 mips=1 ubulk=0",
            "T_G8 Texture2D PF_G8 64x64 slices=1 mips=1 ubulk=0",
            "T_IES TextureLightProfile PF_G8 16x16 slices=1 mips=1 ubulk=0",
            "T_Mips Texture2D PF_DXT1 64x64 slices=1 mips=7 ubulk=0",
            "T_R16F Texture2D PF_R16F 16x16 slices=1 mips=1 ubulk=0",
            "T_Streaming Texture2D PF_DXT1 512x512 slices=1 mips=10 ubulk=3",
            "T_UDIM Texture2D PF_DXT1 256x256 slices=1 mips=0 ubulk=0 vt=2x2 blocks, tile 128+4, 9 mips, [PF_DXT1], 1 chunk in ubulk",
            "T_Virtual Texture2D PF_DXT1 512x512 slices=1 mips=0 ubulk=0 vt=1x1 blocks, tile 128+4, 10 mips, [PF_DXT1], 1 chunk in ubulk",
            "T_Volume VolumeTexture PF_B8G8R8A8 8x8 slices=4 mips=1 ubulk=0");

    static final List<String> ANDROID_TEXTURES = List.of(
            "T_ASTC_10x10 Texture2D PF_ASTC_10x10 64x64 slices=1 mips=1 ubulk=0",
            "T_ASTC_12x12 Texture2D PF_ASTC_12x12 64x64 slices=1 mips=1 ubulk=0",
            "T_ASTC_4x4 Texture2D PF_ASTC_4x4 64x64 slices=1 mips=1 ubulk=0",
            "T_ASTC_6x6 Texture2D PF_ASTC_6x6 64x64 slices=1 mips=1 ubulk=0",
            "T_ASTC_8x8 Texture2D PF_ASTC_8x8 64x64 slices=1 mips=1 ubulk=0",
            "T_ASTC_Normal Texture2D PF_ASTC_6x6 64x64 slices=1 mips=1 ubulk=0",
            "T_EAC_R11 Texture2D PF_ETC2_R11_EAC 64x64 slices=1 mips=1 ubulk=0",
            "T_EAC_RG11 Texture2D PF_ETC2_RG11_EAC 64x64 slices=1 mips=1 ubulk=0",
            "T_ETC2_RGB Texture2D PF_ETC2_RGB 64x64 slices=1 mips=1 ubulk=0",
            "T_ETC2_RGBA Texture2D PF_ETC2_RGBA 64x64 slices=1 mips=1 ubulk=0");

    static String describe(String name, TextureAsset t) {
        TexturePlatformData d = t.data();
        long ubulk = d.mips().stream().filter(m -> m.bulk().location() == BulkData.Location.UBULK).count();
        String s = name + " " + t.className() + " " + d.pixelFormat() + " " + d.sizeX() + "x" + d.sizeY() + " slices=" + d.numSlices()
                + (d.isCube() ? " cube" : "") + " mips=" + d.mips().size() + " ubulk=" + ubulk;
        VirtualTextureInfo v = d.virtualInfo();
        if (v != null) {
            s += " vt=" + v.widthInBlocks() + "x" + v.heightInBlocks() + " blocks, tile " + v.tileSize() + "+" + v.tileBorderSize() + ", "
                    + v.numMips() + " mips, " + v.layerFormats() + ", " + v.chunks().size() + " chunk in "
                    + v.chunks().stream().map(c -> c.bulk().location().label()).distinct().collect(Collectors.joining(","));
        }
        return s;
    }

    static List<String> inventory(Map<String, Path> files, boolean withMappings) {
        List<String> out = new ArrayList<>();
        files.forEach((name, file) -> {
            AssetPackage p = AssetPackage.open(file, EngineVersion.UE5_8);
            out.add(describe(name, TextureAsset.read(p, withMappings && p.hasUnversionedProperties() ? TextureFixtures.mappings() : null)));
        });
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"IoStore/Tagged/Uncompressed", "IoStore/Unversioned/Uncompressed", "IoStore/Tagged/Oodle"})
    void everyIoStoreTextureReads(String variant) {
        Map<String, Path> files = TextureFixtures.textures(variant);
        assertThat(inventory(files, true)).containsExactlyElementsOf(IOSTORE_TEXTURES);
        if (variant.contains("Unversioned")) {
            // without mappings the platform data is found by its shape: the same textures
            assertThat(inventory(files, false)).containsExactlyElementsOf(IOSTORE_TEXTURES);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"LegacyPak/Tagged/Uncompressed", "LegacyPak/Unversioned/Uncompressed", "LegacyPak/Tagged/Zlib"})
    void legacyPakTexturesMatchTheContainers(String variant) {
        Map<String, Path> files = TextureFixtures.textures(variant);
        assertThat(inventory(files, true)).containsExactly(IOSTORE_TEXTURES.get(5), IOSTORE_TEXTURES.get(17));
        Map<String, Path> zen = TextureFixtures.textures("IoStore/Tagged/Uncompressed");
        for (String n : files.keySet()) {
            TextureAsset a = TextureFixtures.read(files.get(n));
            TextureAsset b = TextureFixtures.read(zen.get(n));
            for (int i = 0; i < a.data().mips().size(); i++) {
                assertThat(TextureImages.mipData(a, i)).as(n + " mip " + i).isEqualTo(TextureImages.mipData(b, i));
            }
        }
    }

    @Test
    void androidTexturesRead() {
        assertThat(inventory(TextureFixtures.textures("AndroidPak"), false)).containsExactlyElementsOf(ANDROID_TEXTURES);
    }

    /** Every texture of every variant decodes every mip and layer, or, where the pixel layer has no decoder, says which format. */
    @ParameterizedTest
    @ValueSource(strings = {"IoStore/Tagged/Uncompressed", "IoStore/Unversioned/Oodle", "LegacyPak/Unversioned/Oodle", "AndroidPak"})
    void everyTextureDecodes(String variant) {
        for (var en : TextureFixtures.textures(variant).entrySet()) {
            TextureAsset t = TextureFixtures.read(en.getValue());
            PixelFormat f = TextureImages.format(t);
            if (t.data().isVirtual()) {
                VirtualTextureInfo v = t.data().virtualInfo();
                for (int level = 0; level < v.numMips(); level++) {
                    Image img = TextureImages.decodeVirtual(t, level, 0, DecodeOptions.DEFAULT);
                    assertThat(img.width()).isEqualTo(Math.max(1, v.width() >> level));
                }
                continue;
            }
            for (int mip = 0; mip < t.data().mips().size(); mip++) {
                int m = mip;
                if (!TextureDecoder.canDecode(f)) {
                    assertThatThrownBy(() -> TextureImages.decodeAll(t, m, DecodeOptions.DEFAULT)).as(en.getKey())
                            .isInstanceOf(UnsupportedVersionException.class).hasMessageContaining(f.name());
                    continue;
                }
                List<Image> layers = TextureImages.decodeAll(t, mip, TextureImages.options(t, false));
                assertThat(layers).as(en.getKey()).hasSize(TextureImages.layers(t, mip));
                assertThat(layers.get(0).width()).isEqualTo(t.data().mips().get(mip).sizeX());
                assertThat(layers.get(0).height()).isEqualTo(t.data().mips().get(mip).sizeY());
            }
        }
    }

    @Test
    void uncompressedEightBitTexturesMatchTheirSourcesExactly() {
        Map<String, Path> files = TextureFixtures.textures("IoStore/Tagged/Uncompressed");
        Image bgra = TextureImages.decode(TextureFixtures.read(files.get("T_BGRA8")), 0, 0, DecodeOptions.DEFAULT);
        assertThat(bgra.toRgba8().bytes()).isEqualTo(TextureFixtures.source("rgba.png").toRgba8().bytes());
        Image g8 = TextureImages.decode(TextureFixtures.read(files.get("T_G8")), 0, 0, DecodeOptions.DEFAULT);
        assertThat(TextureFixtures.psnr(g8, TextureFixtures.source("grayscale.png"), 4)).isInfinite();
    }

    /** Lossy formats against their sources, with thresholds just under what the decoders reach (dB). */
    @Test
    void blockCompressedTexturesMatchTheirSources() {
        Map<String, Path> files = TextureFixtures.textures("IoStore/Unversioned/Uncompressed");
        assertThat(psnr(files, "T_BC1", "rgb.png", 3, false)).isGreaterThan(47.5);
        assertThat(psnr(files, "T_Mips", "rgb.png", 3, false)).isGreaterThan(47.5);
        assertThat(psnr(files, "T_BC3", "rgba.png", 4, false)).isGreaterThan(49.0);
        assertThat(psnr(files, "T_BC4", "grayscale.png", 1, false)).isGreaterThan(43.5);
        assertThat(psnr(files, "T_BC5", "normal.png", 3, true)).isGreaterThan(BC5_NORMAL_PSNR);
        assertThat(psnr(files, "T_Streaming", "streaming.png", 3, false)).isGreaterThan(48.5);
    }

    static final double BC5_NORMAL_PSNR = 38.5;

    /**
     * The formats of the Android pak, BC6H and BC7 against their sources, thresholds (dB) just under what
     * the decoders reach: channels compared, Z rebuilt for normal maps (ASTC normal maps are cooked as
     * luminance + alpha), BC6H against the EXR source tone-clamped to 8 bits.
     */
    @ParameterizedTest(name = "{1}")
    @CsvSource({
        "AndroidPak, T_ASTC_4x4, rgba.png, 4, false, 52.2",
        "AndroidPak, T_ASTC_6x6, rgba.png, 4, false, 40.1",
        "AndroidPak, T_ASTC_8x8, rgba.png, 4, false, 42.9",
        "AndroidPak, T_ASTC_10x10, rgba.png, 4, false, 30.8",
        "AndroidPak, T_ASTC_12x12, rgba.png, 4, false, 30.9",
        "AndroidPak, T_ASTC_Normal, normal.png, 3, true, 38.5",
        "AndroidPak, T_EAC_R11, grayscale.png, 3, false, 47.2",
        "AndroidPak, T_EAC_RG11, normal.png, 3, true, 38.5",
        "AndroidPak, T_ETC2_RGB, rgb.png, 3, false, 49.3",
        "AndroidPak, T_ETC2_RGBA, rgba.png, 4, false, 41.9",
        "IoStore/Tagged/Uncompressed, T_BC7, rgba.png, 4, false, 54.5",
        "IoStore/Unversioned/Uncompressed, T_BC6H, hdr.exr, 3, false, 34.8"})
    void otherFormatsMatchTheirSources(String variant, String texture, String source, int channels, boolean z, double min) {
        assertThat(psnr(TextureFixtures.textures(variant), texture, source, channels, z)).isGreaterThan(min);
    }

    private static double psnr(Map<String, Path> files, String texture, String source, int channels, boolean z) {
        TextureAsset t = TextureFixtures.read(files.get(texture));
        return TextureFixtures.psnr(TextureImages.decode(t, 0, 0, TextureImages.options(t, z)), TextureFixtures.source(source), channels);
    }

    @Test
    void virtualTextureAndUdimAssembleToTheirSources() {
        Map<String, Path> files = TextureFixtures.textures("IoStore/Tagged/Uncompressed");
        Image vt = TextureImages.decodeVirtual(TextureFixtures.read(files.get("T_Virtual")), 0, 0, DecodeOptions.DEFAULT);
        assertThat(TextureFixtures.psnr(vt, TextureFixtures.source("streaming.png"), 3)).isGreaterThan(48.5);
        Image udim = TextureImages.decodeVirtual(TextureFixtures.read(files.get("T_UDIM")), 0, 0, DecodeOptions.DEFAULT);
        assertThat(udim.width()).isEqualTo(256);
        String[][] tiles = {{"udim.1001.png", "udim.1002.png"}, {"udim.1011.png", "udim.1012.png"}};
        for (int v = 0; v < 2; v++) {
            for (int u = 0; u < 2; u++) {
                Image part = udim.crop(u * 128, v * 128, 128, 128);
                assertThat(TextureFixtures.psnr(part, TextureFixtures.source(tiles[v][u]), 3)).as(tiles[v][u]).isGreaterThan(UDIM_PSNR[v][u]);
            }
        }
    }

    /** Per UDIM tile (1001, 1002 / 1011, 1012): DXT1 of flat shapes, gradients, and a checkerboard behind a triangle. */
    static final double[][] UDIM_PSNR = {{55.0, 46.5}, {46.3, 39.4}};

    /** The generated cube, array, cube array and volume slices: R = 17x + 41s, G = 29y + 67s, B = 11(x+y) + 97s (mod 256), A = 128 + (127 - 3x - 5y - 7s mod 128). */
    @ParameterizedTest
    @ValueSource(strings = {"T_Cube", "T_Array", "T_CubeArray", "T_Volume"})
    void slicesFollowTheirProceduralPattern(String name) {
        TextureAsset t = TextureFixtures.read(TextureFixtures.textures("IoStore/Unversioned/Uncompressed").get(name));
        List<Image> layers = TextureImages.decodeAll(t, 0, DecodeOptions.DEFAULT);
        assertThat(layers).hasSize(switch (name) {
            case "T_Cube" -> 6;
            case "T_CubeArray" -> 12;
            default -> 4;
        });
        for (int s = 0; s < layers.size(); s++) {
            Image img = layers.get(s);
            byte[] px = img.toRgba8().bytes();
            for (int y = 0; y < img.height(); y++) {
                for (int x = 0; x < img.width(); x++) {
                    int i = (y * img.width() + x) * 4;
                    int[] want = {(17 * x + 41 * s) & 255, (29 * y + 67 * s) & 255, (11 * (x + y) + 97 * s) & 255,
                            128 + Math.floorMod(127 - 3 * x - 5 * y - 7 * s, 128)};
                    int[] got = {px[i] & 255, px[i + 1] & 255, px[i + 2] & 255, px[i + 3] & 255};
                    assertThat(got).as(name + " slice " + s + " (" + x + ", " + y + ")").containsExactly(want);
                }
            }
        }
        Image strip = TextureImages.strip(layers);
        assertThat(strip.width()).isEqualTo(layers.size() * t.data().mips().get(0).sizeX());
        assertThat(strip.crop(t.data().mips().get(0).sizeX(), 0, t.data().mips().get(0).sizeX(), t.data().mips().get(0).sizeY())
                .bytes()).isEqualTo(layers.get(1).bytes());
    }

    @Test
    void everyMipOfTheStreamingTextureDecodesAtItsSize() {
        TextureAsset t = TextureFixtures.read(TextureFixtures.textures("IoStore/Tagged/Uncompressed").get("T_Streaming"));
        for (int i = 0; i < 10; i++) {
            Image img = TextureImages.decode(t, i, 0, DecodeOptions.DEFAULT);
            assertThat(img.width()).isEqualTo(512 >> i);
            assertThat(t.data().mips().get(i).bulk().location()).isEqualTo(i < 3 ? BulkData.Location.UBULK : BulkData.Location.INLINE);
        }
    }

    @Test
    void ddsKeepsTheOriginalBlocks() {
        TextureAsset t = TextureFixtures.read(TextureFixtures.textures("IoStore/Tagged/Uncompressed").get("T_Mips"));
        var dds = io.uassetd.codecs.texture.image.Dds.read(TextureImages.dds(t), "T_Mips.dds");
        assertThat(dds.format()).isEqualTo(PixelFormat.PF_DXT1);
        assertThat(dds.mipCount()).isEqualTo(7);
        for (int i = 0; i < 7; i++) {
            assertThat(dds.mip(i)).isEqualTo(TextureImages.mipData(t, i));
        }
    }

    // ---- bad input ------------------------------------------------------------------------------

    @Test
    void truncatedOrMissingUbulkIsAClearError(@TempDir Path tmp) throws Exception {
        Path src = TextureFixtures.textures("LegacyPak/Tagged/Uncompressed").get("T_Streaming");
        Path dst = tmp.resolve("T_Streaming.uasset");
        Files.copy(src, dst);
        Files.copy(AssetPackage.sibling(src, ".uexp"), AssetPackage.sibling(dst, ".uexp"));
        byte[] bulk = Files.readAllBytes(AssetPackage.sibling(src, ".ubulk"));
        Files.write(AssetPackage.sibling(dst, ".ubulk"), Arrays.copyOf(bulk, 150_000));
        TextureAsset t = TextureFixtures.read(dst);
        assertThat(TextureImages.mipData(t, 0)).hasSize(131072); // mip 0 (bytes 0 to 131072) is whole
        assertThatThrownBy(() -> TextureImages.mipData(t, 1)).isInstanceOf(TruncatedDataException.class)
                .hasMessageContaining("T_Streaming.ubulk").hasMessageContaining("exceeds file size 150,000");
        Files.delete(AssetPackage.sibling(dst, ".ubulk"));
        assertThatThrownBy(() -> TextureImages.mipData(TextureFixtures.read(dst), 0)).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining(".ubulk file, which is missing");
    }

    @Test
    void mipSizeDisagreeingWithTheFormatIsCorrupt() {
        Path src = TextureFixtures.textures("IoStore/Tagged/Uncompressed").get("T_BGRA8");
        AssetPackage p = AssetPackage.open(src, EngineVersion.UE5_8);
        TextureAsset t = TextureAsset.read(p, null);
        TextureMip m = t.data().mips().get(0);
        Export e = t.export();
        byte[] raw = e.rawData();
        int sizeAt = (int) (m.bulk().inlineOffset() + m.bulk().sizeOnDisk());
        raw[sizeAt] = 32; // SizeX 64 -> 32
        e.setRawData(raw);
        TextureAsset bad = TextureAsset.read(p, null);
        assertThatThrownBy(() -> TextureImages.mipData(bad, 0)).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("needs 8192 bytes but its bulk data holds 16384");
    }

    @Test
    void truncatedPlatformDataIsCorrupt() {
        Path src = TextureFixtures.textures("IoStore/Tagged/Uncompressed").get("T_Mips");
        AssetPackage p = AssetPackage.open(src, EngineVersion.UE5_8);
        TextureAsset t = TextureAsset.read(p, null);
        byte[] raw = t.export().rawData();
        t.export().setRawData(Arrays.copyOf(raw, t.data().entryStart() + 200));
        assertThatThrownBy(() -> TextureAsset.read(p, null)).isInstanceOf(FormatException.class);
    }

    /** Textures cooked by other projects' UE5.5 games: every mip reads (inline and .ubulk); a .ubulk left out of the fixtures is named. */
    @Test
    void ue55TexturesOfUAssetApiAndRetoc() {
        for (String f : List.of("uassetapi/TestUE5_5/BlankGame/T_Test.uasset", "retoc/UE5.5/T_Test.uasset")) {
            AssetPackage p = AssetPackage.open(io.uassetd.testkit.Fixtures.path(f), EngineVersion.UE5_5);
            TextureAsset t = TextureAsset.read(p, null);
            assertThat(describe("T_Test", t)).isEqualTo("T_Test Texture2D PF_DXT1 2048x2048 slices=1 mips=12 ubulk=5");
            for (int i = 0; i < 12; i++) {
                assertThat(TextureImages.decode(t, i, 0, DecodeOptions.DEFAULT).width()).isEqualTo(2048 >> i);
            }
        }
        AssetPackage p = AssetPackage.open(io.uassetd.testkit.Fixtures.path("uassetapi/TestUE5_5/BlankGame/T_pl01_001_body_D.uasset"),
                EngineVersion.UE5_5);
        TextureAsset t = TextureAsset.read(p, null);
        assertThat(describe("T_pl01_001_body_D", t)).isEqualTo("T_pl01_001_body_D Texture2D PF_DXT5 2048x2048 slices=1 mips=12 ubulk=5");
        assertThat(TextureImages.decode(t, 5, 0, DecodeOptions.DEFAULT).width()).isEqualTo(64);
        assertThatThrownBy(() -> TextureImages.decode(t, 0, 0, DecodeOptions.DEFAULT)).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining(".ubulk file, which is missing").hasMessageContaining("T_pl01_001_body_D.ubulk");
    }
}
