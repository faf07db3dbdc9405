package io.uassetd.daemon.resident;

import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionRegistry;
import io.uassetd.daemon.action.Dispatcher;
import io.uassetd.daemon.action.ErrorMapper;
import io.uassetd.daemon.cli.Cli;
import io.uassetd.daemon.services.Services;
import io.uassetd.daemon.services.IdleCollector;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The resident server (docs/server.md): serves one-shot command lines from the native front-end
 * on {@code DIR/BUILD.sock}, each connection on its own thread, with the client's folder and
 * environment; exits after an idle time, when a newer build's server asks it to, or on SIGTERM.
 *
 * <p>The front-end ({@code daemon/src/main/c/uassetd-front.c}) picks the runtime folder
 * ({@code UASSETD_RUNTIME_DIR}, else {@code XDG_RUNTIME_DIR}/uassetd, else {@code TMPDIR} or /tmp
 * /uassetd-UID), names the build ({@code UASSETD_BUILD_ID}, else the jar's size and time), waits
 * {@code UASSETD_SERVER_START_TIMEOUT_MS} for a server it starts, and turns SIGINT into a cancel
 * (SIGTERM and SIGHUP cancel and exit). Java cannot read a Unix socket peer's credentials
 * (SO_PEERCRED is not in the JDK): the folder's permissions, checked on both sides, keep other users out.
 */
public final class ResidentServer {
    /** First arguments that never run here: the front-end runs them in-process. */
    public static final Set<String> IN_PROCESS_COMMANDS = Set.of("serve", "batch", "__cds-train", "--prepare-startup", "--serve-socket", "--no-server");
    /** Options that set up the whole process (heap, workers, cache, Oodle): a command with one runs in-process. */
    public static final Set<String> PROCESS_OPTIONS = Set.of("--workers", "--cache-mb", "--memory-mb", "--oodle");
    /**
     * Environment variables read when the process starts (Oodle library, state folder, JVM): a client
     * whose values differ from the server's runs in-process.
     */
    public static final List<String> PROCESS_ENV = List.of("UASSETD_OODLE", "UASSETD_STATE_DIR", "XDG_STATE_HOME", "LOCALAPPDATA", "HOME",
            "UASSETD_JAVA", "UASSETD_JAVA_OPTS", "JAVA_HOME", "UASSETD_NO_CDS", "LD_LIBRARY_PATH", "UASSETD_TXN_STEP_DELAY_MS", "UASSETD_MEMORY_MB");
    /** Exit status of a command cancelled by Ctrl-C (as a shell reports a process ended by SIGINT). */
    public static final int EXIT_INTERRUPTED = 130;

    private final Path dir;
    private final String buildId;
    private final ActionRegistry registry;
    private final Services services;
    private final PrintStream log;
    private final long idleNanos;
    private final Map<String, String> ownEnv;
    private final AtomicInteger active = new AtomicInteger();
    private volatile long lastActive = System.nanoTime();
    private volatile boolean draining;
    /** A command ran since the last idle collection (docs/server.md "Memory"). */
    /** One full collection after an idle second gives the last command's heap back. */
    private IdleCollector collector;
    /** Idle time after a command before the server collects its garbage and returns the memory. */
    private ServerSocketChannel listener;
    private Path socket;
    private Path pidFile;

    public ResidentServer(Path dir, String buildId, ActionRegistry registry, Services services, PrintStream log, long idleSeconds) {
        this.dir = dir;
        this.buildId = buildId;
        this.registry = registry;
        this.services = services;
        this.log = log;
        this.idleNanos = idleSeconds * 1_000_000_000L;
        this.ownEnv = services.env();
    }

    /** The idle time from {@code UASSETD_SERVER_IDLE_SECONDS} (default 600). */
    public static long idleSeconds(Map<String, String> env) {
        String v = env.get("UASSETD_SERVER_IDLE_SECONDS");
        if (v == null || v.isBlank()) {
            return 600;
        }
        try {
            return Math.max(1, Long.parseLong(v.trim()));
        } catch (NumberFormatException e) {
            return 600;
        }
    }

    /**
     * Why {@code dir} may not hold the socket, or null when it may: it must be a folder (not a
     * link) owned by this user with no permission for group or others (0700).
     */
    public static String refusal(Path dir) {
        try {
            PosixFileAttributes a = Files.readAttributes(dir, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!a.isDirectory()) {
                return dir + " is not a folder";
            }
            String me = System.getProperty("user.name");
            if (!Objects.equals(a.owner().getName(), me)) {
                return dir + " is owned by " + a.owner().getName() + ", not " + me;
            }
            Set<PosixFilePermission> p = a.permissions();
            for (PosixFilePermission x : p) {
                if (!x.name().startsWith("OWNER")) {
                    return dir + " is open to other users (" + java.nio.file.attribute.PosixFilePermissions.toString(p) + "; must be rwx------)";
                }
            }
            return null;
        } catch (IOException | UnsupportedOperationException e) {
            return dir + " cannot be checked: " + e;
        }
    }

    /** Serves until idle, asked to quit or killed; returns the process exit status. */
    public int run() throws IOException {
        String why = refusal(dir);
        if (why != null) {
            log.println("uassetd server: refusing the runtime folder: " + why);
            return 2;
        }
        FileChannel lockFile = FileChannel.open(dir.resolve(buildId + ".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock = lockFile.tryLock();
        if (lock == null) {
            log.println("uassetd server: a server of build " + buildId + " is already running; exiting");
            return 0;
        }
        socket = dir.resolve(buildId + ".sock");
        Files.deleteIfExists(socket); // a server killed without cleaning up left it; we hold the lock
        listener = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        listener.bind(UnixDomainSocketAddress.of(socket));
        pidFile = dir.resolve(buildId + ".pid");
        Files.writeString(pidFile, ProcessHandle.current().pid() + "\n");
        Runtime.getRuntime().addShutdownHook(new Thread(this::removeFiles, "uassetd-server-cleanup"));
        log.println("uassetd server: build " + buildId + " serving on " + socket + " (pid " + ProcessHandle.current().pid()
                + ", idle stop after " + idleNanos / 1_000_000_000L + " s)");
        retireOthers();
        collector = new IdleCollector();
        Thread watchdog = new Thread(this::watchIdle, "uassetd-server-idle");
        watchdog.setDaemon(true);
        watchdog.start();
        while (!draining) {
            SocketChannel ch;
            try {
                ch = listener.accept();
            } catch (IOException e) {
                if (draining || !listener.isOpen()) {
                    break; // retired, idle, or SIGTERM (the shutdown hook closed the socket)
                }
                throw e;
            }
            active.incrementAndGet();
            collector.begin();
            lastActive = System.nanoTime();
            Thread t = new Thread(() -> serve(ch), "uassetd-client");
            t.setDaemon(true);
            t.start();
        }
        // drained: the running commands finish, then the process exits (watchIdle)
        while (active.get() > 0) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                break;
            }
        }
        removeFiles();
        lock.release();
        lockFile.close();
        collector.close();
        return 0;
    }

    private synchronized void removeFiles() {
        try {
            if (listener != null) {
                listener.close();
            }
            if (socket != null) {
                Files.deleteIfExists(socket);
            }
            if (pidFile != null) {
                Files.deleteIfExists(pidFile);
            }
        } catch (IOException e) {
            // leaving a file behind is harmless: the next server of the build replaces it
        }
    }

    /** Asks the servers of other builds in the folder to finish and exit (this build replaces them). */
    private void retireOthers() {
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*.sock")) {
            for (Path other : ds) {
                if (other.equals(socket)) {
                    continue;
                }
                try (SocketChannel ch = SocketChannel.open(UnixDomainSocketAddress.of(other))) {
                    Frames.write(ch, Frames.QUIT, new byte[0], 0, 0);
                    log.println("uassetd server: asked the server on " + other + " to exit (another build)");
                } catch (IOException e) {
                    log.println("uassetd server: " + other + " does not answer (" + e.getMessage() + "); left as it is");
                }
            }
        } catch (IOException e) {
            log.println("uassetd server: cannot list " + dir + ": " + e);
        }
    }

    private void watchIdle() {
        while (true) {
            try {
                Thread.sleep(Math.max(100, Math.min(250, idleNanos / 1_000_000 / 4)));
            } catch (InterruptedException e) {
                return;
            }
            if (active.get() == 0 && !draining && System.nanoTime() - lastActive > idleNanos) {
                log.println("uassetd server: idle for " + idleNanos / 1_000_000_000L + " s; exiting");
                drain(); // the accept loop ends; a command accepted meanwhile still finishes
                return;
            }
        }
    }

    private void drain() {
        draining = true;
        removeFiles();
    }

    private void serve(SocketChannel ch) {
        try (ch) {
            Frames.Frame f = Frames.read(ch);
            if (f == null) {
                return;
            }
            if (f.type() == Frames.QUIT) {
                log.println("uassetd server: retired by the server of a newer build; exiting when the running commands finish");
                drain();
                return;
            }
            if (f.type() != Frames.REQUEST) {
                return;
            }
            Frames.Request req = Frames.Request.parse(f.payload());
            String fallback = fallbackReason(req);
            if (fallback != null) {
                byte[] b = fallback.getBytes(StandardCharsets.UTF_8);
                Frames.write(ch, Frames.FALLBACK, b, 0, b.length);
                return;
            }
            run(ch, req);
        } catch (IOException e) {
            log.println("uassetd server: connection: " + e.getMessage());
        } finally {
            lastActive = System.nanoTime();
            active.decrementAndGet();
            collector.end();
        }
    }

    /** Why this request runs in-process instead, or null when it is served here. */
    String fallbackReason(Frames.Request req) {
        if (req.version() != Frames.VERSION) {
            return "front-end protocol " + req.version() + ", server " + Frames.VERSION;
        }
        if (!req.buildId().equals(buildId)) {
            return "server build " + buildId + ", front-end build " + req.buildId();
        }
        if (req.args().isEmpty() || IN_PROCESS_COMMANDS.contains(req.args().get(0))) {
            return "command runs in-process";
        }
        for (String a : req.args()) {
            String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            if (PROCESS_OPTIONS.contains(name) || a.equals("--no-server")) {
                return "option " + name + " sets up the process";
            }
        }
        Map<String, String> env = env(req.env());
        for (String k : PROCESS_ENV) {
            if (!Objects.equals(env.get(k), ownEnv.get(k))) {
                return "environment variable " + k + " differs from the server's";
            }
        }
        return null;
    }

    static Map<String, String> env(List<String> entries) {
        Map<String, String> env = new HashMap<>();
        for (String e : entries) {
            int eq = e.indexOf('=');
            if (eq > 0) {
                env.put(e.substring(0, eq), e.substring(eq + 1));
            }
        }
        return env;
    }

    private void run(SocketChannel ch, Frames.Request req) throws IOException {
        String cwd = req.cwd();
        byte[] prefix = ((cwd.endsWith("/") ? cwd : cwd + "/") + "./").getBytes(StandardCharsets.UTF_8);
        AtomicReference<ActionContext> context = new AtomicReference<>();
        Sink sink = new Sink(ch);
        ClientStream outStream = new ClientStream(sink, Frames.STDOUT, prefix, false);
        ClientStream errStream = new ClientStream(sink, Frames.STDERR, prefix, true);
        PrintStream out = new PrintStream(outStream, false, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(errStream, true, StandardCharsets.UTF_8);
        Map<String, String> env = env(req.env());
        String usmap = env.get("USMAP_PATH");
        if (usmap != null && !usmap.isEmpty()) {
            env.put("USMAP_PATH", Cli.resolveAgainst(cwd, usmap));
        }
        // Ctrl-C (or the client going away) cancels the command; what it prints after that is dropped
        Thread reader = new Thread(() -> {
            try {
                while (true) {
                    Frames.Frame f = Frames.read(ch);
                    if (f == null || f.type() == Frames.CANCEL) {
                        break;
                    }
                }
            } catch (IOException e) {
                // the client is gone
            }
            sink.cancelled = true;
            ActionContext c = context.get();
            if (c != null) {
                c.cancel();
            }
        }, "uassetd-client-reader");
        reader.setDaemon(true);
        reader.start();
        int status;
        List<String> args = new ArrayList<>(req.args());
        String command = args.remove(0);
        Services view = services.forClient(err, env);
        try {
            Dispatcher dispatcher = new Dispatcher(registry, new ErrorMapper(err), env);
            status = new Cli(dispatcher, view, out, err).forClient(cwd, c -> {
                context.set(c);
                if (sink.cancelled) {
                    c.cancel();
                }
            }).run(command, args);
        } catch (Throwable t) {
            if (t instanceof VirtualMachineError && !(t instanceof OutOfMemoryError)) {
                throw (VirtualMachineError) t;
            }
            err.println("uassetd: fatal: " + t);
            t.printStackTrace(err);
            status = 1;
        }
        out.flush();
        outStream.close();
        err.flush();
        errStream.close();
        sink.exit(sink.cancelled ? EXIT_INTERRUPTED : status);
    }

    /** The connection's writing side, shared by the command's stdout and stderr. */
    private static final class Sink {
        private final SocketChannel ch;
        volatile boolean cancelled;
        private boolean broken;

        Sink(SocketChannel ch) {
            this.ch = ch;
        }

        synchronized void send(byte type, byte[] b, int len) {
            if (cancelled || broken || len == 0) {
                return;
            }
            try {
                Frames.write(ch, type, b, 0, len);
            } catch (IOException e) {
                broken = true;
            }
        }

        synchronized void exit(int status) {
            if (broken) {
                return;
            }
            try {
                byte[] p = Frames.exitPayload(status);
                Frames.write(ch, Frames.EXIT, p, 0, p.length);
            } catch (IOException e) {
                broken = true;
            }
        }
    }

    /**
     * A stream to the client's stdout or stderr: whole lines (stderr: each line at once, as an
     * unbuffered stderr would; stdout: in 64 KiB batches and at the end), with the client's
     * {@code DIR/./} (how relative paths were passed on) written back as the path was given.
     */
    static final class ClientStream extends OutputStream {
        private static final int BATCH = 1 << 16;
        private final Sink sink;
        private final byte type;
        private final byte[] prefix;
        private final boolean eachLine;
        private final ByteArrayOutputStream buf = new ByteArrayOutputStream();
        private int lineEnd; // bytes of buf up to and including the last newline

        ClientStream(Sink sink, byte type, byte[] prefix, boolean eachLine) {
            this.sink = sink;
            this.type = type;
            this.prefix = prefix;
            this.eachLine = eachLine;
        }

        @Override
        public synchronized void write(int b) {
            buf.write(b);
            if (b == '\n') {
                lineEnd = buf.size();
                if (eachLine || lineEnd >= BATCH) {
                    emit(lineEnd);
                }
            }
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            for (int i = 0; i < len; i++) {
                write(b[off + i]);
            }
        }

        @Override
        public synchronized void close() {
            emit(buf.size());
        }

        private void emit(int upTo) {
            if (upTo == 0) {
                return;
            }
            byte[] all = buf.toByteArray();
            byte[] out = rewrite(all, upTo, prefix);
            sink.send(type, out, out.length);
            buf.reset();
            buf.write(all, upTo, all.length - upTo);
            lineEnd = 0;
        }

        /** The first {@code len} bytes of {@code b} with every {@code prefix} removed. */
        static byte[] rewrite(byte[] b, int len, byte[] prefix) {
            ByteArrayOutputStream out = new ByteArrayOutputStream(len);
            int i = 0;
            while (i < len) {
                if (b[i] == prefix[0] && i + prefix.length <= len && matches(b, i, prefix)) {
                    i += prefix.length;
                } else {
                    out.write(b[i++]);
                }
            }
            return out.toByteArray();
        }

        private static boolean matches(byte[] b, int at, byte[] p) {
            for (int k = 0; k < p.length; k++) {
                if (b[at + k] != p[k]) {
                    return false;
                }
            }
            return true;
        }
    }
}
