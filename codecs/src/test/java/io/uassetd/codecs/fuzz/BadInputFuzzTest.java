package io.uassetd.codecs.fuzz;

import static org.assertj.core.api.Assertions.assertThat;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.PackageFileSummary;
import io.uassetd.codecs.asset.json.UAssetJson;
import io.uassetd.codecs.asset.json.compact.CompactJson;
import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.iostore.ContainerKeys;
import io.uassetd.codecs.iostore.IoStoreContainer;
import io.uassetd.codecs.locres.LocMeta;
import io.uassetd.codecs.locres.LocRes;
import io.uassetd.codecs.locres.LocResJson;
import io.uassetd.codecs.locres.LocResReader;
import io.uassetd.codecs.locres.LocResVersion;
import io.uassetd.codecs.locres.LocResWriter;
import io.uassetd.codecs.pak.PakEntry;
import io.uassetd.codecs.pak.PakReadOptions;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.codecs.task.TaskMonitor;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.codecs.zen.ZenPackage;
import io.uassetd.testkit.Fixtures;
import io.uassetd.testkit.FuzzOutcomes;
import io.uassetd.testkit.Mutator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mutated inputs of every kind (seeded, so each run makes the same ones) go through what the
 * daemon's actions do with them: every outcome is either a normal result or a FormatException
 * naming the file, never another exception (which the daemon would report as INTERNAL) or a hang
 * (each kind has a time limit).
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class BadInputFuzzTest {
    private static final Codecs CODECS = Codecs.standard();

    @TempDir
    Path tmp;

    private static void assertNoBugs(String kind, FuzzOutcomes o, int expected) {
        o.report(kind);
        assertThat(o.total()).as(kind + " cases").isEqualTo(expected);
        assertThat(o.bugs()).as(kind + ": inputs that escaped as something other than a FormatException naming the file").isEmpty();
        // the mutations must matter: some inputs are refused
        assertThat(o.rejected()).as(kind + " rejected").isPositive();
    }

    // ---- pak ---------------------------------------------------------------------------------------

    @Test
    void mutatedPaks() throws Exception {
        FuzzOutcomes o = new FuzzOutcomes();
        List<String> paks = List.of("repak/packs/pack_v5.pak", "repak/packs/pack_v11_compress.pak", "repak/packs/pack_v11_compress_encrypt_encryptindex.pak",
                "cue4parse/UE5_8/Pak/Oodle/CUE4ParseFixtures-Minimal-Oodle.pak");
        String repakKey = "94d25bc3aeb420e0be914edc9d5435a1eaab5f2864e09e94019ac205b727a7de";
        int perPak = 150 * FuzzOutcomes.scale();
        for (String rel : paks) {
            byte[] src = Files.readAllBytes(Fixtures.path(rel));
            // the index and footer sit at the end of these paks
            Mutator m = new Mutator(rel.hashCode(), Mutator.range(Math.max(0, src.length - 1024), src.length, 4));
            Path f = tmp.resolve("fuzz.pak");
            PakReadOptions opts = rel.contains("encrypt") ? PakReadOptions.defaults().withKey(AesKey.parse(repakKey)) : PakReadOptions.defaults();
            for (int i = 0; i < perPak; i++) {
                Mutator.Mutation mu = m.next(src);
                Files.write(f, mu.data());
                o.check(rel + " #" + i + " " + mu.description(), () -> {
                    try (PakReader r = PakReader.open(f, opts)) {
                        for (PakEntry e : r.entries()) {
                            r.readEntry(e);
                        }
                        r.verifyAll(TaskMonitor.NONE);
                    }
                });
            }
        }
        assertNoBugs("paks", o, paks.size() * perPak);
    }

    // ---- IoStore -----------------------------------------------------------------------------------

    @Test
    void mutatedContainers() throws Exception {
        FuzzOutcomes o = new FuzzOutcomes();
        String dir = "cue4parse/UE5_8/IoStore/";
        List<String> variants = List.of("Unversioned/Uncompressed/CUE4ParseFixtures-Minimal-Uncompressed-Windows",
                "Tagged/Oodle/CUE4ParseFixtures-Minimal-Oodle-Windows");
        int perFile = 40 * FuzzOutcomes.scale();
        for (String v : variants) {
            byte[] utoc = Files.readAllBytes(Fixtures.path(dir + v + ".utoc"));
            byte[] ucas = Files.readAllBytes(Fixtures.path(dir + v + ".ucas"));
            Path t = tmp.resolve("fuzz.utoc");
            Path c = tmp.resolve("fuzz.ucas");
            // the TOC header, then its tables (chunk ids, offsets/lengths, hash map, compression blocks)
            Mutator tocMutator = new Mutator(v.hashCode(), Mutator.range(0, Math.min(utoc.length, 4096), 4));
            Mutator casMutator = new Mutator(v.hashCode() * 31L, null);
            for (int i = 0; i < 2 * perFile; i++) {
                boolean toc = i % 2 == 0;
                Mutator.Mutation mu = toc ? tocMutator.next(utoc) : casMutator.next(ucas);
                Files.write(t, toc ? mu.data() : utoc);
                Files.write(c, toc ? ucas : mu.data());
                o.check(v + (toc ? ".utoc" : ".ucas") + " #" + i + " " + mu.description(), () -> {
                    try (IoStoreContainer ct = IoStoreContainer.open(t, ContainerKeys.none(), CODECS)) {
                        ct.files();
                        ct.summary();
                        for (int k = 0; k < ct.chunkCount(); k++) {
                            byte[] chunk = ct.readChunk(k);
                            if (ct.chunkId(k).type(true) == io.uassetd.codecs.iostore.toc.IoChunkType.EXPORT_BUNDLE_DATA) {
                                ZenPackage.read(chunk, "fuzz chunk " + k, EngineVersion.UE5_8);
                            }
                        }
                    }
                });
            }
        }
        assertNoBugs("IoStore containers (.utoc/.ucas)", o, variants.size() * 2 * perFile);
    }

    /**
     * Zen packages inside a container, converted to legacy packages as extract_iostore_legacy does:
     * the mutations hit the package chunks' headers (summary, name map, import/export maps) in the .ucas.
     */
    @Test
    void mutatedZenPackagesConvertOrFailClearly() throws Exception {
        FuzzOutcomes o = new FuzzOutcomes();
        String base = "cue4parse/UE5_8/IoStore/Unversioned/";
        String name = "CUE4ParseFixtures-Minimal-Uncompressed-Windows";
        Path global = Fixtures.path(base + "global.utoc");
        byte[] utoc = Files.readAllBytes(Fixtures.path(base + "Uncompressed/" + name + ".utoc"));
        byte[] ucas = Files.readAllBytes(Fixtures.path(base + "Uncompressed/" + name + ".ucas"));
        List<Integer> hot = new ArrayList<>();
        List<Long> ids = new ArrayList<>();
        try (IoStoreContainer ct = IoStoreContainer.open(Fixtures.path(base + "Uncompressed/" + name + ".utoc"), ContainerKeys.none(), CODECS)) {
            for (int k = 0; k < ct.chunkCount(); k++) {
                if (ct.chunkId(k).type(true) == io.uassetd.codecs.iostore.toc.IoChunkType.EXPORT_BUNDLE_DATA) {
                    byte[] chunk = ct.readChunk(k);
                    int at = io.uassetd.testkit.ByteSearch.indexOf(ucas, java.util.Arrays.copyOf(chunk, Math.min(chunk.length, 96)));
                    assertThat(at).as("package chunk " + k + " stored uncompressed").isNotNegative();
                    for (int i = 0; i < Math.min(chunk.length, 512); i += 4) {
                        hot.add(at + i);
                    }
                    ids.add(ct.chunkId(k).id());
                }
            }
        }
        Path dir = Files.createDirectories(tmp.resolve("zen"));
        Files.write(dir.resolve(name + ".utoc"), utoc);
        Mutator m = new Mutator(2024, hot.stream().mapToInt(Integer::intValue).toArray());
        Random pick = new Random(5);
        int cases = 80 * FuzzOutcomes.scale();
        Path ucasFile = dir.resolve(name + ".ucas");
        Files.write(ucasFile, ucas);
        // one store over the whole run: each case rewrites the .ucas in place, which the open container reads through
        try (io.uassetd.codecs.iostore.PackageStore store = io.uassetd.codecs.iostore.PackageStore.builder(ContainerKeys.none(), CODECS)
                .addContainer(global, io.uassetd.codecs.iostore.PackageStore.GAME_PRIORITY)
                .addContainer(dir.resolve(name + ".utoc"), io.uassetd.codecs.iostore.PackageStore.GAME_PRIORITY).build()) {
            for (int i = 0; i < cases; i++) {
                Mutator.Mutation mu = m.next(ucas);
                Files.write(ucasFile, mu.data());
                long id = ids.get(pick.nextInt(ids.size()));
                o.check("ucas #" + i + " " + mu.description() + ", package " + Long.toHexString(id), () -> {
                    for (long each : List.of(id, ids.get(0))) {
                        io.uassetd.codecs.zen.convert.ZenToLegacy.convert(store, each, EngineVersion.UE5_8,
                                io.uassetd.codecs.zen.convert.ZenToLegacy.Unresolved.RECOVER).writeUnder(tmp.resolve("legacy"));
                    }
                });
            }
        }
        assertNoBugs("Zen packages (converted to legacy)", o, cases);
    }

    // ---- legacy packages ---------------------------------------------------------------------------

    /** What the asset actions do with a package: tables with names, type, properties, JSON, compact JSON, write. */
    static void exercisePackage(byte[] header, byte[] uexp, EngineVersion engine) {
        AssetPackage p = AssetPackage.read(header, uexp, "fuzz.uasset", engine);
        p.importInfos();
        p.exportInfos();
        for (Export e : p.exports()) {
            p.name(e.entry().objectName());
            p.className(e);
        }
        for (int i = 0; i < p.names().size(); i++) {
            p.names().get(i);
        }
        if (!p.hasUnversionedProperties()) {
            PropertyParser.parseAll(p, null);
            UAssetJson.toJson(p, null);
            CompactJson.write(p, null);
        }
        p.toBytes();
    }

    @Test
    void mutatedPackages() throws Exception {
        FuzzOutcomes o = new FuzzOutcomes();
        List<String> packages = List.of("uassetapi/TestJson/Items.uasset", "uassetapi/TestUE5_4/BlankGame/MI_BlueCube.uasset",
                "uassetapi/TestEditorUE5_7/Blueprints/BP_FirstPersonGameMode.uasset");
        List<EngineVersion> engines = List.of(EngineVersion.UE4_23, EngineVersion.UE5_4, EngineVersion.UE5_7);
        int perPackage = 200 * FuzzOutcomes.scale();
        for (int pi = 0; pi < packages.size(); pi++) {
            String rel = packages.get(pi);
            EngineVersion engine = engines.get(pi);
            byte[] header = Files.readAllBytes(Fixtures.path(rel));
            Path uexpPath = AssetPackage.sibling(Fixtures.path(rel), ".uexp");
            byte[] uexp = Files.exists(uexpPath) ? Files.readAllBytes(uexpPath) : null;
            exercisePackage(header, uexp, engine);
            PackageFileSummary s = AssetPackage.read(header, uexp, rel, engine).summary();
            // the summary, the name map's start, and every 32-bit field of the import and export maps (names, indexes, sizes)
            int[] hot = Mutator.concat(Mutator.range(0, Math.min(header.length, 512), 4),
                    Mutator.range(s.nameOffset(), Math.min(header.length, s.nameOffset() + 64), 1),
                    Mutator.range(s.importOffset(), Math.min(header.length, s.importOffset() + s.importCount() * 40), 4),
                    Mutator.range(s.exportOffset(), Math.min(header.length, s.exportOffset() + s.exportCount() * 112), 4));
            Mutator hm = new Mutator(rel.hashCode(), hot);
            Mutator um = new Mutator(rel.hashCode() * 17L, uexp == null ? null : Mutator.range(0, Math.min(uexp.length, 1024), 4));
            for (int i = 0; i < perPackage; i++) {
                boolean inHeader = uexp == null || i % 3 != 2;
                Mutator.Mutation mu = inHeader ? hm.next(header) : um.next(uexp);
                byte[] h = inHeader ? mu.data() : header;
                byte[] u = inHeader ? uexp : mu.data();
                o.check(rel + (inHeader ? "" : " .uexp") + " #" + i + " " + mu.description(), () -> exercisePackage(h, u, engine));
            }
        }
        assertNoBugs("legacy packages (.uasset/.uexp)", o, packages.size() * perPackage);
    }

    /** The fuzz run's finding: a name reference outside the name map is corrupt data at its offset, in the import map. */
    @Test
    void aNameIndexOutsideTheNameMapIsCorruptWhereItIsStored() throws Exception {
        String rel = "uassetapi/TestJson/Items.uasset";
        byte[] header = Files.readAllBytes(Fixtures.path(rel));
        byte[] uexp = Files.readAllBytes(AssetPackage.sibling(Fixtures.path(rel), ".uexp"));
        PackageFileSummary s = AssetPackage.read(header, uexp, rel, EngineVersion.UE4_23).summary();
        // the first import's ClassPackage name index
        int at = s.importOffset();
        byte[] bad = header.clone();
        java.nio.ByteBuffer.wrap(bad).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(at, s.nameCount() + 5);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> AssetPackage.read(bad, uexp, "Items.uasset", EngineVersion.UE4_23))
                .isInstanceOf(io.uassetd.codecs.error.CorruptDataException.class)
                .hasMessageContaining("Name index " + (s.nameCount() + 5) + " outside the name map (" + s.nameCount() + " names)")
                .hasMessageContaining("Items.uasset, offset " + io.uassetd.codecs.error.FormatException.hex(at))
                .hasMessageContaining("ImportMap[0]");
    }

    // ---- usmap -------------------------------------------------------------------------------------

    @Test
    void mutatedMappings() throws Exception {
        FuzzOutcomes o = new FuzzOutcomes();
        List<String> files = List.of("cue4parse/UE5_8/Mappings/CUE4ParseFixtures-Zstandard.usmap",
                "uassetapi/TestUE5_4/BlankGame/BlankGame_Dumper-7.usmap");
        int per = 60 * FuzzOutcomes.scale();
        for (String rel : files) {
            byte[] src = Files.readAllBytes(Fixtures.path(rel));
            Mutator m = new Mutator(rel.hashCode(), Mutator.range(0, 64, 1));
            for (int i = 0; i < per; i++) {
                Mutator.Mutation mu = m.next(src);
                o.check(rel + " #" + i + " " + mu.description(), () -> {
                    Usmap u = Usmap.read(mu.data(), "fuzz.usmap", CODECS);
                    u.schemas().size();
                });
            }
        }
        assertNoBugs("usmap", o, files.size() * per);
    }

    // ---- locres ------------------------------------------------------------------------------------

    @Test
    void mutatedLocres() throws Exception {
        FuzzOutcomes o = new FuzzOutcomes();
        Path pak = Fixtures.path("cue4parse/UE5_8/Pak/Uncompressed/CUE4ParseFixtures-Minimal-Uncompressed.pak");
        List<byte[]> sources = new ArrayList<>();
        try (PakReader r = PakReader.open(pak, PakReadOptions.defaults())) {
            byte[] de = r.readEntry(r.find("Content/Localization/CUE4ParseFixtures/de/CUE4ParseFixtures.locres").orElseThrow());
            LocRes res = LocResReader.read("de", de);
            for (LocResVersion v : LocResVersion.values()) {
                // the long payload entry makes most random positions land in one string: drop it
                LocRes small = res.withVersion(v);
                small.remove("CUE4ParseFixtures.Tests", "CompressionPayload");
                sources.add(LocResWriter.toBytes(small));
            }
            sources.add(de);
        }
        sources.add(new LocMeta(2, "en", "Game/en/Game.locres", List.of("en", "de"), false).toBytes());
        int per = 120 * FuzzOutcomes.scale();
        for (int s = 0; s < sources.size(); s++) {
            byte[] src = sources.get(s);
            Mutator m = new Mutator(31 * s + 7, Mutator.range(0, Math.min(src.length, 160), 1));
            final boolean meta = s == sources.size() - 1;
            for (int i = 0; i < per; i++) {
                Mutator.Mutation mu = m.next(src);
                o.check((meta ? "locmeta" : "locres source " + s) + " #" + i + " " + mu.description(), () -> {
                    if (meta) {
                        LocMeta.read("fuzz.locmeta", mu.data()).toBytes();
                    } else {
                        LocRes r = LocResReader.read("fuzz.locres", mu.data());
                        r.toMap();
                        LocResWriter.toBytes(LocResJson.fromJson(LocResJson.toJson(r), "fuzz.json"));
                        LocResWriter.toBytes(r);
                    }
                });
            }
        }
        assertNoBugs("locres", o, sources.size() * per);
    }

    // ---- UAssetAPI JSON ----------------------------------------------------------------------------

    private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?");
    private static final String[] BAD_NUMBERS = {"-1", "0", "2147483648", "-2147483649", "99999999999999999999", "1e300", "0.5", "-0"};

    @Test
    void mutatedUAssetApiJson() throws Exception {
        FuzzOutcomes o = new FuzzOutcomes();
        List<String> packages = List.of("uassetapi/TestJson/Items.uasset", "uassetapi/TestUE5_4/BlankGame/MI_BlueCube.uasset");
        List<EngineVersion> engines = List.of(EngineVersion.UE4_23, EngineVersion.UE5_4);
        int per = 120 * FuzzOutcomes.scale();
        for (int pi = 0; pi < packages.size(); pi++) {
            String rel = packages.get(pi);
            AssetPackage p = AssetPackage.open(Fixtures.path(rel), engines.get(pi));
            byte[] json = UAssetJson.toJson(p, null);
            String text = new String(json, StandardCharsets.UTF_8);
            List<int[]> numbers = new ArrayList<>();
            Matcher mt = NUMBER.matcher(text);
            while (mt.find()) {
                numbers.add(new int[] {mt.start(), mt.end()});
            }
            Mutator m = new Mutator(rel.hashCode(), null);
            Random rnd = new Random(rel.hashCode() + 1);
            for (int i = 0; i < per; i++) {
                byte[] data;
                String what;
                if (i % 2 == 0) {
                    // a number (an index, a count, a size, a version) replaced by one that does not fit
                    int[] at = numbers.get(rnd.nextInt(numbers.size()));
                    String v = BAD_NUMBERS[rnd.nextInt(BAD_NUMBERS.length)];
                    data = (text.substring(0, at[0]) + v + text.substring(at[1])).getBytes(StandardCharsets.UTF_8);
                    what = "number at " + at[0] + " (" + text.substring(at[0], at[1]) + ") set to " + v;
                } else {
                    Mutator.Mutation mu = m.next(json);
                    data = mu.data();
                    what = mu.description();
                }
                byte[] d = data;
                o.check(rel + " JSON #" + i + " " + what, () -> UAssetJson.toPackageBytes(UAssetJson.parse(d, "fuzz.json"), "fuzz.uasset"));
            }
        }
        assertNoBugs("UAssetGUI JSON", o, packages.size() * per);
    }
}
