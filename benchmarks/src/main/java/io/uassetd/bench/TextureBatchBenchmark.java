package io.uassetd.bench;

import java.util.Comparator;
import io.uassetd.client.UassetdClient;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.iostore.ContainerKeys;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.task.TaskMonitor;
import io.uassetd.codecs.texture.Image;
import io.uassetd.codecs.texture.asset.TextureAsset;
import io.uassetd.codecs.texture.asset.TextureImages;
import io.uassetd.codecs.texture.image.Png;
import io.uassetd.codecs.zen.convert.ZenToLegacy;
import io.uassetd.protocol.Reply;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * {@code batch_extract_texture_png} through the packaged daemon against the PNG writer alone on the
 * same decoded pixels (both on all cores, in the same run): the textures of the UE5.8 Tagged
 * container (converted to legacy packages, their decodable ones copied N times), written as PNGs.
 * Target: the batch reaches at least 70% of the PNG writer's throughput.
 */
public final class TextureBatchBenchmark {
    private TextureBatchBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int copies = Integer.getInteger("bench.texture.copies", 8);
        int rounds = Integer.getInteger("bench.texture.rounds", 3);
        Path root = Path.of(System.getProperty("uassetd.repoRoot", "."));
        Path jar = root.resolve("daemon/target/uassetd.jar");
        Path work = Files.createTempDirectory("uassetd-bench-texture");
        try {
            Path game = BenchFixtures.folder("cue4parse/UE5_8/IoStore/Tagged");
            Path conv = work.resolve("conv");
            try (PackageStore store = PackageStore.builder(ContainerKeys.of(AesKey.of(
                    "CUE4ParseFixtureAESKey0123456789".getBytes(StandardCharsets.US_ASCII))), Codecs.standard())
                    .addContainer(game.resolve("global.utoc"), PackageStore.GAME_PRIORITY)
                    .addContainer(game.resolve("Uncompressed/CUE4ParseFixtures-Minimal-Uncompressed-Windows.utoc"), PackageStore.GAME_PRIORITY)
                    .build()) {
                ZenToLegacy.convertAll(store, n -> n.startsWith("/Game/Fixtures/Textures/"), EngineVersion.UE5_8,
                        ZenToLegacy.Unresolved.RECOVER, conv, TaskMonitor.NONE);
            }
            // N copies of every texture package, each in its own folder; the decoded images for the baseline
            List<Image> decoded = new ArrayList<>();
            List<String> files = new ArrayList<>();
            long pixels = 0;
            try (Stream<Path> s = Files.walk(conv)) {
                for (Path f : s.filter(p -> p.toString().endsWith(".uasset")).sorted().toList()) {
                    TextureAsset t = TextureAsset.read(AssetPackage.open(f, EngineVersion.UE5_8), null);
                    Image img = t.data().isVirtual() ? TextureImages.decodeVirtual(t, 0, 0, TextureImages.options(t, false))
                            : TextureImages.decode(t, 0, 0, TextureImages.options(t, TextureImages.defaultReconstructZ(t)));
                    for (int c = 0; c < copies; c++) {
                        Path dir = Files.createDirectories(work.resolve("in/" + c));
                        String base = f.getFileName().toString().replace(".uasset", "");
                        for (String ext : List.of(".uasset", ".uexp", ".ubulk")) {
                            Path from = f.resolveSibling(base + ext);
                            if (Files.exists(from)) {
                                Files.copy(from, dir.resolve(base + ext));
                            }
                        }
                        files.add(dir.resolve(base + ".uasset").toString());
                        decoded.add(img.isHdr() ? img.toRgba8() : img);
                        pixels += (long) img.width() * img.height();
                    }
                }
            }
            double mpx = pixels / 1e6;
            // baseline: the PNG writer alone on the same pixels, all cores
            double best = Double.MAX_VALUE;
            for (int r = 0; r < rounds + 1; r++) {
                long t0 = System.nanoTime();
                decoded.parallelStream().forEach(i -> {
                    if (i.kind() == Image.Kind.RGBA16) {
                        Png.write16(i);
                    } else {
                        Png.write8(i);
                    }
                });
                double s = (System.nanoTime() - t0) / 1e9;
                if (r > 0) {
                    best = Math.min(best, s);
                }
            }
            double pngOnly = best;
            // the batch action in the packaged daemon (best of rounds, after one warm-up)
            double batch = Double.MAX_VALUE;
            int ok = 0;
            try (UassetdClient c = UassetdClient.spawnJar(jar)) {
                for (int r = 0; r < rounds + 1; r++) {
                    Path out = work.resolve("out" + r);
                    long t0 = System.nanoTime();
                    Reply rep = c.send("batch_extract_texture_png", Map.of("file_paths", List.of(work.resolve("in").toString()), "output_path", out.toString(),
                            "engine_version", "UE5_8")).get(600, TimeUnit.SECONDS);
                    double s = (System.nanoTime() - t0) / 1e9;
                    if (!rep.success()) {
                        throw new IllegalStateException(rep.message());
                    }
                    ok = rep.dataTree().get("success_count").intValue();
                    if (r > 0) {
                        batch = Math.min(batch, s);
                    }
                }
            }
            double ratio = pngOnly / batch;
            BenchReport report = new BenchReport("texture-batch",
                    "batch_extract_texture_png (packaged daemon: read package, decode, write PNG) vs the PNG writer alone on the same "
                            + "decoded pixels, all cores",
                    "case", "textures", "megapixels", "seconds", "mpixel_per_s", "vs_png_writer", "target", "meets_target");
            report.row("PNG writer alone (baseline)", decoded.size(), r2(mpx), r3(pngOnly), r2(mpx / pngOnly), "1.00", "-", "-");
            report.row("batch_extract_texture_png", ok, r2(mpx), r3(batch), r2(mpx / batch), String.format(Locale.ROOT, "%.2f", ratio),
                    ">= 0.70", ratio >= 0.70);
            report.summary("copies", copies);
            report.summary("cores", Runtime.getRuntime().availableProcessors());
            report.summary("load_average_at_end", Files.readString(Path.of("/proc/loadavg")).trim());
            report.publish();
        } finally {
            try (Stream<Path> s = Files.walk(work)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static String r2(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    private static String r3(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
