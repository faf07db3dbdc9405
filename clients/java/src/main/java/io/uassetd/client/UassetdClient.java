package io.uassetd.client;

import java.io.File;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CompletionException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.protocol.Json;
import io.uassetd.protocol.LineReader;
import io.uassetd.protocol.ProgressEvent;
import io.uassetd.protocol.Reply;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A client of the uassetd daemon: spawns it as a child process (or attaches to given streams),
 * sends requests, and completes each request's future with its reply. Requests get an {@code id}
 * (unless they carry one) so replies are matched whatever order they come in; requests sent with
 * {@link #sendOrdered} carry none and are matched in order, as UAssetTool's clients do. If the
 * daemon exits or crashes, every waiting future fails with {@link DaemonExitedException}.
 * Thread-safe.
 */
public final class UassetdClient implements AutoCloseable {
    private static final int STDERR_TAIL_LINES = 50;

    private final Process process;
    private final List<String> command;
    private final OutputStream toDaemon;
    private final Object writeLock = new Object();
    private final Map<String, Pending> byId = new ConcurrentHashMap<>();
    private final Deque<Pending> ordered = new ArrayDeque<>();
    private final AtomicLong nextId = new AtomicLong(1);
    private final Deque<String> stderrTail = new ArrayDeque<>();
    private final Consumer<String> stderrSink;
    private final Thread reader;
    private volatile boolean closed;
    private volatile String closeReason;

    private record Pending(CompletableFuture<Reply> future, ProgressListener listener) {
    }

    private UassetdClient(Process process, List<String> command, InputStream fromDaemon, OutputStream toDaemon, InputStream stderr,
                          Consumer<String> stderrSink) {
        this.process = process;
        this.command = command == null ? null : List.copyOf(command);
        this.toDaemon = new BufferedOutputStream(toDaemon, 1 << 16);
        this.stderrSink = stderrSink == null ? s -> { } : stderrSink;
        this.reader = new Thread(() -> readLoop(fromDaemon), "uassetd-client-reader");
        this.reader.setDaemon(true);
        this.reader.start();
        if (stderr != null) {
            Thread t = new Thread(() -> drainStderr(stderr), "uassetd-client-stderr");
            t.setDaemon(true);
            t.start();
        }
    }

    /** Starts the daemon with this command line (e.g. {@code java -jar uassetd.jar serve}). */
    public static UassetdClient spawn(List<String> command, Consumer<String> stderrLines) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(false).start();
        return new UassetdClient(p, command, p.getInputStream(), p.getOutputStream(), p.getErrorStream(), stderrLines);
    }

    /** Starts {@code java -jar <jar> serve [extraArgs]} with the Java that runs this client. */
    public static UassetdClient spawnJar(Path jar, String... extraArgs) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-jar");
        cmd.add(jar.toString());
        cmd.add("serve");
        cmd.addAll(List.of(extraArgs));
        return spawn(cmd, null);
    }

    /** Talks to a daemon over existing streams (an embedding, a socket, a test). */
    public static UassetdClient attach(InputStream fromDaemon, OutputStream toDaemon) {
        return new UassetdClient(null, null, fromDaemon, toDaemon, null, null);
    }

    /**
     * Spawns {@code <daemon> serve [extraArgs]}, the daemon found by {@link #findDaemon}: {@code daemon}
     * (a launcher, a jar or a distribution folder; may be null), else {@code UASSETD_HOME}, else
     * {@code uassetd} on the PATH.
     */
    public static UassetdClient spawnDaemon(Path daemon, String... extraArgs) throws IOException {
        List<String> cmd = new ArrayList<>(findDaemon(daemon, System.getenv()));
        cmd.add("serve");
        cmd.addAll(List.of(extraArgs));
        return spawn(cmd, null);
    }

    /**
     * The command that runs the daemon (without {@code serve}): {@code daemon} when given (a launcher,
     * a jar run by this JVM's java, or a distribution folder), else {@code UASSETD_HOME} (its
     * {@code bin/uassetd}, or {@code lib/uassetd.jar} run by the bundled runtime or JAVA_HOME's java),
     * else {@code uassetd} on the PATH.
     */
    public static List<String> findDaemon(Path daemon, Map<String, String> env) throws IOException {
        boolean windows = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
        String launcherName = windows ? "uassetd.cmd" : "uassetd";
        if (daemon != null) {
            if (Files.isDirectory(daemon)) {
                List<String> c = fromHome(daemon, launcherName, env, windows);
                if (c == null) {
                    throw new IOException(daemon + " holds neither bin/uassetd nor lib/uassetd.jar");
                }
                return c;
            }
            if (daemon.toString().endsWith(".jar")) {
                return List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", daemon.toString());
            }
            return List.of(daemon.toString());
        }
        String home = env.get("UASSETD_HOME");
        if (home != null && !home.isEmpty()) {
            List<String> c = fromHome(Path.of(home), launcherName, env, windows);
            if (c == null) {
                throw new IOException("UASSETD_HOME=" + home + " holds neither bin/uassetd nor lib/uassetd.jar");
            }
            return c;
        }
        String path = env.getOrDefault("PATH", "");
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isRegularFile(Path.of(dir, launcherName))) {
                return List.of(Path.of(dir, launcherName).toString());
            }
        }
        throw new IOException("uassetd not found: pass its path, set UASSETD_HOME, or put bin/uassetd on PATH");
    }

    private static List<String> fromHome(Path home, String launcherName, Map<String, String> env, boolean windows) {
        Path launcher = home.resolve("bin").resolve(launcherName);
        if (Files.isRegularFile(launcher)) {
            return List.of(launcher.toString());
        }
        String exe = windows ? "java.exe" : "java";
        for (Path jar : List.of(home.resolve("lib").resolve("uassetd.jar"), home.resolve("daemon").resolve("target").resolve("uassetd.jar"))) {
            if (Files.isRegularFile(jar)) {
                Path javaExe = home.resolve("runtime").resolve("bin").resolve(exe);
                if (!Files.isRegularFile(javaExe)) {
                    String jh = env.get("JAVA_HOME");
                    javaExe = jh != null && Files.isRegularFile(Path.of(jh, "bin", exe)) ? Path.of(jh, "bin", exe) : Path.of(exe);
                }
                return List.of(javaExe.toString(), "-jar", jar.toString());
            }
        }
        return null;
    }

    /**
     * Sends a typed request ({@link Actions}) with a fresh id; the future completes with the reply, or
     * exceptionally with {@link UassetdException} (a failed reply), {@link DaemonExitedException}, or
     * {@link UassetdException.TimeoutException} after {@code timeout} (the request is then cancelled on the daemon).
     */
    public CompletableFuture<Reply> call(ActionRequest request, ProgressListener listener, Duration timeout) {
        return start(request, listener, timeout).reply();
    }

    /** A request in flight: its id (to {@link #cancel} it) and its reply. */
    public record Call(JsonNode id, CompletableFuture<Reply> reply) {
    }

    /** Like {@link #call(ActionRequest, ProgressListener, java.time.Duration)}, also giving the request's id. */
    public Call start(ActionRequest request, ProgressListener listener, Duration timeout) {
        ObjectNode req = Json.mapper().createObjectNode();
        req.put("action", request.action());
        request.fields().forEach((k, v) -> req.set(k, Json.mapper().valueToTree(v)));
        req.put("id", nextId.getAndIncrement());
        JsonNode id = req.get("id");
        CompletableFuture<Reply> out = new CompletableFuture<>();
        send(req, listener).whenComplete((reply, err) -> {
            if (err != null) {
                out.completeExceptionally(err instanceof CompletionException && err.getCause() != null ? err.getCause() : err);
            } else if (!reply.success()) {
                out.completeExceptionally(UassetdException.fromReply(Json.mapper().valueToTree(reply)));
            } else {
                out.complete(reply);
            }
        });
        if (timeout != null) {
            CompletableFuture.delayedExecutor(timeout.toMillis(), TimeUnit.MILLISECONDS).execute(() -> {
                Pending p = byId.remove(id.toString());
                if (p != null) {
                    cancel(id);
                    p.future().completeExceptionally(new UassetdException.TimeoutException(
                            "request " + id + " timed out after " + timeout.toMillis() + " ms (cancelled)"));
                }
            });
        }
        return new Call(id, out);
    }

    public CompletableFuture<Reply> call(ActionRequest request) {
        return call(request, null, null);
    }

    /** Cancels a request by id; completes with true when the daemon found it running. */
    public CompletableFuture<Boolean> cancel(Object targetId) {
        ObjectNode req = Json.mapper().createObjectNode();
        req.put("action", "cancel");
        req.set("target_id", targetId instanceof JsonNode n ? n : Json.mapper().valueToTree(targetId));
        return send(req, null).thenApply(r -> r.success() && r.dataTree().path("cancelled").asBoolean(false));
    }

    /** Kills the daemon at once (as a crash would); every waiting future fails with {@link DaemonExitedException}. */
    public void kill() {
        if (process != null) {
            process.destroyForcibly();
        }
    }

    /**
     * Stops this daemon (waiting up to 5 s for it, then killing it) and spawns a new one with the same
     * command line; waiting requests fail with {@link DaemonExitedException}. Use the returned client.
     */
    public UassetdClient restart() throws IOException, InterruptedException {
        if (command == null) {
            throw new IllegalStateException("an attached client cannot restart its daemon");
        }
        close(5, TimeUnit.SECONDS);
        return spawn(command, stderrSink);
    }

    /** False once the daemon closed its output (exited, crashed, killed). */
    public boolean isAlive() {
        return !closed;
    }

    /** Sends {@code {"action": action, ...fields}} with a fresh id. */
    public CompletableFuture<Reply> send(String action, Map<String, ?> fields) {
        ObjectNode req = Json.mapper().createObjectNode();
        req.put("action", action);
        fields.forEach((k, v) -> req.set(k, Json.mapper().valueToTree(v)));
        return send(req, null);
    }

    public CompletableFuture<Reply> send(ObjectNode request) {
        return send(request, null);
    }

    /**
     * Sends a request, adding a fresh numeric {@code id} when it has none, and asks for progress
     * events when a listener is given.
     */
    public CompletableFuture<Reply> send(ObjectNode request, ProgressListener listener) {
        ObjectNode req = request.deepCopy();
        if (!req.hasNonNull("id")) {
            req.put("id", nextId.getAndIncrement());
        }
        if (listener != null) {
            req.put("progress", true);
        }
        String key = req.get("id").toString();
        CompletableFuture<Reply> f = new CompletableFuture<>();
        Pending p = new Pending(f, listener);
        if (byId.putIfAbsent(key, p) != null) {
            f.completeExceptionally(new IllegalArgumentException("A request with id " + key + " is already waiting"));
            return f;
        }
        write(encode(req), () -> byId.remove(key, p), f);
        return f;
    }

    /** Sends a request without an id; its reply is matched in order with the other id-less ones. */
    public CompletableFuture<Reply> sendOrdered(ObjectNode request) {
        ObjectNode req = request.deepCopy();
        req.remove("id");
        return sendRawLine(encode(req));
    }

    /**
     * Sends one raw line (which must not contain a newline) that the daemon will answer without an
     * id, e.g. a malformed line; the reply is matched in order with other id-less requests.
     */
    public CompletableFuture<Reply> sendRawLine(String line) {
        if (line.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("a protocol line cannot contain a newline");
        }
        return sendRawLine(line.getBytes(StandardCharsets.UTF_8));
    }

    /** Sends one raw line of bytes (e.g. invalid UTF-8, for tests); answered without an id, in order. */
    public CompletableFuture<Reply> sendRawLine(byte[] line) {
        for (byte b : line) {
            if (b == '\n') {
                throw new IllegalArgumentException("a protocol line cannot contain a newline");
            }
        }
        CompletableFuture<Reply> f = new CompletableFuture<>();
        Pending p = new Pending(f, null);
        synchronized (writeLock) {
            synchronized (ordered) {
                ordered.addLast(p);
            }
            write(line, () -> {
                synchronized (ordered) {
                    ordered.remove(p);
                }
            }, f);
        }
        return f;
    }

    private static byte[] encode(JsonNode req) {
        try {
            return Json.mapper().writeValueAsBytes(req);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot encode request", e);
        }
    }

    private boolean write(byte[] line, Runnable undo, CompletableFuture<Reply> f) {
        synchronized (writeLock) {
            if (closed) {
                undo.run();
                f.completeExceptionally(new DaemonExitedException("client is closed" + reasonSuffix()));
                return false;
            }
            try {
                toDaemon.write(line);
                toDaemon.write('\n');
                toDaemon.flush();
                return true;
            } catch (IOException e) {
                undo.run();
                f.completeExceptionally(new DaemonExitedException("cannot write to the daemon: " + e.getMessage() + reasonSuffix()));
                return false;
            }
        }
    }

    private void readLoop(InputStream in) {
        LineReader lines = new LineReader(in);
        try {
            LineReader.Line line;
            while ((line = lines.next()) != null) {
                if (!line.ok() || !line.text().startsWith("{")) {
                    continue;
                }
                JsonNode node;
                try {
                    node = Json.mapper().readTree(line.text());
                } catch (IOException e) {
                    continue;
                }
                if (node.has("event")) {
                    dispatchEvent(node);
                } else {
                    dispatchReply(node);
                }
            }
        } catch (IOException e) {
            closeReason = "reading from the daemon failed: " + e.getMessage();
        }
        failAll();
    }

    private void dispatchEvent(JsonNode node) {
        JsonNode id = node.get("id");
        if (id == null) {
            return;
        }
        Pending p = byId.get(id.toString());
        if (p != null && p.listener() != null) {
            try {
                p.listener().onProgress(Json.mapper().treeToValue(node, ProgressEvent.class));
            } catch (Exception e) {
                // A listener's failure must not stop the reader.
            }
        }
    }

    private void dispatchReply(JsonNode node) {
        Reply reply;
        try {
            reply = Json.mapper().treeToValue(node, Reply.class);
        } catch (Exception e) {
            // A reply this protocol version cannot map (e.g. an error code newer than this client)
            // still settles its request, with the raw failure.
            reply = null;
        }
        JsonNode rawId = node.get("id");
        Pending p;
        if (reply == null) {
            if (rawId == null || rawId.isNull()) {
                synchronized (ordered) {
                    p = ordered.pollFirst();
                }
            } else {
                p = byId.remove(rawId.toString());
            }
            if (p != null) {
                p.future().completeExceptionally(UassetdException.fromReply(node));
            }
            return;
        }
        if (reply.id() == null) {
            synchronized (ordered) {
                p = ordered.pollFirst();
            }
        } else {
            p = byId.remove(reply.id().toString());
        }
        if (p != null) {
            p.future().complete(reply);
        }
    }

    private void failAll() {
        closed = true;
        String why = "the daemon closed its output" + reasonSuffix();
        List<Pending> all = new ArrayList<>(byId.values());
        byId.clear();
        synchronized (ordered) {
            all.addAll(ordered);
            ordered.clear();
        }
        for (Pending p : all) {
            p.future().completeExceptionally(new DaemonExitedException(why));
        }
    }

    private String reasonSuffix() {
        StringBuilder sb = new StringBuilder();
        if (closeReason != null) {
            sb.append(" (").append(closeReason).append(')');
        }
        if (process != null) {
            try {
                if (process.waitFor(200, TimeUnit.MILLISECONDS)) {
                    sb.append(" (exit status ").append(process.exitValue()).append(')');
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        String tail = stderrTail();
        if (!tail.isEmpty()) {
            sb.append("; last stderr lines:\n").append(tail);
        }
        return sb.toString();
    }

    private void drainStderr(InputStream err) {
        LineReader lines = new LineReader(err, 1 << 20);
        try {
            LineReader.Line line;
            while ((line = lines.next()) != null) {
                String s = line.ok() ? line.text() : "<" + line.error() + ">";
                synchronized (stderrTail) {
                    stderrTail.addLast(s);
                    while (stderrTail.size() > STDERR_TAIL_LINES) {
                        stderrTail.removeFirst();
                    }
                }
                stderrSink.accept(s);
            }
        } catch (IOException ignored) {
            // The process is gone.
        }
    }

    /** The daemon's last stderr lines (spawned daemons only). */
    public String stderrTail() {
        synchronized (stderrTail) {
            return String.join("\n", stderrTail);
        }
    }

    /** The child process, when this client spawned one. */
    public Process process() {
        return process;
    }

    /** Number of requests still waiting for a reply. */
    public int pending() {
        synchronized (ordered) {
            return byId.size() + ordered.size();
        }
    }

    /**
     * Closes the daemon's input (it finishes in-flight requests and exits), waits up to
     * {@code timeout} for it, then kills it if it is still running. Returns its exit status, or -1
     * for attached streams.
     */
    public int close(long timeout, TimeUnit unit) throws InterruptedException {
        synchronized (writeLock) {
            try {
                toDaemon.close();
            } catch (IOException ignored) {
                // Already gone.
            }
        }
        if (process == null) {
            reader.join(unit.toMillis(timeout));
            return -1;
        }
        if (!process.waitFor(timeout, unit)) {
            process.destroyForcibly();
            process.waitFor(5, TimeUnit.SECONDS);
        }
        reader.join(1000);
        return process.exitValue();
    }

    @Override
    public void close() {
        try {
            close(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            if (process != null) {
                process.destroyForcibly();
            }
        }
    }

    @Override
    public String toString() {
        return "UassetdClient[" + (process == null ? "attached" : "pid " + process.pid()) + ", pending " + pending() + "]";
    }
}
