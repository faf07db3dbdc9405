package io.uassetd.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The one-shot columns of the peers benchmarks through the resident server (docs/server.md): the
 * launcher with a private runtime folder, so that the benchmark can stop the server before a
 * "first command" run (which then includes the server's start) and find its pid for the CPU it
 * used. The in-process one-shot column sets {@code UASSETD_NO_SERVER=1}.
 */
final class ServerRuns {
    /** The environment of an in-process one-shot command (as before the server existed). */
    static final Map<String, String> IN_PROCESS = Map.of("UASSETD_NO_SERVER", "1");

    private final Path runtime;
    private final boolean available;

    ServerRuns(Path root, Path work) throws IOException {
        this.runtime = work.resolve("rt");
        this.available = Files.isExecutable(root.resolve("daemon/target/uassetd-front"));
        stop();
    }

    /** Whether the native front-end is built (else the server columns are left empty). */
    boolean available() {
        return available;
    }

    /** The environment of a command through the server. */
    Map<String, String> env() {
        return Map.of("UASSETD_RUNTIME_DIR", runtime.toString(), "UASSETD_SERVER_IDLE_SECONDS", "3600");
    }

    /** The running server's pid, or -1. */
    long pid() throws IOException {
        List<Long> p = pids();
        return p.isEmpty() ? -1 : p.get(0);
    }

    private List<Long> pids() throws IOException {
        List<Long> out = new ArrayList<>();
        if (!Files.isDirectory(runtime)) {
            return out;
        }
        try (Stream<Path> s = Files.list(runtime)) {
            for (Path f : s.filter(f -> f.toString().endsWith(".pid")).toList()) {
                try {
                    out.add(Long.parseLong(Files.readString(f).trim()));
                } catch (IOException | NumberFormatException e) {
                    // removed meanwhile
                }
            }
        }
        return out;
    }

    /** Stops the servers of the benchmark's folder (SIGTERM) and waits for them to exit. */
    void stop() throws IOException {
        for (long pid : pids()) {
            ProcessHandle.of(pid).ifPresent(h -> {
                h.destroy();
                try {
                    h.onExit().get(60, TimeUnit.SECONDS);
                } catch (Exception e) {
                    h.destroyForcibly();
                }
            });
        }
    }
}
