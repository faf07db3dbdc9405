package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.codecs.texture.Image;
import io.uassetd.codecs.texture.PixelFormat;
import io.uassetd.codecs.texture.TextureDecoder;
import io.uassetd.codecs.texture.image.Dds;
import io.uassetd.codecs.texture.image.ImageFiles;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.Reply;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The texture actions through the packaged daemon, on the UE5.8 textures that extract_iostore_legacy
 * makes of the Tagged and Unversioned containers (with their .ubulk from the bulk chunks) and the
 * Android pak's ASTC / ETC textures.
 */
class TextureActionsTest extends SharedDaemon {
    static final String SRC = "cue4parse/UE5_8/SourceTextures/";
    static final String USMAP = "cue4parse/UE5_8/Mappings/CUE4ParseFixtures-Uncompressed.usmap";
    static final List<String> NAMES = List.of("T_Array", "T_BC1", "T_BC3", "T_BC4", "T_BC5", "T_BC6H", "T_BC7", "T_BGRA8", "T_Cube",
            "T_CubeArray", "T_CurveAtlas", "T_FloatRGBA", "T_G16", "T_G8", "T_IES", "T_Mips", "T_R16F", "T_Streaming", "T_UDIM", "T_Virtual",
            "T_Volume");
    /** The pixel format of each texture of NAMES. */
    static final List<String> FORMATS = List.of("PF_B8G8R8A8", "PF_DXT1", "PF_DXT5", "PF_BC4", "PF_BC5", "PF_BC6H", "PF_BC7", "PF_B8G8R8A8",
            "PF_B8G8R8A8", "PF_B8G8R8A8", "PF_FloatRGBA", "PF_FloatRGBA", "PF_G16", "PF_G8", "PF_G8", "PF_DXT1", "PF_R16F", "PF_DXT1", "PF_DXT1",
            "PF_DXT1", "PF_B8G8R8A8");

    @TempDir
    static Path dir;

    @BeforeAll
    static void extract() throws Exception {
        for (String flavour : List.of("Tagged", "Unversioned")) {
            Map<String, Object> f = ZenActionsTest.request(flavour, dir.resolve(flavour));
            f.put("filter_patterns", List.of("/Game/Fixtures/Textures/"));
            Reply r = call("extract_iostore_legacy", f);
            assertThat(r.success()).as(r.message()).isTrue();
            assertThat(r.dataTree().get("extracted_count").intValue()).isEqualTo(21);
        }
        Path android;
        try (Stream<Path> s = Files.list(Fixtures.path("cue4parse/UE5_8/AndroidPak"))) {
            android = s.filter(p -> p.toString().endsWith(".pak")).findFirst().orElseThrow();
        }
        ok("extract_pak_all", Map.of("file_path", android.toString(), "output_path", dir.resolve("Android").toString()));
    }

    static Path tex(String flavour, String name) {
        return dir.resolve(flavour + "/Game/Fixtures/Textures/" + name + ".uasset");
    }

    static JsonNode ok(String action, Map<String, ?> fields) throws Exception {
        Reply r = call(action, fields);
        assertThat(r.success()).as(action + " " + fields + ": " + r.message()).isTrue();
        return r.dataTree();
    }

    static Reply fails(String action, Map<String, ?> fields, ErrorCode code) throws Exception {
        Reply r = call(action, fields);
        assertThat(r.success()).as(action + " should fail: " + r.message()).isFalse();
        assertThat(r.errorCode()).as(r.message()).isEqualTo(code);
        return r;
    }

    static Map<String, Object> on(Path file, Object... more) {
        Map<String, Object> f = new HashMap<>(Map.of("file_path", file.toString()));
        for (int i = 0; i < more.length; i += 2) {
            f.put((String) more[i], more[i + 1]);
        }
        return f;
    }

    static Image source(String name) {
        return ImageFiles.read(Fixtures.path(SRC + name));
    }

    static double psnr(Image a, Image b, int channels) {
        byte[] x = a.toRgba8().bytes();
        byte[] y = b.toRgba8().bytes();
        assertThat(a.width() + "x" + a.height()).isEqualTo(b.width() + "x" + b.height());
        double se = 0;
        long n = 0;
        for (int i = 0; i < x.length; i++) {
            if ((i & 3) < channels) {
                double d = (x[i] & 255) - (y[i] & 255);
                se += d * d;
                n++;
            }
        }
        return se == 0 ? Double.POSITIVE_INFINITY : 10 * Math.log10(255.0 * 255.0 / (se / n));
    }

    static boolean decodable(String pixelFormat) {
        return TextureDecoder.canDecode(PixelFormat.fromName(pixelFormat));
    }

    /** Copies a texture package (and its .ubulk) into {@code to} under the same relative path. */
    static Path copy(String flavour, String name, Path to) throws Exception {
        Path src = tex(flavour, name);
        Path dst = to.resolve("Game/Fixtures/Textures/" + name + ".uasset");
        Files.createDirectories(dst.getParent());
        for (String ext : List.of(".uasset", ".uexp", ".ubulk")) {
            Path s = src.resolveSibling(name + ext);
            if (Files.exists(s)) {
                Files.copy(s, dst.resolveSibling(name + ext));
            }
        }
        return dst;
    }

    // ---- get_texture_info -------------------------------------------------------------------------

    @Test
    void textureInfoOfEveryTexture() throws Exception {
        for (String flavour : List.of("Tagged", "Unversioned")) {
            for (int i = 0; i < NAMES.size(); i++) {
                Map<String, Object> f = on(tex(flavour, NAMES.get(i)));
                if (flavour.equals("Unversioned")) {
                    f.put("usmap_path", Fixtures.path(USMAP).toString());
                }
                JsonNode d = ok("get_texture_info", f);
                assertThat(d.get("pixel_format").textValue()).as(NAMES.get(i)).isEqualTo(FORMATS.get(i));
                assertThat(d.get("name").textValue()).isEqualTo(NAMES.get(i));
                assertThat(d.get("is_texture").booleanValue()).isTrue();
            }
        }
        JsonNode s = ok("get_texture_info", on(tex("Tagged", "T_Streaming")));
        assertThat(s.get("type").textValue()).isEqualTo("Texture2D");
        assertThat(s.get("width").intValue()).isEqualTo(512);
        assertThat(s.get("format").textValue()).isEqualTo("DXT1");
        assertThat(s.get("mip_count").intValue()).isEqualTo(10);
        assertThat(s.get("has_inline_data").booleanValue()).isFalse();
        assertThat(s.get("size_bytes").longValue()).isEqualTo(174_776);
        assertThat(s.get("streamed_mip_count").intValue()).isEqualTo(3);
        JsonNode m0 = s.get("mips").get(0);
        assertThat(m0.get("location").textValue()).isEqualTo("ubulk");
        assertThat(m0.get("file").textValue()).isEqualTo("T_Streaming.ubulk");
        assertThat(m0.get("size_bytes").longValue()).isEqualTo(131_072);
        assertThat(s.get("mips").get(3).get("location").textValue()).isEqualTo("inline");
        assertThat(s.get("mips").get(9).get("width").intValue()).isEqualTo(1);
        JsonNode g8 = ok("get_texture_info", on(tex("Unversioned", "T_G8"), "usmap_path", Fixtures.path(USMAP).toString()));
        assertThat(g8.get("compression_settings").textValue()).contains("Grayscale");
        assertThat(g8.get("srgb").booleanValue()).isFalse();
        JsonNode cube = ok("get_texture_info", on(tex("Tagged", "T_Cube")));
        assertThat(cube.get("kind").textValue()).isEqualTo("cube");
        assertThat(cube.get("slices").intValue()).isEqualTo(6);
        JsonNode vt = ok("get_texture_info", on(tex("Tagged", "T_UDIM")));
        assertThat(vt.get("is_virtual").booleanValue()).isTrue();
        assertThat(vt.get("virtual").get("blocks_x").intValue()).isEqualTo(2);
        assertThat(vt.get("virtual").get("tile_size").intValue()).isEqualTo(128);
        assertThat(vt.get("mip_count").intValue()).isEqualTo(9);
        fails("get_texture_info", on(dir.resolve("missing.uasset")), ErrorCode.NOT_FOUND);
    }

    // ---- extract -----------------------------------------------------------------------------------

    @Test
    void extractWritesEachFormat(@TempDir Path out) throws Exception {
        JsonNode png = ok("extract_texture_png", on(tex("Unversioned", "T_BGRA8"), "output_path", out.toString(), "usmap_path",
                Fixtures.path(USMAP).toString()));
        assertThat(png.get("output_path").textValue()).isEqualTo(out.resolve("T_BGRA8.png").toString());
        Image rgba = source("rgba.png");
        assertThat(ImageFiles.read(out.resolve("T_BGRA8.png")).toRgba8().bytes()).isEqualTo(rgba.toRgba8().bytes());
        for (String fmt : List.of("tga", "bmp")) {
            ok("extract_texture_png", on(tex("Tagged", "T_BGRA8"), "output_path", out.resolve("x." + fmt).toString(), "format", fmt));
            assertThat(ImageFiles.read(out.resolve("x." + fmt)).toRgba8().bytes()).as(fmt).isEqualTo(rgba.toRgba8().bytes());
        }
        // DDS: the original blocks of every mip
        ok("extract_texture_png", on(tex("Tagged", "T_Mips"), "output_path", out.resolve("T_Mips.dds").toString(), "format", "dds"));
        Dds.DdsImage dds = Dds.read(Files.readAllBytes(out.resolve("T_Mips.dds")), "T_Mips.dds");
        assertThat(dds.format()).isEqualTo(PixelFormat.PF_DXT1);
        assertThat(dds.mipCount()).isEqualTo(7);
        // 16-bit grey stays 16-bit in PNG; HDR goes to EXR and HDR as floats and to PNG tone-clamped
        ok("extract_texture_png", on(tex("Tagged", "T_G16"), "output_path", out.resolve("g16.png").toString()));
        assertThat(ImageFiles.read(out.resolve("g16.png")).kind()).isEqualTo(Image.Kind.RGBA16);
        for (String fmt : List.of("exr", "hdr", "png")) {
            JsonNode d = ok("extract_texture_png", on(tex("Tagged", "T_FloatRGBA"), "output_path", out.resolve("f." + fmt).toString(),
                    "format", fmt));
            assertThat(d.get("width").intValue()).isEqualTo(16);
            assertThat(ImageFiles.read(out.resolve("f." + fmt)).isHdr()).as(fmt).isEqualTo(!fmt.equals("png"));
        }
        // a mip from the .ubulk and one from the .uexp
        assertThat(ok("extract_texture_png", on(tex("Tagged", "T_Streaming"), "output_path", out.resolve("m1.png").toString(),
                "mip_index", 1)).get("width").intValue()).isEqualTo(256);
        assertThat(ok("extract_texture_png", on(tex("Tagged", "T_Streaming"), "output_path", out.resolve("m5.png").toString(),
                "mip_index", 5)).get("width").intValue()).isEqualTo(16);
        // a cube as a strip, and one face of it
        JsonNode strip = ok("extract_texture_png", on(tex("Tagged", "T_Cube"), "output_path", out.resolve("cube.png").toString(),
                "strip", true));
        assertThat(strip.get("width").intValue()).isEqualTo(96);
        assertThat(strip.get("slices").intValue()).isEqualTo(6);
        ok("extract_texture_png", on(tex("Tagged", "T_Cube"), "output_path", out.resolve("face2.png").toString(), "face", 2));
        assertThat(ImageFiles.read(out.resolve("face2.png")).bytes())
                .isEqualTo(ImageFiles.read(out.resolve("cube.png")).crop(32, 0, 16, 16).bytes());
        // virtual texture and UDIM assembled
        JsonNode vt = ok("extract_texture_png", on(tex("Tagged", "T_Virtual"), "output_path", out.resolve("vt.png").toString()));
        assertThat(vt.get("width").intValue()).isEqualTo(512);
        assertThat(psnr(ImageFiles.read(out.resolve("vt.png")), source("streaming.png"), 3)).isGreaterThan(48.5);
        // the CLI command
        Daemon.Result cli = Daemon.run("extract_texture", tex("Tagged", "T_BC1").toString(), out.resolve("cli.png").toString());
        assertThat(cli.status()).as(cli.stderr()).isZero();
        assertThat(psnr(ImageFiles.read(out.resolve("cli.png")), source("rgb.png"), 3)).isGreaterThan(47.5);
    }

    @Test
    void extractRefusesBadRequests(@TempDir Path out) throws Exception {
        fails("extract_texture_png", on(tex("Tagged", "T_BC1"), "output_path", out.toString(), "mip_index", 3), ErrorCode.INVALID_ARGUMENT);
        fails("extract_texture_png", on(tex("Tagged", "T_Cube"), "output_path", out.toString(), "slice_index", 6), ErrorCode.INVALID_ARGUMENT);
        fails("extract_texture_png", on(tex("Tagged", "T_BC1"), "output_path", out.toString(), "format", "jpg"), ErrorCode.INVALID_ARGUMENT);
        Path copy = copy("Tagged", "T_Streaming", out.resolve("trunc"));
        byte[] bulk = Files.readAllBytes(copy.resolveSibling("T_Streaming.ubulk"));
        Files.write(copy.resolveSibling("T_Streaming.ubulk"), Arrays.copyOf(bulk, 1000));
        Reply r = fails("extract_texture_png", on(copy, "output_path", out.resolve("t.png").toString()), ErrorCode.CORRUPT_DATA);
        assertThat(r.message()).contains("T_Streaming.ubulk");
        assertThat(out.resolve("t.png")).doesNotExist();
        try (Stream<Path> s = Files.list(out)) {
            assertThat(s.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList()).isEmpty();
        }
    }

    @Test
    void batchExtractsEveryTextureOfAFolder(@TempDir Path out) throws Exception {
        JsonNode d = ok("batch_extract_texture_png", Map.of("file_paths", List.of(dir.resolve("Tagged").toString()), "output_path",
                out.toString()));
        List<String> expectOk = new ArrayList<>();
        List<String> expectFail = new ArrayList<>();
        for (int i = 0; i < NAMES.size(); i++) {
            (decodable(FORMATS.get(i)) ? expectOk : expectFail).add(NAMES.get(i));
        }
        assertThat(d.get("total").intValue()).isEqualTo(21);
        assertThat(d.get("success_count").intValue()).isEqualTo(expectOk.size());
        List<String> written = new ArrayList<>();
        d.get("files").forEach(f -> written.add(f.get("name").textValue()));
        assertThat(written).containsExactlyElementsOf(expectOk);
        for (JsonNode e : d.get("errors")) {
            assertThat(e.get("code").textValue()).isEqualTo("UNSUPPORTED_VERSION");
        }
        assertThat(d.get("errors")).hasSize(expectFail.size());
        for (String n : expectOk) {
            assertThat(out.resolve("Game/Fixtures/Textures/" + n + ".png")).exists(); // the input folder's layout is mirrored
        }
        // Android: ASTC / ETC2 / EAC
        JsonNode a = ok("batch_extract_texture_png", Map.of("file_paths", List.of(dir.resolve("Android").toString()), "output_path",
                out.resolve("android").toString()));
        assertThat(a.get("total").intValue()).isEqualTo(10);
        assertThat(a.get("success_count").intValue()).as(a.get("errors").toString()).isEqualTo(10);
    }

    // ---- inline data, strip mips ---------------------------------------------------------------------

    @Test
    void inlineData() throws Exception {
        // UAssetTool's shapes: a bool, and the list of the textures with inline data
        assertThat(ok("has_inline_texture_data", on(tex("Tagged", "T_Streaming"))).isBoolean()).isTrue();
        assertThat(ok("has_inline_texture_data", on(tex("Tagged", "T_Streaming"))).booleanValue()).isFalse();
        assertThat(ok("has_inline_texture_data", on(tex("Tagged", "T_Mips"))).booleanValue()).isTrue();
        JsonNode info = ok("get_texture_info", on(tex("Tagged", "T_Mips")));
        assertThat(info.get("inline_mip_count").intValue()).isEqualTo(info.get("mip_count").intValue());
        JsonNode b = ok("batch_has_inline_texture_data", Map.of("file_paths", List.of(dir.resolve("Tagged").toString())));
        List<String> inline = new java.util.ArrayList<>();
        b.forEach(n -> inline.add(Path.of(n.textValue()).getFileName().toString()));
        // all but T_Streaming and the two virtual textures
        assertThat(inline).hasSize(18).doesNotContain("T_Streaming.uasset", "T_UDIM.uasset", "T_Virtual.uasset");
    }

    @Test
    void stripMipsInPlaceThenBundleAndBack(@TempDir Path out) throws Exception {
        Path in = out.resolve("in");
        Path streaming = copy("Tagged", "T_Streaming", in);
        Path mipsTex = copy("Tagged", "T_Mips", in);
        JsonNode s = ok("strip_mipmaps_native", on(streaming));
        assertThat(s.get("mips_before").intValue()).isEqualTo(10);
        assertThat(s.get("original_mips").intValue()).isEqualTo(10);
        assertThat(s.get("new_mips").intValue()).isEqualTo(1);
        assertThat(s.get("mips_after").intValue()).isEqualTo(1);
        assertThat(s.get("ubulk_removed").booleanValue()).isTrue();
        assertThat(streaming.resolveSibling("T_Streaming.ubulk")).doesNotExist();
        assertThat(streaming.resolveSibling("T_Streaming.uasset.bak")).exists();
        assertThat(streaming.resolveSibling("T_Streaming.ubulk.bak")).exists();
        JsonNode info = ok("get_texture_info", on(streaming));
        assertThat(info.get("mip_count").intValue()).isEqualTo(1);
        assertThat(info.get("has_inline_data").booleanValue()).isTrue();
        ok("extract_texture_png", on(streaming, "output_path", out.resolve("s.png").toString()));
        assertThat(psnr(ImageFiles.read(out.resolve("s.png")), source("streaming.png"), 3)).isGreaterThan(48.5);
        JsonNode keep3 = ok("strip_mipmaps_native", on(mipsTex, "keep_mips", 3, "output_path", mipsTex.toString()));
        assertThat(keep3.get("mips_after").intValue()).isEqualTo(3);
        for (Path p : List.of(streaming, mipsTex)) {
            for (String ext : List.of(".uasset.bak", ".uexp.bak", ".ubulk.bak")) {
                Files.deleteIfExists(p.resolveSibling(p.getFileName().toString().replace(".uasset", "") + ext));
            }
        }
        assertBundleRoundTrip(in, out);
    }

    /** The packages under {@code in} go into a bundle; extract_iostore_legacy of the game with it returns them byte for byte. */
    static void assertBundleRoundTrip(Path in, Path out) throws Exception {
        Path mods = out.resolve("mods");
        JsonNode b = ok("create_mod_iostore", Map.of("output_path", mods.resolve("Tex_P").toString(), "input_dir", in.toString(),
                "compression", "Zlib", "game", "none"));
        assertThat(b.get("errors")).isEmpty();
        Path game = Fixtures.path("cue4parse/UE5_8/IoStore/Tagged");
        Map<String, Object> legacy = new HashMap<>(Map.of("game_paks", game.toString(), "aes_key",
                IoStoreActionsTest.KEY_HEX, "mod_path", List.of(mods.toString()), "output_path", out.resolve("back").toString()));
        List<String> names = new ArrayList<>();
        try (Stream<Path> s = Files.list(in.resolve("Game/Fixtures/Textures"))) {
            s.filter(p -> p.toString().endsWith(".uasset")).forEach(p -> names.add("/Game/Fixtures/Textures/"
                    + p.getFileName().toString().replace(".uasset", "")));
        }
        legacy.put("filter_patterns", names);
        ok("extract_iostore_legacy", legacy);
        assertThat(BundleActionsTest.tree(out.resolve("back"))).isEqualTo(BundleActionsTest.tree(in));
    }

    @Test
    void batchStripWritesToAFolder(@TempDir Path out) throws Exception {
        JsonNode b = ok("batch_strip_mipmaps_native", Map.of("file_paths", List.of(tex("Unversioned", "T_Mips").toString(),
                tex("Unversioned", "T_Streaming").toString()), "output_path", out.toString()));
        assertThat(b.get("success_count").intValue()).isEqualTo(2);
        assertThat(out.resolve("T_Streaming.uasset")).exists();
        assertThat(out.resolve("T_Streaming.ubulk")).doesNotExist();
        assertThat(ok("get_texture_info", on(out.resolve("T_Mips.uasset"))).get("mip_count").intValue()).isEqualTo(1);
        assertThat(Files.size(tex("Unversioned", "T_Streaming").resolveSibling("T_Streaming.ubulk"))).isEqualTo(172_032); // source untouched
        fails("strip_mipmaps_native", on(tex("Tagged", "T_Virtual"), "output_path", out.resolve("v.uasset").toString()),
                ErrorCode.UNSUPPORTED_VERSION);
        assertThat(out.resolve("v.uasset")).doesNotExist();
    }

    @Test
    void aBadItemOfABatchStopsTheOthersOnlyWithFailFast(@TempDir Path out) throws Exception {
        List<String> files = List.of(out.resolve("Missing.uasset").toString(), tex("Unversioned", "T_Mips").toString(),
                tex("Unversioned", "T_Streaming").toString());
        Reply all = call("batch_strip_mipmaps_native", Map.of("file_paths", files, "output_path", out.resolve("all").toString()));
        assertThat(all.success()).isFalse();
        assertThat(all.errorCode()).isEqualTo(ErrorCode.NOT_FOUND);
        JsonNode d = all.dataTree();
        assertThat(List.of(d.get("total").intValue(), d.get("succeeded").intValue(), d.get("failed").intValue(), d.get("skipped").intValue()))
                .containsExactly(3, 2, 1, 0);
        assertThat(out.resolve("all/T_Mips.uasset")).exists();
        assertThat(d.get("results").get(0).get("code").textValue()).isEqualTo("NOT_FOUND");
        Reply fast = call("batch_strip_mipmaps_native", Map.of("file_paths", files, "output_path", out.resolve("fast").toString(),
                "fail_fast", true));
        assertThat(fast.success()).isFalse();
        JsonNode f = fast.dataTree();
        // items run in parallel: those not started when the first failed are skipped, each with its result
        assertThat(f.get("failed").intValue()).isEqualTo(1);
        assertThat(f.get("succeeded").intValue() + f.get("skipped").intValue()).isEqualTo(2);
        assertThat(f.get("results")).hasSize(3);
        assertThat(fast.warnings()).noneMatch(w -> w.contains("fail_fast"));
        Reply png = call("batch_extract_texture_png", Map.of("file_paths", files, "output_path", out.resolve("png").toString(), "fail_fast",
                true));
        assertThat(png.dataTree().get("total").intValue()).isEqualTo(3);
        assertThat(png.dataTree().get("results")).hasSize(3);
    }

    // ---- inject -----------------------------------------------------------------------------------------

    /** Injects {@code image} into a copy of {@code texture}, extracts it again and returns the PSNR against the image. */
    static double injectAndCompare(String texture, String image, int channels, Path out, int expectMips) throws Exception {
        Path copy = copy("Tagged", texture, out.resolve(texture));
        JsonNode r = ok("inject_texture", on(copy, "image_path", Fixtures.path(SRC + image).toString()));
        assertThat(r.get("mip_count").intValue()).as(texture).isEqualTo(expectMips);
        assertThat(copy.resolveSibling(texture + ".uasset.bak")).exists();
        Path png = out.resolve(texture + "-back.png");
        ok("extract_texture_png", on(copy, "output_path", png.toString()));
        return psnr(ImageFiles.read(png), source(image), channels);
    }

    @Test
    void injectEncodesToTheTexturesFormat(@TempDir Path out) throws Exception {
        assertThat(injectAndCompare("T_BGRA8", "rgb.png", 4, out, 1)).isInfinite();
        assertThat(injectAndCompare("T_G8", "grayscale.png", 3, out, 1)).isInfinite();
        assertThat(injectAndCompare("T_BC1", "rgb.png", 3, out, 1)).isGreaterThan(INJECT_BC1);
        assertThat(injectAndCompare("T_BC3", "rgba.png", 4, out, 1)).isGreaterThan(INJECT_BC3);
        assertThat(injectAndCompare("T_BC4", "grayscale.png", 1, out, 1)).isGreaterThan(INJECT_BC4);
        assertThat(injectAndCompare("T_BC5", "normal.png", 3, out, 1)).isGreaterThan(INJECT_BC5);
        assertThat(injectAndCompare("T_Mips", "rgb.png", 3, out, 7)).isGreaterThan(INJECT_BC1);
        assertThat(injectAndCompare("T_BC7", "rgba.png", 4, out, 1)).isGreaterThan(INJECT_BC7);
        // HDR: the EXR into BC6H and into FloatRGBA (16x16 -> 64x64), compared tone-clamped
        assertThat(injectAndCompare("T_BC6H", "hdr.exr", 3, out, 1)).isGreaterThan(INJECT_BC6H);
        assertThat(injectAndCompare("T_FloatRGBA", "hdr.exr", 3, out, 1)).isInfinite();
    }

    /** PSNR (dB) of inject then extract against the injected image, just under what the encoders reach (BC5: X and Y, Z rebuilt). */
    static final double INJECT_BC1 = 46.2;
    static final double INJECT_BC3 = 48.0;
    static final double INJECT_BC4 = 41.8;
    static final double INJECT_BC5 = 38.5;
    static final double INJECT_BC7 = 49.6;
    /** BC6H of hdr.exr, compared tone-clamped to 8 bits (the engine's own cook reaches 35.0 dB). */
    static final double INJECT_BC6H = 33.6;
    /** BC1 of the 512x512 gradient image (the engine's own cook reaches 48.7 dB). */
    static final double INJECT_BC1_STREAMING = 41.7;

    @Test
    void injectStreamingTextureKeepsItsLayoutAndBundles(@TempDir Path out) throws Exception {
        Path in = out.resolve("in");
        Path t = copy("Tagged", "T_Streaming", in);
        JsonNode r = ok("inject_texture", on(t, "image_path", Fixtures.path(SRC + "streaming.png").toString(), "output_path",
                t.toString()));
        assertThat(r.get("mip_count").intValue()).isEqualTo(10);
        assertThat(r.get("streamed_mip_count").intValue()).isEqualTo(3);
        assertThat(Files.size(t.resolveSibling("T_Streaming.ubulk"))).isEqualTo(172_032);
        JsonNode info = ok("get_texture_info", on(t));
        assertThat(info.get("mips").get(2).get("location").textValue()).isEqualTo("ubulk");
        assertThat(info.get("mips").get(3).get("location").textValue()).isEqualTo("inline");
        ok("extract_texture_png", on(t, "output_path", out.resolve("s.png").toString()));
        assertThat(psnr(ImageFiles.read(out.resolve("s.png")), source("streaming.png"), 3)).isGreaterThan(INJECT_BC1_STREAMING);
        // a bigger image into the 64x64 BC1: every size field follows
        Path bc1 = copy("Tagged", "T_BC1", in);
        JsonNode big = ok("inject_texture", on(bc1, "image_path", Fixtures.path(SRC + "udim.1002.png").toString(), "output_path",
                bc1.toString()));
        assertThat(big.get("width").intValue()).isEqualTo(128);
        assertThat(big.get("imported_size_updated").booleanValue()).isTrue();
        JsonNode bigInfo = ok("get_texture_info", on(bc1));
        assertThat(bigInfo.get("width").intValue()).isEqualTo(128);
        assertThat(bigInfo.get("property_values").get("ImportedSize").toString()).contains("128");
        // a DDS of the texture's own format is copied block for block, mips and all
        ok("extract_texture_png", on(tex("Tagged", "T_Mips"), "output_path", out.resolve("mips.dds").toString(), "format", "dds"));
        Path bc1b = copy("Tagged", "T_BC1", out.resolve("dds"));
        JsonNode dds = ok("inject_texture", on(bc1b, "image_path", out.resolve("mips.dds").toString(), "output_path", bc1b.toString()));
        assertThat(dds.get("copied_blocks").booleanValue()).isTrue();
        assertThat(dds.get("mip_count").intValue()).isEqualTo(7);
        ok("extract_texture_png", on(bc1b, "output_path", out.resolve("fromdds.dds").toString(), "format", "dds"));
        assertThat(Files.readAllBytes(out.resolve("fromdds.dds"))).isEqualTo(Files.readAllBytes(out.resolve("mips.dds")));
        assertBundleRoundTrip(in, out);
    }

    @Test
    void injectRefusesBadInputAndWritesNothing(@TempDir Path out) throws Exception {
        Path t = copy("Tagged", "T_BC1", out.resolve("in"));
        byte[] before = Files.readAllBytes(t.resolveSibling("T_BC1.uexp"));
        Path bad = out.resolve("bad.png");
        byte[] png = Files.readAllBytes(Fixtures.path(SRC + "rgb.png"));
        Files.write(bad, Arrays.copyOf(png, png.length / 2));
        fails("inject_texture", on(t, "image_path", bad.toString()), ErrorCode.CORRUPT_DATA);
        // a DDS cut short
        ok("extract_texture_png", on(tex("Tagged", "T_Mips"), "output_path", out.resolve("m.dds").toString(), "format", "dds"));
        byte[] dds = Files.readAllBytes(out.resolve("m.dds"));
        Files.write(out.resolve("short.dds"), Arrays.copyOf(dds, dds.length - 100));
        fails("inject_texture", on(t, "image_path", out.resolve("short.dds").toString()), ErrorCode.CORRUPT_DATA);
        // an image whose size is no multiple of the block size
        fails("inject_texture", on(t, "image_path", out.resolve("m.dds").toString().replace("m.dds", "none.png")), ErrorCode.NOT_FOUND);
        assertThat(Files.readAllBytes(t.resolveSibling("T_BC1.uexp"))).isEqualTo(before);
        assertThat(t.resolveSibling("T_BC1.uasset.bak")).doesNotExist();
        // a format without an encoder is named
        Path astc = dir.resolve("Android/T_ASTC_4x4.uasset");
        Reply r = fails("inject_texture", on(astc, "image_path", Fixtures.path(SRC + "rgb.png").toString(), "output_path",
                out.resolve("a.uasset").toString()), ErrorCode.UNSUPPORTED_VERSION);
        assertThat(r.message()).contains("PF_ASTC_4x4");
        assertThat(out.resolve("a.uasset")).doesNotExist();
    }

    @Test
    void batchInjectMatchesImagesByName(@TempDir Path out) throws Exception {
        Path in = out.resolve("in");
        copy("Tagged", "T_BC1", in);
        copy("Tagged", "T_G8", in);
        copy("Tagged", "T_BC3", in);
        Path images = Files.createDirectories(out.resolve("images"));
        Files.copy(Fixtures.path(SRC + "rgb.png"), images.resolve("T_BC1.png"));
        Files.copy(Fixtures.path(SRC + "grayscale.png"), images.resolve("T_G8.png"));
        JsonNode b = ok("batch_inject_texture", Map.of("file_paths", List.of(in.toString()), "image_dir", images.toString(),
                "output_path", out.resolve("out").toString()));
        assertThat(b.get("success_count").intValue()).isEqualTo(2);
        assertThat(b.get("without_image").toString()).contains("T_BC3");
        assertThat(out.resolve("out/T_G8.uasset")).exists();
        // the CLI commands
        Daemon.Result inject = Daemon.run("inject_texture", in.resolve("Game/Fixtures/Textures/T_BC3.uasset").toString(),
                Fixtures.path(SRC + "rgba.png").toString(), out.resolve("cli/T_BC3.uasset").toString());
        assertThat(inject.status()).as(inject.stderr()).isZero();
        // UAssetTool's argument order: batch_extract_texture <uasset_dir> <output_dir>
        Daemon.Result batch = Daemon.run("batch_extract_texture", out.resolve("cli").toString(), out.resolve("cli-png").toString(), "--json");
        assertThat(batch.status()).as(batch.stderr()).isZero();
        assertThat(batch.stdout()).contains("\"success_count\":1");
        assertThat(psnr(ImageFiles.read(out.resolve("cli-png/T_BC3.png")), source("rgba.png"), 4)).isGreaterThan(INJECT_BC3);
    }

    // ---- preview ------------------------------------------------------------------------------------------

    @Test
    void previewSheets(@TempDir Path out) throws Exception {
        JsonNode one = ok("texture_preview", on(tex("Tagged", "T_Mips"), "output_path", out.resolve("mips.png").toString()));
        assertThat(one.get("tile_count").intValue()).isEqualTo(7);
        assertThat(one.get("tiles").get(6).get("label").textValue()).isEqualTo("mip 6 1x1");
        Image sheet = ImageFiles.read(out.resolve("mips.png"));
        assertThat(sheet.width()).isEqualTo(one.get("width").intValue());
        JsonNode cube = ok("texture_preview", on(tex("Tagged", "T_Cube"), "output_path", out.toString()));
        assertThat(cube.get("tile_count").intValue()).isEqualTo(6);
        assertThat(Path.of(cube.get("output_path").textValue())).isEqualTo(out.resolve("T_Cube_preview.png"));
        JsonNode all = ok("texture_preview", on(dir.resolve("Tagged"), "output_path", out.resolve("all.png").toString()));
        int decodable = 0;
        for (String f : FORMATS) {
            decodable += decodable(f) ? 1 : 0;
        }
        assertThat(all.get("tile_count").intValue()).isEqualTo(decodable);
        assertThat(all.get("tile_count").intValue() + all.get("errors").size()).isEqualTo(21);
        Map<String, Integer> seen = new TreeMap<>();
        all.get("tiles").forEach(t -> seen.merge(t.get("label").textValue(), 1, Integer::sum));
        assertThat(seen).containsKey("T_Streaming").containsKey("T_UDIM");
    }
}
