package io.uassetd.daemon;

import io.uassetd.daemon.services.Services;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.nativelib.oodle.LoadResult;
import io.uassetd.nativelib.oodle.OodleLibrary;
import java.io.PrintStream;
import java.nio.file.Path;
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
            Thread t = new Thread(() -> codecs.canCompress(CompressionMethod.OODLE), "uassetd-oodle-loader");
            t.setDaemon(true);
            t.start();
        }
        return new Services(config, codecs, status, log, System.getenv());
    }
}
