package io.uassetd.daemon.server;

import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where start-up time goes, for {@code ./bench daemon}: with {@code -Duassetd.startupTrace=true}
 * each phase's first occurrence is logged to stderr as {@code uassetd startup: <phase> <ms>}, the
 * milliseconds since {@code -Duassetd.t0} (epoch milliseconds; the benchmark passes the moment it
 * started the process), else since the process start the OS reports (coarse: Linux derives it
 * from the boot time, which can be off by hundreds of milliseconds). Off by default; then a mark
 * costs one field read.
 */
public final class StartupTrace {
    private static final boolean ON = Boolean.getBoolean("uassetd.startupTrace");
    private static final Set<String> SEEN = ON ? ConcurrentHashMap.newKeySet() : null;
    private static final long PROCESS_START = ON ? Long.getLong("uassetd.t0",
            ProcessHandle.current().info().startInstant().map(Instant::toEpochMilli).orElse(System.currentTimeMillis())) : 0;

    private StartupTrace() {
    }

    /** Logs the phase the first time it is reached. */
    public static void mark(String phase) {
        if (ON && SEEN.add(phase)) {
            System.err.println("uassetd startup: " + phase + " " + (System.currentTimeMillis() - PROCESS_START));
        }
    }
}
