package io.uassetd.daemon.services;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.daemon.cache.ResourceCache;
import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Supplier;

/**
 * What every handler shares: the codecs (with native Oodle when loaded), the resource cache, a
 * pool for parallel work inside one request, the environment and the log (stderr). One per
 * process; thread-safe.
 */
public final class Services implements AutoCloseable {
    private final Config config;
    private final Codecs codecs;
    private final Supplier<OodleStatus> oodle;
    private final ResourceCache cache;
    private final ForkJoinPool compute;
    private final PrintStream log;
    private final Map<String, String> env;
    private final boolean view;

    /** Start-up settings. */
    public record Config(int workers, long cacheBytes, String oodlePath) {
        public static Config defaults() {
            return new Config(Math.max(2, Runtime.getRuntime().availableProcessors()), 512L * 1024 * 1024, null);
        }
    }

    /** Which Oodle backend is active and, when the native one is not, why. */
    public record OodleStatus(boolean nativeLoaded, String backend, String detail) {
    }

    public Services(Config config, Codecs codecs, OodleStatus oodle, PrintStream log, Map<String, String> env) {
        this(config, codecs, () -> oodle, log, env);
    }

    /** Services whose Oodle status is worked out when first asked (the library is searched for then). */
    public Services(Config config, Codecs codecs, Supplier<OodleStatus> oodle, PrintStream log, Map<String, String> env) {
        this.config = config;
        this.codecs = codecs;
        this.oodle = oodle;
        this.log = log;
        this.env = Map.copyOf(env);
        this.view = false;
        this.cache = new ResourceCache(config.cacheBytes(), log);
        this.compute = new ForkJoinPool(Math.max(1, config.workers()));
    }

    private Services(Services shared, PrintStream log, Map<String, String> env) {
        this.config = shared.config;
        this.codecs = shared.codecs;
        this.oodle = shared.oodle;
        this.cache = shared.cache;
        this.compute = shared.compute;
        this.log = log;
        this.env = Map.copyOf(env);
        this.view = true;
    }

    /**
     * A view for one command of the resident server (docs/server.md): the same codecs, cache and
     * pool, with the calling client's log (its stderr) and environment. Closing the view does nothing.
     */
    public Services forClient(PrintStream clientLog, Map<String, String> clientEnv) {
        return new Services(this, clientLog, clientEnv);
    }

    public Config config() {
        return config;
    }

    public Codecs codecs() {
        return codecs;
    }

    public OodleStatus oodle() {
        return oodle.get();
    }

    public ResourceCache cache() {
        return cache;
    }

    /** A pool for data-parallel work inside one request (extracting, compressing). */
    public ForkJoinPool compute() {
        return compute;
    }

    public PrintStream log() {
        return log;
    }

    public Map<String, String> env() {
        return env;
    }

    @Override
    public void close() {
        if (view) {
            return;
        }
        compute.shutdownNow();
        cache.close();
    }
}
