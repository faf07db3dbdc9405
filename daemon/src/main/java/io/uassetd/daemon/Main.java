package io.uassetd.daemon;

import java.util.Map;
import io.uassetd.daemon.server.StartupTrace;
import io.uassetd.daemon.services.Services;
import io.uassetd.daemon.action.ActionRegistry;
import io.uassetd.daemon.action.Dispatcher;
import io.uassetd.daemon.action.ErrorMapper;
import io.uassetd.daemon.actions.Actions;
import io.uassetd.daemon.cli.Batch;
import io.uassetd.daemon.cli.Cli;
import io.uassetd.daemon.resident.ResidentServer;
import io.uassetd.daemon.server.Server;
import io.uassetd.codecs.io.MemoryBudget;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.ErrorInfo;
import io.uassetd.protocol.Json;
import io.uassetd.protocol.Reply;
import io.uassetd.protocol.Request;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Entry point. With no arguments, or {@code serve}, serves JSON lines on stdin/stdout; otherwise
 * runs one CLI command. Before anything else, {@code System.out} is pointed at stderr so that no
 * stray print (ours or a library's) can reach the protocol stream; only the protocol writer (or
 * the CLI's output) holds the real stdout.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] argv) {
        StartupTrace.mark("main");
        OutputStream realStdout = new FileOutputStream(FileDescriptor.out);
        PrintStream err = System.err;
        System.setOut(err);
        int status;
        try {
            status = run(argv, realStdout, err);
        } catch (StartupException e) {
            err.println("uassetd: " + e.getMessage());
            status = 2;
        } catch (Throwable t) {
            err.println("uassetd: fatal: " + t);
            t.printStackTrace(err);
            status = 1;
        }
        err.flush();
        System.exit(status);
    }

    /** A bad command line or start-up setting. */
    static final class StartupException extends Exception {
        StartupException(String message) {
            super(message);
        }
    }

    static int run(String[] argv, OutputStream realStdout, PrintStream err) throws Exception {
        List<String> args = new ArrayList<>(Arrays.asList(argv));
        args.removeIf("--no-server"::equals); // the front-end's switch (docs/server.md): this is the in-process run
        if (!args.isEmpty() && args.get(0).equals("--serve-socket")) {
            return serveSocket(args, err);
        }
        Services.Config config = parseGlobalOptions(args);
        if (args.isEmpty() || args.get(0).equals("serve")) {
            if (!args.isEmpty()) {
                args.remove(0);
            }
            if (!args.isEmpty()) {
                throw new StartupException("unknown serve option '" + args.get(0) + "'");
            }
            if (Boolean.getBoolean("uassetd.jsonWarmup")) {
                warmUpJson();
            }
            try (Services services = Bootstrap.services(config, err, true)) {
                StartupTrace.mark("services");
                Dispatcher dispatcher = new Dispatcher(Actions.registry(), new ErrorMapper(err), services.env());
                StartupTrace.mark("registry");
                OutputStream out = new BufferedOutputStream(realStdout, 1 << 16);
                Server server = new Server(dispatcher, services, new FileInputStream(FileDescriptor.in), out, err, config.workers());
                int status = server.run();
                out.flush();
                return status;
            }
        }
        if (args.get(0).equals("batch")) {
            args.remove(0);
            try (Services services = Bootstrap.services(config, err, true)) {
                Dispatcher dispatcher = new Dispatcher(Actions.registry(), new ErrorMapper(err), services.env());
                OutputStream out = new BufferedOutputStream(realStdout, 1 << 16);
                int status = new Batch(dispatcher, services, err).run(args, new FileInputStream(FileDescriptor.in), out, config.workers());
                out.flush();
                return status;
            }
        }
        String command = args.remove(0);
        if (command.equals("__cds-train")) {
            return CdsTraining.run(config, err);
        }
        PrintStream out = new PrintStream(new BufferedOutputStream(realStdout, 1 << 16), false, StandardCharsets.UTF_8);
        try (Services services = Bootstrap.services(config, err, false)) {
            StartupTrace.mark("cli services");
            ActionRegistry registry = Actions.registry();
            StartupTrace.mark("cli registry");
            Dispatcher dispatcher = new Dispatcher(registry, new ErrorMapper(err), services.env());
            int status = new Cli(dispatcher, services, out, err).run(command, args);
            out.flush();
            return status;
        }
    }

    /** {@code --serve-socket DIR BUILD}: the resident server the front-end starts (docs/server.md). */
    private static int serveSocket(List<String> args, PrintStream err) throws Exception {
        if (args.size() != 3) {
            throw new StartupException("--serve-socket needs the runtime folder and the build id");
        }
        // Oodle is searched for when a command first needs it, as in-process: searching at start (JNA, ldconfig) ran
        // beside the server's first command and made it 0.3 s slower on 2 cores (docs/server.md "Speed")
        try (Services services = Bootstrap.services(Services.Config.defaults(), err, false)) {
            StartupTrace.mark("server services");
            ResidentServer server = new ResidentServer(java.nio.file.Path.of(args.get(1)), args.get(2), Actions.registry(), services, err,
                    ResidentServer.idleSeconds(services.env()));
            return server.run();
        }
    }

    /**
     * With {@code -Duassetd.jsonWarmup=true}: builds the protocol's Jackson mapper and its
     * request/reply (de)serializers on a background thread while the services and the action
     * registry are set up and the first line is awaited (that set-up is the largest part of the time
     * to the first reply). Off by default: on a loaded 2-core machine {@code ./bench daemon} measured
     * it 6 to 10% slower, the thread competing with the main one; it may pay on idle multi-core
     * machines, which the benchmark's variant shows.
     */
    private static void warmUpJson() {
        Thread t = new Thread(() -> {
            try {
                Request r = Request.fromJson(Json.mapper().readTree("{\"action\":\"ping\",\"id\":1}"));
                Json.mapper().writeValueAsBytes(Reply.ok(r.id(), "warm-up", Map.of("pong", true), List.of()));
                Json.mapper().writeValueAsBytes(Reply.failure(null, "warm-up", ErrorInfo.of(ErrorCode.INTERNAL), List.of("w")));
            } catch (Exception | LinkageError e) {
                // only a warm-up: the first request builds whatever is missing
            }
            StartupTrace.mark("json warmed up");
        }, "uassetd-json-warmup");
        t.setDaemon(true);
        t.start();
    }

    /** Takes {@code --workers}, {@code --cache-mb}, {@code --memory-mb} and {@code --oodle} out of the arguments wherever they stand. */
    static Services.Config parseGlobalOptions(List<String> args) throws StartupException {
        Services.Config d = Services.Config.defaults();
        int workers = d.workers();
        long cacheBytes = d.cacheBytes();
        String oodle = null;
        // the memory budget: --memory-mb, else UASSETD_MEMORY_MB (the launchers size the heap from the same), else the
        // machine's: the launchers give the heap 3/16 of the smaller of physical memory and the cgroup limit (docs/limits.md)
        String envBudget = System.getenv("UASSETD_MEMORY_MB");
        if (envBudget != null && !envBudget.isBlank()) {
            memoryBudget("UASSETD_MEMORY_MB", envBudget.trim());
        }
        for (int i = 0; i < args.size(); ) {
            String a = args.get(i);
            String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            if (!name.equals("--workers") && !name.equals("--cache-mb") && !name.equals("--oodle") && !name.equals("--memory-mb")) {
                i++;
                continue;
            }
            String value;
            if (a.contains("=")) {
                value = a.substring(a.indexOf('=') + 1);
                args.remove(i);
            } else {
                if (i + 1 >= args.size()) {
                    throw new StartupException(name + " needs a value");
                }
                value = args.get(i + 1);
                args.remove(i);
                args.remove(i);
            }
            try {
                switch (name) {
                    case "--workers" -> {
                        workers = Integer.parseInt(value);
                        if (workers < 1 || workers > 1024) {
                            throw new StartupException("--workers must be between 1 and 1024");
                        }
                    }
                    case "--cache-mb" -> {
                        long mb = Long.parseLong(value);
                        if (mb < 0 || mb > 1L << 30) {
                            throw new StartupException("--cache-mb must be between 0 and 2^30");
                        }
                        cacheBytes = mb * 1024 * 1024;
                    }
                    case "--memory-mb" -> memoryBudget("--memory-mb", value);
                    default -> oodle = value;
                }
            } catch (NumberFormatException e) {
                throw new StartupException(name + " needs a whole number, got '" + value + "'");
            }
        }
        return new Services.Config(workers, cacheBytes, oodle);
    }

    /** Sets the budget of one decode from a memory budget in MiB ({@code what} names where it came from). */
    private static void memoryBudget(String what, String value) throws StartupException {
        long mb;
        try {
            mb = Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new StartupException(what + " needs a whole number, got '" + value + "'");
        }
        if (mb < 64 || mb > 1L << 30) {
            throw new StartupException(what + " must be between 64 and 2^30");
        }
        // the launcher gives the heap 3/4 of the budget; one decode may take half the heap
        MemoryBudget.limit(Math.min(Runtime.getRuntime().maxMemory(), mb * 1024 * 1024 * 3 / 4) / 2);
    }
}
