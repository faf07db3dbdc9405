package io.uassetd.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.json.UAssetJson;
import io.uassetd.codecs.bundle.ContainerCopy;
import io.uassetd.codecs.bundle.BundleChunk;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.crypto.EncryptionScheme;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.iostore.IoStoreContainer;
import io.uassetd.codecs.mods.Archive;
import io.uassetd.codecs.mods.ArchiveFile;
import io.uassetd.codecs.mods.GameDiff;
import io.uassetd.codecs.mods.Install;
import io.uassetd.codecs.mods.ModConflicts;
import io.uassetd.codecs.open.PackageOpener;
import io.uassetd.codecs.pak.PakSource;
import io.uassetd.codecs.pak.PakVersion;
import io.uassetd.codecs.pak.PakWriteOptions;
import io.uassetd.codecs.pak.PakWriter;
import io.uassetd.codecs.task.TaskMonitor;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code diff_game_versions} and {@code mod_conflicts} at scale, in process (the codecs the actions run).
 *
 * <p>diff_game_versions: every fixture pak and IoStore container (those a fixture key opens; UE5+
 * containers) written twice by uassetd's writers, each archive's paths under a folder of its own,
 * the second copy with every tenth package edited (one byte of its data changed); at two sizes (the
 * set once, and four times under four prefixes). Rows: reading both installs' indexes alone (the
 * baseline), the diff from the archives' hashes (the default), and the diff from the bytes
 * ({@code compare_bytes}).
 *
 * <p>mod_conflicts: 200 generated pak mods over a base game pak: every fifth changes a row of
 * UAssetGUI's DT_ThrowLights, every seventh an entry of World_StringTable, each also holds 2 (then 8)
 * packages from a pool of the CUE4Parse UE5.8 packages under 100 paths, so that mods overlap. Rows:
 * load order only ({@code compare_rows: false}) and with the table rows against the base.
 *
 * <p>Each figure is the best of three runs after a warm-up.
 */
public final class GameDiffBenchmark {
    private static final List<String> KEYS = List.of(BenchFixtures.CUE4PARSE_KEY,
            "94d25bc3aeb420e0be914edc9d5435a1eaab5f2864e09e94019ac205b727a7de");

    private GameDiffBenchmark() {
    }

    interface Timed {
        void run() throws Exception;
    }

    public static void main(String[] args) throws Exception {
        Path root = Files.createTempDirectory("uassetd-gamediff");
        Codecs codecs = Codecs.standard();
        List<AesKey> keys = KEYS.stream().map(AesKey::parse).toList();
        BenchReport report = new BenchReport("gamediff", "diff_game_versions (fixture archives, 10% of packages edited) and"
                + " mod_conflicts (200 generated mods)", "action", "size", "packages", "files", "mode", "seconds", "packages/s",
                "time vs baseline");
        try {
            Path fixtures = BenchFixtures.folder(".");
            List<Path> sources = Archive.find(fixtures);
            for (int copies : List.of(1, 4)) {
                Path older = root.resolve("old" + copies);
                Path newer = root.resolve("new" + copies);
                int[] written = installs(sources, keys, codecs, older, newer, copies);
                int packages;
                int files;
                try (Install n = Install.open(newer, keys, EncryptionScheme.STANDARD, codecs, null, TaskMonitor.NONE, () -> { })) {
                    files = n.providers().size();
                    packages = (int) n.providers().keySet().stream().filter(GameDiffBenchmark::isPackage).count();
                }
                String size = written[0] + " paks + " + written[1] + " containers";
                double index = best(() -> {
                    try (Install a = Install.open(older, keys, EncryptionScheme.STANDARD, codecs, null, TaskMonitor.NONE, () -> { });
                         Install b = Install.open(newer, keys, EncryptionScheme.STANDARD, codecs, null, TaskMonitor.NONE, () -> { })) {
                        a.providers();
                        b.providers();
                    }
                });
                double[] changed = new double[1];
                double hashes = best(() -> {
                    GameDiff.Result r = GameDiff.diff(older, newer, keys, EncryptionScheme.STANDARD, codecs, null, TaskMonitor.NONE);
                    changed[0] = r.changed().size();
                });
                double bytes = best(() -> {
                    try (Install a = Install.open(older, keys, EncryptionScheme.STANDARD, codecs, null, TaskMonitor.NONE, () -> { });
                         Install b = Install.open(newer, keys, EncryptionScheme.STANDARD, codecs, null, TaskMonitor.NONE, () -> { })) {
                        GameDiff.diff(a, b, TaskMonitor.NONE, true);
                    }
                });
                report.row("diff_game_versions", size, packages, files, "indexes only (baseline)", round3(index),
                        round(packages / index), 1.0);
                report.row("diff_game_versions", size, packages, files, "from hashes (" + (int) changed[0] + " changed)",
                        round3(hashes), round(packages / hashes), round(hashes / index));
                report.row("diff_game_versions", size, packages, files, "from bytes (compare_bytes)", round3(bytes),
                        round(packages / bytes), round(bytes / index));
                BenchFixtures.deleteTree(older);
                BenchFixtures.deleteTree(newer);
            }
            for (int perMod : List.of(2, 8)) {
                Path base = root.resolve("base" + perMod);
                Path mods = root.resolve("mods" + perMod);
                int packages = mods(base, mods, perMod);
                PackageOpener opener = new PackageOpener(null, null, null, f -> null, w -> { });
                Path scratch = Files.createDirectories(root.resolve("scratch"));
                double[] conflicts = new double[1];
                double order = best(() -> {
                    try (Install m = Install.open(mods, List.of(), EncryptionScheme.STANDARD, codecs, null, TaskMonitor.NONE, () -> { })) {
                        conflicts[0] = ModConflicts.find(m, null, null, scratch, TaskMonitor.NONE).conflicts().size();
                    }
                });
                double rows = best(() -> {
                    try (Install m = Install.open(mods, List.of(), EncryptionScheme.STANDARD, codecs, null, TaskMonitor.NONE, () -> { });
                         Install b = Install.open(base, List.of(), EncryptionScheme.STANDARD, codecs, null, TaskMonitor.NONE, () -> { })) {
                        ModConflicts.find(m, b, file -> {
                            PackageOpener.Opened o = opener.open(file);
                            return ModConflicts.tableTree(o.pkg(), o.mappings());
                        }, scratch, TaskMonitor.NONE);
                    }
                    BenchFixtures.deleteTree(scratch);
                    Files.createDirectories(scratch);
                });
                String size = "200 mods x " + perMod + " packages";
                report.row("mod_conflicts", size, packages, "", "load order (" + (int) conflicts[0] + " conflicts)", round3(order),
                        round(packages / order), 1.0);
                report.row("mod_conflicts", size, packages, "", "with table rows against the base", round3(rows), round(packages / rows),
                        round(rows / order));
            }
            report.summary("load_average_1min", round(ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage())).summary("cores", Runtime.getRuntime().availableProcessors());
        } finally {
            BenchFixtures.deleteTree(root);
        }
        System.out.println(report.table());
        report.publish();
    }

    private static boolean isPackage(String key) {
        return key.endsWith(".uasset") || key.endsWith(".umap");
    }

    /**
     * Writes every source archive twice (old, new: every tenth package edited), {@code copies} times under
     * {@code CopyN/FixtureM/}; returns the paks and containers written per side.
     */
    static int[] installs(List<Path> sources, List<AesKey> keys, Codecs codecs, Path older, Path newer, int copies) throws IOException {
        Files.createDirectories(older);
        Files.createDirectories(newer);
        int paks = 0;
        int containers = 0;
        int index = 0;
        for (Path src : sources) {
            index++;
            Archive a;
            try {
                a = Archive.open(src, src.getFileName().toString(), keys, EncryptionScheme.STANDARD, codecs);
            } catch (FormatException e) {
                continue;
            }
            try (a) {
                for (int c = 0; c < copies; c++) {
                    String prefix = "Copy" + c + "/Fixture" + index + "/";
                    String name = "F" + index + "_" + c;
                    if (a.isPak()) {
                        List<PakSource> plain = new ArrayList<>();
                        List<PakSource> edited = new ArrayList<>();
                        int pkg = 0;
                        boolean readable = true;
                        for (ArchiveFile f : a.files()) {
                            byte[] data;
                            try {
                                data = a.read(f);
                            } catch (RuntimeException e) {
                                readable = false;
                                break;
                            }
                            plain.add(PakSource.bytes(prefix + f.path(), data));
                            byte[] e = data;
                            if (isPackage(f.key()) && pkg++ % 10 == 0 && data.length > 0) {
                                e = data.clone();
                                e[e.length - 1] ^= 0x5A;
                            }
                            edited.add(PakSource.bytes(prefix + f.path(), e));
                        }
                        if (!readable || plain.isEmpty()) {
                            break;
                        }
                        PakWriteOptions o = PakWriteOptions.defaults().withCompression(CompressionMethod.ZLIB).withVersion(PakVersion.FNV64_BUG_FIX)
                                .withDurable(false).withMountPoint("../../../");
                        PakWriter.create(older.resolve(name + ".pak"), plain, o);
                        PakWriter.create(newer.resolve(name + ".pak"), edited, o);
                        paks++;
                    } else {
                        IoStoreContainer ic = a.container();
                        ContainerCopy.Snapshot s;
                        try {
                            s = ContainerCopy.read(ic, TaskMonitor.NONE);
                        } catch (FormatException e) {
                            break;
                        }
                        List<BundleChunk> plain = new ArrayList<>();
                        List<BundleChunk> edited = new ArrayList<>();
                        int pkg = 0;
                        for (BundleChunk ch : s.chunks()) {
                            String p = ch.path() == null ? null : prefix + ch.path();
                            plain.add(new BundleChunk(ch.id(), ch.data(), p));
                            byte[] e = ch.data();
                            if (p != null && isPackage(p.toLowerCase(Locale.ROOT)) && pkg++ % 10 == 0 && e.length > 0) {
                                e = e.clone();
                                e[e.length - 1] ^= 0x5A;
                            }
                            edited.add(new BundleChunk(ch.id(), e, p));
                        }
                        ContainerCopy.Options o = new ContainerCopy.Options(CompressionMethod.NONE, null, null, false, true);
                        ContainerCopy.write(new ContainerCopy.Snapshot(name, s.containerId(), s.profile(), s.mountPoint(), plain,
                                s.header(), s.method(), false), older.resolve(name + ".utoc"), o, codecs, TaskMonitor.NONE);
                        ContainerCopy.write(new ContainerCopy.Snapshot(name, s.containerId(), s.profile(), s.mountPoint(), edited,
                                s.header(), s.method(), false), newer.resolve(name + ".utoc"), o, codecs, TaskMonitor.NONE);
                        containers++;
                    }
                }
            } catch (RuntimeException e) {
                // an archive whose content cannot be copied (UE4 containers, no key) is left out
            }
        }
        return new int[] {paks, containers};
    }

    /** The base game pak and 200 mods; returns the package files the mods hold. */
    static int mods(Path base, Path mods, int perMod) throws Exception {
        Files.createDirectories(base);
        Files.createDirectories(mods);
        Path json = BenchFixtures.folder("uassetgui-json");
        ObjectNode lights = (ObjectNode) UAssetJson.parse(Files.readAllBytes(json.resolve("DT_ThrowLights.json")), "DT_ThrowLights.json");
        ObjectNode strings = (ObjectNode) UAssetJson.parse(Files.readAllBytes(json.resolve("World_StringTable.json")),
                "World_StringTable.json");
        String lp = "Moria/Content/Data/DT_ThrowLights";
        String sp = "Moria/Content/Text/World_StringTable";
        List<PakSource> game = new ArrayList<>();
        add(game, lp, UAssetJson.toPackageBytes(lights, "DT_ThrowLights.uasset"));
        add(game, sp, UAssetJson.toPackageBytes(strings, "World_StringTable.uasset"));
        List<byte[][]> pool = new ArrayList<>();
        Path ue58 = BenchFixtures.folder("cue4parse/UE5_8/LegacyPak/Tagged/Uncompressed");
        try (Archive a = Archive.open(Archive.find(ue58).get(0), "ue58", List.of(), EncryptionScheme.STANDARD, Codecs.standard())) {
            for (ArchiveFile f : a.files()) {
                if (f.key().endsWith(".uasset")) {
                    ArchiveFile uexp = a.files().stream().filter(x -> x.key().equals(f.key().replace(".uasset", ".uexp"))).findFirst()
                            .orElse(null);
                    pool.add(new byte[][] {a.read(f), uexp == null ? new byte[0] : a.read(uexp)});
                }
            }
        }
        PakWriteOptions o = PakWriteOptions.defaults().withDurable(false);
        PakWriter.create(base.resolve("Moria-Windows.pak"), game, o);
        int packages = 0;
        for (int i = 0; i < 200; i++) {
            List<PakSource> mod = new ArrayList<>();
            if (i % 5 == 0) {
                ObjectNode t = lights.deepCopy();
                JsonNode row = t.get("Exports").get(0).get("Table").get("Data").get(i % 2);
                ((ObjectNode) row.get("Value").get(0)).put("Value", 20.0 + i);
                add(mod, lp, UAssetJson.toPackageBytes(t, "DT_ThrowLights.uasset"));
                packages++;
            }
            if (i % 7 == 0) {
                ObjectNode t = strings.deepCopy();
                ArrayNode entry = (ArrayNode) t.get("Exports").get(0).get("Table").get("Value").get(i % 50);
                entry.set(1, t.textNode("mod " + i));
                add(mod, sp, UAssetJson.toPackageBytes(t, "World_StringTable.uasset"));
                packages++;
            }
            for (int j = 0; j < perMod; j++) {
                int slot = (i * perMod + j * 37) % 100;
                byte[][] p = pool.get(slot % pool.size());
                String path = "Mods/Pool/P" + slot + "/Asset" + (slot % pool.size());
                mod.add(PakSource.bytes(path + ".uasset", p[0]));
                if (p[1].length > 0) {
                    mod.add(PakSource.bytes(path + ".uexp", p[1]));
                }
                packages++;
            }
            PakWriter.create(mods.resolve(String.format(Locale.ROOT, "Mod%03d%s.pak", i, i % 3 == 0 ? "_P" : "")), mod, o);
        }
        return packages;
    }

    private static void add(List<PakSource> to, String path, AssetPackage.Bytes b) {
        to.add(PakSource.bytes(path + ".uasset", b.header()));
        to.add(PakSource.bytes(path + ".uexp", b.exports()));
    }

    private static double best(Timed t) throws Exception {
        t.run();
        double b = Double.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            long t0 = System.nanoTime();
            t.run();
            b = Math.min(b, (System.nanoTime() - t0) / 1e9);
        }
        return b;
    }

    private static double round(double d) {
        return Math.round(d * 10) / 10.0;
    }

    private static double round3(double d) {
        return Math.round(d * 1000) / 1000.0;
    }
}
