package io.uassetd.daemon.server;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.daemon.services.Services;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.Dispatcher;
import io.uassetd.protocol.DuplicateIdRejection;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.ErrorInfo;
import io.uassetd.protocol.Json;
import io.uassetd.protocol.LineReader;
import io.uassetd.protocol.LineWriter;
import io.uassetd.protocol.ProgressEvent;
import io.uassetd.protocol.ProtocolException;
import io.uassetd.protocol.Reply;
import io.uassetd.protocol.Request;
import io.uassetd.daemon.services.IdleCollector;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The JSON-lines server. One reader thread reads request lines; requests without an {@code id}
 * run one after another in arrival order on one lane (UAssetTool's semantics), requests with an
 * {@code id} run concurrently on the worker pool. {@code cancel} is handled as soon as it is read.
 * {@code shutdown} or end of input stops reading, lets in-flight requests finish, and returns.
 */
public final class Server {
    /** At most this many requests wait or run at once; the reader blocks beyond it. */
    public static final int DEFAULT_MAX_PENDING = 4096;

    private final Dispatcher dispatcher;
    private final Services services;
    private final InputStream in;
    private final LineWriter writer;
    private final PrintStream log;
    private final int workers;
    private final Semaphore pending;
    private final Map<String, ActionContext> inFlight = new ConcurrentHashMap<>();
    private volatile boolean stopping;
    /** The heap of the last requests given back after an idle second (docs/server.md "Memory"). */
    private IdleCollector collector;

    public Server(Dispatcher dispatcher, Services services, InputStream in, OutputStream out, PrintStream log, int workers) {
        this.dispatcher = dispatcher;
        this.services = services;
        this.in = in;
        this.writer = new LineWriter(out);
        this.log = log;
        this.workers = Math.max(1, workers);
        this.pending = new Semaphore(DEFAULT_MAX_PENDING);
    }

    private final ActionContext.Control control = new ActionContext.Control() {
        @Override
        public boolean cancel(JsonNode targetId) {
            ActionContext ctx = inFlight.get(key(targetId));
            if (ctx == null) {
                return false;
            }
            ctx.cancel();
            return true;
        }

        @Override
        public void shutdown() {
            stopping = true;
        }
    };

    private final ActionContext.ProgressSink progressSink = this::sendProgress;

    private void sendProgress(JsonNode id, long done, long total, String item) {
        writer.write(ProgressEvent.progress(id, done, total, item));
    }

    private static String key(JsonNode id) {
        return id.toString();
    }

    /** Serves until shutdown or end of input; returns the exit status (0). */
    public int run() throws IOException {
        ExecutorService lane = Executors.newSingleThreadExecutor(threads("uassetd-lane"));
        ExecutorService pool = Executors.newFixedThreadPool(workers, threads("uassetd-worker"));
        LineReader reader = new LineReader(in);
        Request shutdownRequest = null;
        collector = new IdleCollector();
        try {
            while (!stopping && !writer.isBroken()) {
                LineReader.Line line = reader.next();
                if (line == null) {
                    break;
                }
                if (!line.ok()) {
                    inOrder(lane, Reply.failure(null, line.error(), ErrorInfo.of(ErrorCode.PARSE_ERROR), List.of()));
                    continue;
                }
                if (!line.text().isEmpty() && line.text().charAt(0) == '\uFEFF') {
                    // a UTF-8 byte order mark (what .NET's UTF-8 writers put before the first line) is not part of the request
                    line = new LineReader.Line(line.text().substring(1), null, line.number());
                }
                if (line.text().isBlank()) {
                    continue;
                }
                StartupTrace.mark("first request read");
                Request req = parse(line, lane);
                StartupTrace.mark("first request parsed");
                if (req == null) {
                    continue;
                }
                switch (req.action()) {
                    case "cancel" -> writer.write(dispatcher.dispatch(req, new ActionContext(services, req.id(), null, control)));
                    case "shutdown" -> {
                        shutdownRequest = req;
                        stopping = true;
                    }
                    default -> submit(req, req.id() == null ? lane : pool);
                }
            }
        } finally {
            lane.shutdown();
            pool.shutdown();
            awaitQuietly(lane);
            awaitQuietly(pool);
            collector.close();
        }
        if (shutdownRequest != null) {
            writer.write(dispatcher.dispatch(shutdownRequest, new ActionContext(services, shutdownRequest.id(), null, control)));
        }
        return 0;
    }

    /**
     * Writes a reply to a line without an id in its place among the other id-less replies, so an
     * old client that pipelines requests reads its replies in request order.
     */
    private void inOrder(ExecutorService lane, Reply reply) {
        if (reply.id() != null) {
            writer.write(reply);
        } else {
            lane.execute(() -> writer.write(reply));
        }
    }

    private Request parse(LineReader.Line line, ExecutorService lane) {
        JsonNode node;
        try {
            node = Json.mapper().readTree(line.text());
        } catch (IOException e) {
            String m = e.getMessage();
            int cut = m == null ? -1 : m.indexOf('\n');
            inOrder(lane, Reply.failure(null, "Invalid JSON on line " + line.number() + ": " + (cut > 0 ? m.substring(0, cut) : m),
                    ErrorInfo.of(ErrorCode.PARSE_ERROR), List.of()));
            return null;
        }
        try {
            return Request.fromJson(node);
        } catch (ProtocolException e) {
            inOrder(lane, Reply.failure(e.id(), e.getMessage(), ErrorInfo.of(e.code()), List.of()));
            return null;
        }
    }

    private void submit(Request req, ExecutorService executor) {
        pending.acquireUninterruptibly();
        JsonNode id = req.id();
        ActionContext ctx = new ActionContext(services, id, req.progress() && id != null ? progressSink : null, control);
        String k = id == null ? null : key(id);
        if (k != null && inFlight.putIfAbsent(k, ctx) != null) {
            pending.release();
            // no "id" on this line: the request that holds the id is still running and its reply is yet to come
            writer.write(DuplicateIdRejection.of(id));
            return;
        }
        collector.begin();
        executor.execute(() -> {
            Reply reply;
            try {
                reply = dispatcher.dispatch(req, ctx);
            } catch (Throwable t) {
                log.println("uassetd: request failed outside its handler: " + t);
                reply = Reply.failure(id, "Internal error: " + t, ErrorInfo.of(ErrorCode.INTERNAL), List.of());
            } finally {
                if (k != null) {
                    inFlight.remove(k, ctx);
                }
                pending.release();
            }
            try {
                writer.write(reply);
                StartupTrace.mark("first reply written");
            } finally {
                collector.end();
            }
        });
    }

    private void awaitQuietly(ExecutorService e) {
        try {
            while (!e.awaitTermination(1, TimeUnit.HOURS)) {
                log.println("uassetd: still waiting for in-flight requests");
            }
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
        }
    }

    private static ThreadFactory threads(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
