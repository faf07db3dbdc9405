package io.uassetd.daemon;

import io.uassetd.daemon.services.Services;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.compression.OodleBackend;
import io.uassetd.nativelib.oodle.LoadResult;
import io.uassetd.nativelib.oodle.OodleLibrary;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

/**
 * Builds the process's {@link Services}: the native Oodle library when one is found (from
 * {@code --oodle}, {@code UASSETD_OODLE}, {@code -Duassetd.oodle}, the jar's folder, the working
 * folder or the system library path; never downloaded), the codecs, the cache.
 */
final class Bootstrap {
    private Bootstrap() {
    }

    /** Services whose Oodle library is searched for on a background thread while the daemon starts serving. */
    static Services services(Services.Config config, PrintStream log) {
        CompletableFuture<Setup> setup = CompletableFuture.supplyAsync(() -> setup(config, log), r -> {
            Thread t = new Thread(r, "uassetd-oodle-loader");
            t.setDaemon(true);
            t.start();
        });
        return new Services(config, setup.thenApply(Setup::codecs), setup.thenApply(Setup::status), log, System.getenv());
    }

    private record Setup(Codecs codecs, Services.OodleStatus status) {
    }

    private static Setup setup(Services.Config config, PrintStream log) {
        LoadResult oodle = OodleLibrary.forProcess(config.oodlePath() == null ? null : Path.of(config.oodlePath())).result();
        OodleBackend backend = oodle.backend().orElse(null);
        if (config.oodlePath() != null && backend == null) {
            log.println("uassetd: " + oodle.describe());
        }
        Codecs codecs = Codecs.withNativeOodle(backend);
        Services.OodleStatus status = new Services.OodleStatus(backend != null,
                codecs.get(CompressionMethod.OODLE).backend(), oodle.describe());
        return new Setup(codecs, status);
    }
}
