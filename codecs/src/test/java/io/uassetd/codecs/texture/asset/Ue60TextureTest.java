package io.uassetd.codecs.texture.asset;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.iostore.ContainerKeys;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.pak.PakReadOptions;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.codecs.task.TaskMonitor;
import io.uassetd.codecs.texture.DecodeOptions;
import io.uassetd.codecs.texture.Image;
import io.uassetd.codecs.texture.PixelFormat;
import io.uassetd.codecs.texture.TextureDecoder;
import io.uassetd.codecs.texture.image.ImageFiles;
import io.uassetd.codecs.zen.convert.BulkConversionResult;
import io.uassetd.codecs.zen.convert.ZenToLegacy;
import io.uassetd.testkit.Fixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The textures of the UE6.0 fixture set against its SourceTextures, at the UE5.8 thresholds of
 * {@link TextureAssetTest}: converted from the AES-CTR encrypted TOC 10 container (Zen -> legacy,
 * bulk chunks as .ubulk) and extracted from the encrypted pak 15, read as UE6_0.
 */
class Ue60TextureTest {
    static final String UE60 = "cue4parse/UE6_0/";
    static final String KEY = "CUE4ParseFixtureAESKey0123456789";

    @TempDir
    static Path tmp;

    private static Map<String, Path> fromContainer;
    private static Map<String, Path> fromPak;

    @BeforeAll
    static void convert() throws IOException {
        Path out = tmp.resolve("iostore");
        try (PackageStore store = PackageStore.builder(ContainerKeys.of(AesKey.of(KEY.getBytes(StandardCharsets.US_ASCII))),
                Codecs.standard()).addContainer(Fixtures.path(UE60 + "IoStore/Tagged/global.utoc"), PackageStore.GAME_PRIORITY)
                .addContainer(Fixtures.path(UE60 + "IoStore/Tagged/OodleEncrypted/CUE4ParseFixtures-Minimal-OodleEncrypted-Windows.utoc"),
                        PackageStore.GAME_PRIORITY).build()) {
            BulkConversionResult r = ZenToLegacy.convertAll(store, n -> n.startsWith("/Game/Fixtures/Textures/"),
                    EngineVersion.UE6_0, ZenToLegacy.Unresolved.RECOVER, out, TaskMonitor.NONE);
            assertThat(r.failures()).isEmpty();
        }
        fromContainer = textures(out.resolve("Game/Fixtures/Textures"));
        Path pakOut = tmp.resolve("pak");
        try (PakReader r = PakReader.open(Fixtures.path(UE60 + "LegacyPak/Tagged/OodleEncrypted/"
                + "CUE4ParseFixtures-Legacy-Tagged-OodleEncrypted.pak"), PakReadOptions.defaults().withKey(
                        "435545345061727365466978747572654145534b657930313233343536373839"))) {
            r.extractAll(pakOut, n -> true, TaskMonitor.NONE);
        }
        fromPak = textures(pakOut);
    }

    private static Map<String, Path> textures(Path dir) throws IOException {
        Map<String, Path> out = new TreeMap<>();
        try (var s = Files.walk(dir)) {
            for (Path p : s.filter(p -> p.toString().endsWith(".uasset")).toList()) {
                AssetPackage pkg = AssetPackage.open(p, EngineVersion.UE6_0);
                if (pkg.exports().stream().anyMatch(e -> TextureAsset.isTextureClass(pkg.className(e)))) {
                    String n = p.getFileName().toString();
                    out.put(n.substring(0, n.length() - ".uasset".length()), p);
                }
            }
        }
        return out;
    }

    private static TextureAsset read(Path file) {
        return TextureAsset.read(AssetPackage.open(file, EngineVersion.UE6_0), null);
    }

    private static Image source(String name) {
        return ImageFiles.read(Fixtures.path(UE60 + "SourceTextures/" + name));
    }

    private static double psnr(Map<String, Path> files, String texture, String source, int channels, boolean z) {
        TextureAsset t = read(files.get(texture));
        return TextureFixtures.psnr(TextureImages.decode(t, 0, 0, TextureImages.options(t, z)), source(source), channels);
    }

    @Test
    void everyTextureOfTheContainerDecodesEveryMip() {
        assertThat(fromContainer).containsKeys("T_BC1", "T_BC3", "T_BC4", "T_BC5", "T_BC6H", "T_BC7", "T_BGRA8", "T_G8",
                "T_Mips", "T_Streaming", "T_Virtual", "T_UDIM");
        for (var en : fromContainer.entrySet()) {
            TextureAsset t = read(en.getValue());
            if (t.data().isVirtual()) {
                continue;
            }
            PixelFormat f = TextureImages.format(t);
            assertThat(TextureDecoder.canDecode(f)).as(en.getKey() + " " + f).isTrue();
            for (int mip = 0; mip < t.data().mips().size(); mip++) {
                List<Image> layers = TextureImages.decodeAll(t, mip, TextureImages.options(t, false));
                assertThat(layers).as(en.getKey()).hasSize(TextureImages.layers(t, mip));
                assertThat(layers.get(0).width()).isEqualTo(t.data().mips().get(mip).sizeX());
            }
        }
    }

    @Test
    void uncompressedEightBitTexturesMatchTheirSourcesExactly() {
        Image bgra = TextureImages.decode(read(fromContainer.get("T_BGRA8")), 0, 0, DecodeOptions.DEFAULT);
        assertThat(bgra.toRgba8().bytes()).isEqualTo(source("rgba.png").toRgba8().bytes());
        Image g8 = TextureImages.decode(read(fromContainer.get("T_G8")), 0, 0, DecodeOptions.DEFAULT);
        assertThat(TextureFixtures.psnr(g8, source("grayscale.png"), 4)).isInfinite();
    }

    /** The UE5.8 thresholds (dB) of {@link TextureAssetTest}, container and pak alike. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"T_BC1, rgb.png, 3, false, 47.5", "T_Mips, rgb.png, 3, false, 47.5", "T_BC3, rgba.png, 4, false, 49.0",
        "T_BC4, grayscale.png, 1, false, 43.5", "T_BC5, normal.png, 3, true, " + TextureAssetTest.BC5_NORMAL_PSNR,
        "T_Streaming, streaming.png, 3, false, 48.5", "T_BC7, rgba.png, 4, false, 54.5", "T_BC6H, hdr.exr, 3, false, 34.8"})
    void lossyTexturesMatchTheirSourcesAtTheUe58Thresholds(String texture, String src, int channels, boolean z, double min) {
        assertThat(psnr(fromContainer, texture, src, channels, z)).isGreaterThan(min);
        if (fromPak.containsKey(texture)) {
            assertThat(psnr(fromPak, texture, src, channels, z)).isGreaterThan(min);
        }
    }

    @Test
    void virtualTextureAndUdimAssembleToTheirSources() {
        Image vt = TextureImages.decodeVirtual(read(fromContainer.get("T_Virtual")), 0, 0, DecodeOptions.DEFAULT);
        assertThat(TextureFixtures.psnr(vt, source("streaming.png"), 3)).isGreaterThan(48.5);
        Image udim = TextureImages.decodeVirtual(read(fromContainer.get("T_UDIM")), 0, 0, DecodeOptions.DEFAULT);
        String[][] tiles = {{"udim.1001.png", "udim.1002.png"}, {"udim.1011.png", "udim.1012.png"}};
        for (int v = 0; v < 2; v++) {
            for (int u = 0; u < 2; u++) {
                Image part = udim.crop(u * 128, v * 128, 128, 128);
                assertThat(TextureFixtures.psnr(part, source(tiles[v][u]), 3)).as(tiles[v][u])
                        .isGreaterThan(TextureAssetTest.UDIM_PSNR[v][u]);
            }
        }
    }
}
