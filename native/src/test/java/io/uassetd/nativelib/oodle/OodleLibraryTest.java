package io.uassetd.nativelib.oodle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import io.uassetd.codecs.compression.OodleBackend;
import io.uassetd.codecs.error.NativeUnavailableException;
import io.uassetd.nativelib.oodle.Attempt.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OodleLibraryTest {
    private static final List<String> NAMES = List.of(FakeOodle.NAME);

    @TempDir
    Path tmp;

    private static LoadResult load(OodleSearch search) {
        return new OodleLibrary(search).result();
    }

    @Test
    void loadsFromAnExplicitFile() {
        Path lib = FakeOodle.library();
        LoadResult r = load(OodleSearch.nowhere(NAMES).withExplicit(lib));

        assertThat(r).isInstanceOf(LoadResult.Loaded.class);
        LoadResult.Loaded loaded = (LoadResult.Loaded) r;
        assertThat(loaded.source()).isEqualTo("--oodle");
        assertThat(loaded.location()).isEqualTo(lib.toString());
        assertThat(r.describe()).isEqualTo("Oodle loaded from " + lib + " (--oodle)");
        assertThat(r.oodle().description()).isEqualTo("oo2core " + lib + " (--oodle)");
        assertThat(r.oodle().isAvailable()).isTrue();
        assertThat(r.backend()).containsSame(r.oodle());
        assertThat(r.attempts()).containsExactly(new Attempt("--oodle", lib.toString(), Outcome.LOADED, null));
    }

    @Test
    void anExplicitFolderIsSearchedByStandardName() {
        Path lib = FakeOodle.library();
        LoadResult r = load(OodleSearch.nowhere(NAMES).withExplicit(lib.getParent()));

        assertThat(r.isLoaded()).isTrue();
        assertThat(((LoadResult.Loaded) r).location()).isEqualTo(lib.toString());
    }

    @Test
    void loadsFromTheSystemProperty() {
        Path lib = FakeOodle.library();
        String before = System.getProperty(OodleSearch.PROPERTY);
        System.setProperty(OodleSearch.PROPERTY, lib.toString());
        OodleSearch search;
        try {
            search = OodleSearch.forProcess(null);
        } finally {
            restoreProperty(before);
        }
        assertThat(search.property()).isEqualTo(lib.toString());
        assertThat(search.workingFolder()).isEqualTo(Path.of("").toAbsolutePath());
        assertThat(search.systemPath()).isTrue();

        // The environment is dropped so that a developer's UASSETD_OODLE cannot win over the property.
        LoadResult r = load(search.withEnvironment(null));

        assertThat(r.isLoaded()).as(r.describe()).isTrue();
        assertThat(r.describe()).isEqualTo("Oodle loaded from " + lib + " (property uassetd.oodle)");
        assertThat(r.attempts()).containsExactly(
                new Attempt("--oodle", null, Outcome.NOT_SET, null),
                new Attempt("env UASSETD_OODLE", null, Outcome.NOT_SET, null),
                new Attempt("property uassetd.oodle", lib.toString(), Outcome.LOADED, null));
    }

    @Test
    void loadsFromTheEnvironmentValue() {
        Path lib = FakeOodle.library();
        LoadResult r = load(OodleSearch.nowhere(NAMES).withEnvironment("  " + lib + " ").withProperty("/nowhere/x.so"));

        assertThat(r.describe()).isEqualTo("Oodle loaded from " + lib + " (env UASSETD_OODLE)");
    }

    @Test
    void findsTheStandardNameInTheJarFolderThenTheWorkingFolder() {
        Path lib = FakeOodle.library();
        Path empty = tmp.resolve("empty");

        LoadResult fromJar = load(OodleSearch.nowhere(NAMES).withFolders(lib.getParent(), empty));
        LoadResult fromWork = load(OodleSearch.nowhere(NAMES).withFolders(empty, lib.getParent()));

        assertThat(fromJar.describe()).isEqualTo("Oodle loaded from " + lib + " (jar folder)");
        assertThat(fromWork.describe()).isEqualTo("Oodle loaded from " + lib + " (working folder)");
        assertThat(fromWork.attempts()).containsExactly(
                new Attempt("--oodle", null, Outcome.NOT_SET, null),
                new Attempt("env UASSETD_OODLE", null, Outcome.NOT_SET, null),
                new Attempt("property uassetd.oodle", null, Outcome.NOT_SET, null),
                new Attempt("jar folder", empty.resolve(FakeOodle.NAME).toString(), Outcome.NOT_FOUND, null),
                new Attempt("working folder", lib.toString(), Outcome.LOADED, null));
    }

    @Test
    void missingConfiguredFilesAreSkippedInOrder() {
        Path lib = FakeOodle.library();
        LoadResult r = load(OodleSearch.nowhere(NAMES).withExplicit(tmp.resolve("a.so"))
                .withEnvironment(tmp.resolve("b.so").toString()).withProperty(tmp.resolve("c.so").toString())
                .withFolders(null, lib.getParent()));

        assertThat(r.attempts()).extracting(Attempt::source, Attempt::outcome).containsExactly(
                tuple("--oodle", Outcome.NOT_FOUND),
                tuple("env UASSETD_OODLE", Outcome.NOT_FOUND),
                tuple("property uassetd.oodle", Outcome.NOT_FOUND),
                tuple("working folder", Outcome.LOADED));
    }

    @Test
    void aFailedLoadIsRememberedAndListsEveryPlaceTried() throws Exception {
        String name = System.mapLibraryName("uassetd-absent-oodle");
        Path jar = Files.createDirectories(tmp.resolve("jar"));
        Path work = Files.createDirectories(tmp.resolve("work"));
        OodleSearch search = OodleSearch.nowhere(List.of(name)).withExplicit(tmp.resolve("missing.so"))
                .withEnvironment(tmp.resolve("env.so").toString()).withFolders(jar, work).withSystemPath(true);
        OodleLibrary oodle = new OodleLibrary(search);

        LoadResult r = oodle.result();

        assertThat(r.isLoaded()).isFalse();
        assertThat(r.backend()).isEmpty();
        assertThat(r.attempts()).extracting(Attempt::outcome).containsExactly(Outcome.NOT_FOUND, Outcome.NOT_FOUND,
                Outcome.NOT_SET, Outcome.NOT_FOUND, Outcome.NOT_FOUND, Outcome.FAILED);
        assertThat(r.describe()).startsWith("Oodle library not loaded (uassetd never downloads it: pass --oodle PATH, set "
                + "UASSETD_OODLE or put " + name + " next to the jar). Tried: "
                + "--oodle: " + tmp.resolve("missing.so") + " not found; "
                + "env UASSETD_OODLE: " + tmp.resolve("env.so") + " not found; "
                + "property uassetd.oodle: not set; "
                + "jar folder: " + jar.resolve(name) + " not found; "
                + "working folder: " + work.resolve(name) + " not found; "
                + "system library path: " + name + " failed to load (");
        assertThat(r.attempts().get(5).detail()).contains(name).doesNotContain("Unable to load library", "resource path");

        // Remembered: the library appearing later changes nothing for this loader; a new loader finds it.
        Files.copy(FakeOodle.library(), work.resolve(name));
        assertThat(oodle.result()).isSameAs(r);
        assertThat(new OodleLibrary(search).result().describe())
                .isEqualTo("Oodle loaded from " + work.resolve(name) + " (working folder)");

        NativeOodle unloaded = r.oodle();
        assertThat(unloaded.isAvailable()).isFalse();
        assertThat(unloaded.description()).isEqualTo("unavailable: " + r.describe());
        assertThatThrownBy(() -> unloaded.decompress(new byte[8], 0, 8, new byte[4], 0, 4))
                .isInstanceOf(NativeUnavailableException.class).hasMessage(r.describe());
        assertThatThrownBy(() -> unloaded.compress(OodleBackend.KRAKEN, 4, new byte[4], 0, 4, new byte[64], 0))
                .isInstanceOf(NativeUnavailableException.class).hasMessage(r.describe());
        assertThatThrownBy(() -> unloaded.compressedBufferSizeNeeded(OodleBackend.KRAKEN, 4))
                .isInstanceOf(NativeUnavailableException.class).hasMessage(r.describe());
    }

    @Test
    void theFirstExistingFileIsTheOneLoadedEvenWhenItIsBroken() throws Exception {
        Path broken = Files.writeString(tmp.resolve(FakeOodle.NAME), "not a shared library\n");
        LoadResult r = load(OodleSearch.nowhere(NAMES).withExplicit(broken).withFolders(null, FakeOodle.library().getParent()));

        assertThat(r.isLoaded()).isFalse();
        assertThat(r.attempts()).hasSize(1);
        Attempt a = r.attempts().get(0);
        assertThat(a.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(a.detail()).startsWith(broken + ": ").doesNotContain("\n", "Unable to load library");
        assertThat(r.describe()).isEqualTo("Oodle library " + broken + " could not be loaded: " + a.detail()
                + ". Tried: --oodle: " + broken + " failed to load (" + a.detail() + ")");
    }

    @Test
    void aLibraryWithoutTheDecoderIsNotOodle() {
        Path lib = FakeOodle.withoutDecompress();
        LoadResult r = load(OodleSearch.nowhere(NAMES).withExplicit(lib));

        assertThat(r.isLoaded()).isFalse();
        assertThat(r.describe()).isEqualTo("Oodle library " + lib + " could not be loaded: not an Oodle library: "
                + "does not export OodleLZ_Decompress. Tried: --oodle: " + lib
                + " failed to load (not an Oodle library: does not export OodleLZ_Decompress)");
    }

    @Test
    void filesForAnotherPlatformAreNotedButNotLoaded() throws Exception {
        String other = OodleNames.ALL.stream().filter(n -> !NAMES.contains(n)).findFirst().orElseThrow();
        Files.writeString(tmp.resolve(other), "MZ");
        LoadResult r = load(OodleSearch.nowhere(NAMES).withFolders(null, tmp));

        assertThat(r.isLoaded()).isFalse();
        assertThat(r.attempts()).contains(new Attempt("working folder", tmp.resolve(other).toString(), Outcome.OTHER_PLATFORM, null));
        assertThat(r.describe()).contains("working folder: " + tmp.resolve(other) + " ignored: built for another platform");
    }

    @Test
    void loadingSilencesTheLibraryPrintfWithNull() {
        Path lib = FakeOodle.library();
        FakeOodle.Probe probe = FakeOodle.probe(lib);
        probe.OodleCore_Plugins_SetPrintf(new Pointer(0x1234));
        int calls = probe.fakeoodle_printf_calls();
        assertThat(Pointer.nativeValue(probe.fakeoodle_last_printf())).isEqualTo(0x1234);

        assertThat(load(OodleSearch.nowhere(NAMES).withExplicit(lib)).isLoaded()).isTrue();

        assertThat(probe.fakeoodle_last_printf()).isNull();
        assertThat(probe.fakeoodle_printf_calls()).isEqualTo(calls + 1);
    }

    @Test
    void aLibraryWithoutSetPrintfStillLoads() {
        Path lib = FakeOodle.withoutPrintf();
        LoadResult r = load(OodleSearch.nowhere(NAMES).withExplicit(lib));

        assertThat(r.isLoaded()).isTrue();
        assertThat(r.oodle().description()).isEqualTo("oo2core " + lib + " (--oodle; its logging could not be silenced)");
    }

    @Test
    void theSystemLibraryPathComesLast() {
        String name = System.mapLibraryName("uassetdfakeoodle");
        Path lib = FakeOodle.copyNamed("fake-oodle-system", name);
        NativeLibrary.addSearchPath(name, lib.getParent().toString());

        LoadResult r = load(OodleSearch.nowhere(List.of(name)).withFolders(null, tmp).withSystemPath(true));

        assertThat(r.isLoaded()).as(r.describe()).isTrue();
        assertThat(((LoadResult.Loaded) r).source()).isEqualTo("system library path");
        assertThat(((LoadResult.Loaded) r).location()).isEqualTo(lib.toString());
    }

    @Test
    void concurrentCallersShareOneLoad() throws Exception {
        OodleLibrary oodle = new OodleLibrary(OodleSearch.nowhere(NAMES).withExplicit(FakeOodle.library()));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            CountDownLatch start = new CountDownLatch(1);
            Set<LoadResult> seen = ConcurrentHashMap.newKeySet();
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                futures.add(pool.submit(() -> {
                    start.await();
                    return seen.add(oodle.result());
                }));
            }
            start.countDown();
            for (Future<?> f : futures) {
                f.get(30, TimeUnit.SECONDS);
            }
            assertThat(seen).hasSize(1);
            assertThat(seen.iterator().next().isLoaded()).isTrue();
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theLoaderReasonKeepsEachDistinctCauseOnce() {
        String jna = "Unable to load library '/x/liboo2corelinux64.so.9':\n"
                + "/x/liboo2corelinux64.so.9: invalid ELF header\n"
                + "/x/liboo2corelinux64.so.9: invalid ELF header\n"
                + "Native library (x/liboo2corelinux64.so.9) not found in resource path ([])";

        assertThat(OodleLibrary.reason(jna)).isEqualTo("/x/liboo2corelinux64.so.9: invalid ELF header");
        assertThat(OodleLibrary.reason("Unable to load library 'y'")).isEqualTo("Unable to load library 'y'");
        assertThat(OodleLibrary.reason(null)).isEqualTo("no reason given");
    }

    private static void restoreProperty(String before) {
        if (before == null) {
            System.clearProperty(OodleSearch.PROPERTY);
        } else {
            System.setProperty(OodleSearch.PROPERTY, before);
        }
    }
}
