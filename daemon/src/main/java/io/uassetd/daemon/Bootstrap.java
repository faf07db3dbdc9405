package io.uassetd.daemon;

import io.uassetd.daemon.services.Services;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.nativelib.oodle.LoadResult;
import io.uassetd.nativelib.oodle.OodleLibrary;
import java.io.PrintStream;
import io.uassetd.codecs.io.AtomicFileSet;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Builds the process's {@link Services}: the native Oodle library when one is found (from
 * {@code --oodle}, {@code UASSETD_OODLE}, {@code -Duassetd.oodle}, the jar's folder, the working
 * folder or the system library path; never downloaded), the codecs, the cache.
 */
final class Bootstrap {
    private Bootstrap() {
    }

    /**
     * Services whose Oodle library is searched for when Oodle is first used; with {@code early}
     * (the daemon) or an explicit {@code --oodle}, at once on a background thread while the daemon
     * starts serving. A one-shot command that needs no Oodle never looks (the search loads JNA and
     * may run {@code ldconfig}).
     */
    static Services services(Services.Config config, PrintStream log, boolean early) {
        recoverInterruptedWrites(log);
        CompletableFuture<LoadResult> found = new CompletableFuture<>();
        Supplier<LoadResult> search = () -> {
            if (!found.isDone()) {
                synchronized (found) {
                    if (!found.isDone()) {
                        LoadResult r = OodleLibrary.forProcess(config.oodlePath() == null ? null : Path.of(config.oodlePath())).result();
                        if (config.oodlePath() != null && r.backend().isEmpty()) {
                            log.println("uassetd: " + r.describe());
                        }
                        found.complete(r);
                    }
                }
            }
            return found.join();
        };
        Codecs codecs = Codecs.withLazyNativeOodle(() -> search.get().backend().orElse(null));
        Supplier<Services.OodleStatus> status = () -> {
            LoadResult r = search.get();
            return new Services.OodleStatus(r.backend().isPresent(), codecs.get(CompressionMethod.OODLE).backend(), r.describe());
        };
        if (early || config.oodlePath() != null) {
            Thread t = new Thread(() -> earlyOodleSearch(codecs, log), "uassetd-oodle-loader");
            t.setDaemon(true);
            t.start();
        }
        return new Services(config, codecs, status, log, System.getenv());
    }

    /**
     * Looks for the Oodle library ahead of its first use (the daemon's background thread). Only a
     * head start: a real use searches again and says why it failed. A daemon whose input ends at once
     * exits while JNA may still be loading, which then cannot register its clean-up; that is not
     * reported, any other failure is, in one line.
     */
    static void earlyOodleSearch(Codecs codecs, PrintStream log) {
        try {
            codecs.canCompress(CompressionMethod.OODLE);
        } catch (RuntimeException | LinkageError e) {
            if (!duringShutdown(e)) {
                log.println("uassetd: the early search for the Oodle library failed: " + e);
            }
        }
    }

    /** Whether {@code e} comes from the JVM shutting down (a shutdown hook refused): "Shutdown in progress". */
    static boolean duringShutdown(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof IllegalStateException && "Shutdown in progress".equals(c.getMessage())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Names the state folder where writes record the folders they write to, and finishes the
     * writes of processes that were killed (see docs/transactions.md): {@code UASSETD_STATE_DIR},
     * else {@code $XDG_STATE_HOME/uassetd}, {@code %LOCALAPPDATA%\\uassetd\\state} on Windows, or
     * {@code ~/.local/state/uassetd}.
     */
    static void recoverInterruptedWrites(PrintStream log) {
        Path dir = stateDir(System.getenv());
        if (dir == null) {
            return;
        }
        AtomicFileSet.stateDir(dir);
        int n = AtomicFileSet.recoverAll();
        if (n > 0) {
            log.println("uassetd: finished the interrupted writes of " + n + " folder" + (n == 1 ? "" : "s"));
        }
    }

    static Path stateDir(Map<String, String> env) {
        String explicit = env.get("UASSETD_STATE_DIR");
        if (explicit != null) {
            return explicit.isEmpty() ? null : Path.of(explicit);
        }
        String xdg = env.get("XDG_STATE_HOME");
        if (xdg != null && !xdg.isEmpty()) {
            return Path.of(xdg, "uassetd");
        }
        String local = env.get("LOCALAPPDATA");
        if (local != null && !local.isEmpty()) {
            return Path.of(local, "uassetd", "state");
        }
        String home = System.getProperty("user.home");
        return home == null || home.isEmpty() ? null : Path.of(home, ".local", "state", "uassetd");
    }
}
