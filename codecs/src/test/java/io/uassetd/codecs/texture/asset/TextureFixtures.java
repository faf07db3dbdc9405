package io.uassetd.codecs.texture.asset;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.iostore.ContainerKeys;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.codecs.task.TaskMonitor;
import io.uassetd.codecs.texture.Image;
import io.uassetd.codecs.texture.image.ImageFiles;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.codecs.zen.convert.BulkConversionResult;
import io.uassetd.codecs.zen.convert.ZenToLegacy;
import io.uassetd.testkit.Fixtures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The UE5.8 texture fixtures as legacy packages: the IoStore containers' textures converted from Zen
 * (with their bulk chunks as .ubulk), and the legacy and Android paks extracted, each once per JVM.
 */
final class TextureFixtures {
    static final String UE58 = "cue4parse/UE5_8/";
    private static final Map<String, Path> DONE = new LinkedHashMap<>();
    private static Path root;
    private static Usmap mappings;

    private TextureFixtures() {
    }

    static synchronized Path dir(String variant) {
        return DONE.computeIfAbsent(variant, v -> {
            try {
                if (root == null) {
                    root = Files.createTempDirectory("uassetd-texture-fixtures");
                    root.toFile().deleteOnExit();
                }
                Path out = root.resolve(v.replace('/', '_'));
                if (v.startsWith("IoStore/")) {
                    String flavour = v.substring("IoStore/".length());
                    String kind = flavour.substring(0, flavour.indexOf('/'));
                    String pack = flavour.substring(flavour.indexOf('/') + 1);
                    try (PackageStore store = PackageStore.builder(ContainerKeys.of(AesKey.of(
                            "CUE4ParseFixtureAESKey0123456789".getBytes(StandardCharsets.US_ASCII))), Codecs.standard())
                            .addContainer(Fixtures.path(UE58 + "IoStore/" + kind + "/global.utoc"), PackageStore.GAME_PRIORITY)
                            .addContainer(Fixtures.path(UE58 + v + "/CUE4ParseFixtures-Minimal-" + pack + "-Windows.utoc"),
                                    PackageStore.GAME_PRIORITY).build()) {
                        BulkConversionResult r = ZenToLegacy.convertAll(store, n -> n.startsWith("/Game/Fixtures/Textures/"),
                                EngineVersion.UE5_8, ZenToLegacy.Unresolved.RECOVER, out, TaskMonitor.NONE);
                        if (!r.failures().isEmpty()) {
                            throw new IllegalStateException("conversion failed: " + r.failures());
                        }
                    }
                    return out.resolve("Game/Fixtures/Textures");
                }
                try (var s = Files.list(Fixtures.path(UE58 + v))) {
                    Path pak = s.filter(p -> p.toString().endsWith(".pak")).findFirst().orElseThrow();
                    try (PakReader r = PakReader.open(pak)) {
                        r.extractAll(out, n -> true, TaskMonitor.NONE);
                    }
                }
                return out;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** Every texture package (.uasset) under a variant's folder, by file name without extension. */
    static Map<String, Path> textures(String variant) {
        Map<String, Path> out = new TreeMap<>();
        try (var s = Files.walk(dir(variant))) {
            s.filter(p -> p.toString().endsWith(".uasset")).forEach(p -> {
                AssetPackage pkg = AssetPackage.open(p, EngineVersion.UE5_8);
                if (pkg.exports().stream().anyMatch(e -> TextureAsset.isTextureClass(pkg.className(e)))) {
                    String n = p.getFileName().toString();
                    out.put(n.substring(0, n.length() - ".uasset".length()), p);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    static synchronized Usmap mappings() {
        if (mappings == null) {
            mappings = Usmap.load(Fixtures.path(UE58 + "Mappings/CUE4ParseFixtures-Uncompressed.usmap"), Codecs.standard());
        }
        return mappings;
    }

    static TextureAsset read(Path file) {
        AssetPackage p = AssetPackage.open(file, EngineVersion.UE5_8);
        return TextureAsset.read(p, p.hasUnversionedProperties() ? mappings() : null);
    }

    static Image source(String name) {
        return ImageFiles.read(Fixtures.path(UE58 + "SourceTextures/" + name));
    }

    /** PSNR in dB over the first {@code channels} RGBA8 channels (Infinity when identical). */
    static double psnr(Image a, Image b, int channels) {
        byte[] x = a.toRgba8().bytes();
        byte[] y = b.toRgba8().bytes();
        if (a.width() != b.width() || a.height() != b.height()) {
            throw new AssertionError("sizes differ: " + a.width() + "x" + a.height() + " vs " + b.width() + "x" + b.height());
        }
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
}
