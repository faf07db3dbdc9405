package io.uassetd.codecs.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.testkit.FileSets;
import io.uassetd.codecs.asset.property.PropertyFixtures;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.iostore.toc.IoChunkId;
import io.uassetd.codecs.iostore.toc.IoChunkType;
import io.uassetd.codecs.iostore.IoStoreWriter;
import io.uassetd.codecs.iostore.toc.TocVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every multi-file write fails at every step k of its file operations (once: a transient failure
 * such as a full disk; or from k on: a crash), for every k from the first to the last step, with
 * hard links and without: afterwards (and after the sweep a restart or the next write runs) the
 * folder holds exactly the old file set or exactly the new one, and no hidden file. A failure that
 * the write reports leaves the old set. Packages are real (CUE4Parse's UE5.8 LegacyPak).
 */
class AtomicFileSetFaultTest {
    private static final String PAK = "Tagged/Uncompressed/CUE4ParseFixtures-Legacy-Tagged-Uncompressed.pak";

    /** A write: prepares the old set in a folder, then stages the new set in a file set. */
    record Scenario(String name, Consumer<Path> old, SetWrite write) {
        @Override
        public String toString() {
            return name;
        }
    }

    interface SetWrite {
        void stage(Path dir, AtomicFileSet set) throws IOException;
    }

    private static Map<String, AssetPackage> packages;

    private static synchronized AssetPackage pkg(String name) {
        if (packages == null) {
            packages = PropertyFixtures.legacyPak(PAK);
        }
        return packages.entrySet().stream().filter(e -> e.getKey().endsWith(name)).map(Map.Entry::getValue).findFirst()
                .orElseThrow(() -> new AssertionError("no package " + name + " in " + packages.keySet()));
    }

    private static AssetPackage oldPkg() {
        return packages().get(0);
    }

    private static AssetPackage newPkg() {
        return pkg("DA_AllProperties");
    }

    private static List<AssetPackage> packages() {
        pkg("DA_AllProperties");
        List<AssetPackage> split = packages.entrySet().stream().filter(e -> !e.getKey().endsWith("DA_AllProperties"))
                .map(Map.Entry::getValue).filter(AssetPackage::isSplit).toList();
        return split;
    }

    private static void writeBytes(Path p, byte[] b) {
        try {
            Files.write(p, b);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] noise(int seed, int n) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static void container(Path utoc, int seed, long partition, AtomicFileSet set) {
        IoStoreWriter.Options o = IoStoreWriter.Options.of(TocVersion.REPLACE_IO_CHUNK_HASH_WITH_IO_HASH, 0x5AFEL)
                .withMethod(CompressionMethod.NONE).withPartitionSize(partition).withBlockSize(0x1000);
        try (IoStoreWriter w = set == null ? IoStoreWriter.create(utoc, o, Codecs.standard())
                : IoStoreWriter.create(utoc, o, Codecs.standard(), set)) {
            for (int i = 0; i < 6; i++) {
                w.addChunk(IoChunkId.of(0x100 + i, 0, IoChunkType.EXPORT_BUNDLE_DATA), noise(seed + i, 3000 + 500 * i),
                        "Game/C" + i + ".uasset");
            }
            w.finish();
        }
    }

    static Stream<Scenario> scenarios() {
        return Stream.of(
                new Scenario("package over package", d -> {
                    AssetPackage.Bytes b = oldPkg().toBytes();
                    writeBytes(d.resolve("X.uasset"), b.header());
                    writeBytes(d.resolve("X.uexp"), b.exports());
                }, (d, set) -> newPkg().write(d.resolve("X.uasset"), set)),
                new Scenario("new package into an empty folder", d -> {
                }, (d, set) -> {
                    newPkg().write(d.resolve("X.uasset"), set);
                    set.stage(d.resolve("X.ubulk"), noise(7, 5000));
                }),
                new Scenario("texture edit dropping its .ubulk", d -> {
                    AssetPackage.Bytes b = oldPkg().toBytes();
                    writeBytes(d.resolve("T.uasset"), b.header());
                    writeBytes(d.resolve("T.uexp"), b.exports());
                    writeBytes(d.resolve("T.ubulk"), noise(1, 70000));
                }, (d, set) -> {
                    newPkg().write(d.resolve("T.uasset"), set);
                    set.delete(d.resolve("T.ubulk"));
                }),
                new Scenario("in-place edit with its backups", d -> {
                    AssetPackage.Bytes b = oldPkg().toBytes();
                    writeBytes(d.resolve("E.uasset"), b.header());
                    writeBytes(d.resolve("E.uexp"), b.exports());
                    writeBytes(d.resolve("E.uasset.bak"), noise(2, 100));
                    writeBytes(d.resolve("E.uexp.bak"), noise(3, 100));
                }, (d, set) -> {
                    set.stageCopy(d.resolve("E.uasset"), d.resolve("E.uasset.bak"));
                    set.stageCopy(d.resolve("E.uexp"), d.resolve("E.uexp.bak"));
                    newPkg().write(d.resolve("E.uasset"), set);
                }),
                new Scenario("container with companion pak over a partitioned one", d -> {
                    try (AtomicFileSet s = AtomicFileSet.open()) {
                        container(d.resolve("M_P.utoc"), 10, 0x2000, s);
                        s.stage(d.resolve("M_P.pak"), noise(11, 900));
                        s.commit();
                    }
                }, (d, set) -> {
                    container(d.resolve("M_P.utoc"), 20, -1, set);
                    Files.write(set.stagePath(d.resolve("M_P.pak")), noise(21, 1200));
                }));
    }

    static Stream<Arguments> cases() {
        return scenarios().flatMap(s -> Stream.of(Arguments.of(s, false), Arguments.of(s, true)));
    }

    /** Runs the scenario's write in a fresh folder through {@code ops}; returns whether it threw. */
    private static boolean run(Scenario s, Path dir, FileOps ops) throws Exception {
        try (AtomicFileSet set = AtomicFileSet.open(ops, true)) {
            s.write().stage(dir, set);
            set.commit();
            return false;
        } catch (UncheckedIOException e) {
            return true;
        }
    }

    @ParameterizedTest(name = "{0}, no hard links={1}")
    @MethodSource("cases")
    void everyStepFailedOrCrashedLeavesTheOldOrTheNewSet(Scenario s, boolean noLinks, @TempDir Path tmp) throws Exception {
        Path ref = Files.createDirectories(tmp.resolve("ref"));
        s.old().accept(ref);
        Map<String, String> oldSet = FileSets.digests(ref);
        FaultyOps counting = new FaultyOps(-1, false, noLinks);
        assertThat(run(s, ref, counting)).as("healthy run").isFalse();
        Map<String, String> newSet = FileSets.digests(ref);
        assertThat(newSet).isNotEqualTo(oldSet);
        int steps = counting.steps();
        int oldAfter = 0;
        int newAfter = 0;
        List<String> runs = new ArrayList<>();
        for (int k = 0; k < steps; k++) {
            for (boolean crash : new boolean[] {false, true}) {
                Path dir = Files.createDirectories(tmp.resolve((crash ? "crash" : "fail") + k));
                s.old().accept(dir);
                boolean threw = run(s, dir, new FaultyOps(k, crash, noLinks));
                String what = s + (crash ? ": crash at step " : ": failure at step ") + k + " of " + steps;
                if (!crash) {
                    // a transient failure is undone at once (or, in the clean-up after the commit point, ignored)
                    Map<String, String> now = FileSets.digests(dir);
                    Map<String, String> visible = new TreeMap<>(now);
                    visible.keySet().removeIf(n -> n.startsWith("."));
                    assertThat(visible).as(what).isEqualTo(threw ? oldSet : newSet);
                }
                Leftovers.sweep(dir); // what the next start or the next write there does
                Map<String, String> after = FileSets.digests(dir);
                if (after.equals(oldSet)) {
                    oldAfter++;
                } else if (after.equals(newSet)) {
                    newAfter++;
                } else {
                    fail(what + " left a mixed set: " + after.keySet() + "\nold " + oldSet + "\nnew " + newSet + "\nnow " + after);
                }
                if (threw && !crash) {
                    assertThat(after).as(what).isEqualTo(oldSet);
                }
                runs.add(what);
            }
        }
        System.err.println("AtomicFileSetFaultTest " + s + " noLinks=" + noLinks + ": " + steps + " steps, " + runs.size()
                + " runs: " + oldAfter + " old, " + newAfter + " new, 0 mixed");
        assertThat(oldAfter).isPositive();
        assertThat(newAfter).isPositive();
    }
}
