package io.uassetd.client;

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

    private UassetdClient(Process process, InputStream fromDaemon, OutputStream toDaemon, InputStream stderr,
                          Consumer<String> stderrSink) {
        this.process = process;
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
        return new UassetdClient(p, p.getInputStream(), p.getOutputStream(), p.getErrorStream(), stderrLines);
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
        return new UassetdClient(null, fromDaemon, toDaemon, null, null);
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
            return;
        }
        Pending p;
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
