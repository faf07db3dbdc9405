package io.uassetd.daemon.cli;

import java.util.Collections;
import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.daemon.services.Services;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.Dispatcher;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.ErrorInfo;
import io.uassetd.protocol.Json;
import io.uassetd.protocol.LineReader;
import io.uassetd.protocol.LineWriter;
import io.uassetd.protocol.ProtocolException;
import io.uassetd.protocol.Reply;
import io.uassetd.protocol.Request;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code uassetd batch [FILE|-] [--jobs N] [--fail-fast] [--progress]}: runs the request lines of a
 * file (or stdin) on N threads and writes one reply line per request to stdout, in request order,
 * whatever order they finish in. Requests need no id (one is echoed when given). A line that is not
 * a JSON object gets its PARSE_ERROR reply in its place. With {@code --fail-fast} the first failed
 * reply (in request order) is the last line written: no later request starts, running later ones
 * are cancelled. Exit status: 0 when every request succeeded, 1 when one failed, 2 for a bad command
 * line or an unreadable input file. At most 4 x N requests are read ahead, so input of any length
 * streams through in constant memory.
 */
public final class Batch {
    private final Dispatcher dispatcher;
    private final Services services;
    private final PrintStream err;

    public Batch(Dispatcher dispatcher, Services services, PrintStream err) {
        this.dispatcher = dispatcher;
        this.services = services;
        this.err = err;
    }

    public static String usage() {
        return """
                usage: uassetd batch [FILE|-] [--jobs N] [--fail-fast] [--progress]
                  Runs one JSON request per line of FILE (default: stdin) and writes one reply line per
                  request to stdout, in request order. --jobs N: requests run at once (default: the
                  number of cores); --fail-fast: stop at the first failed reply; --progress: progress
                  lines on stderr. Exit status 0 when every request succeeded, 1 otherwise.
                """;
    }

    private record Item(long index, CompletableFuture<Reply> reply, ActionContext ctx) {
    }

    private static final Item END = new Item(-1, null, null);

    public int run(List<String> args, InputStream stdin, OutputStream stdout, int defaultJobs) {
        String file = null;
        int jobs = defaultJobs;
        boolean failFast = false;
        boolean progress = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--fail-fast" -> failFast = true;
                case "--progress" -> progress = true;
                case "--help", "-h" -> {
                    err.print(usage());
                    return 0;
                }
                default -> {
                    if (a.equals("--jobs") || a.startsWith("--jobs=")) {
                        String v = a.startsWith("--jobs=") ? a.substring(7) : (i + 1 < args.size() ? args.get(++i) : null);
                        try {
                            jobs = Integer.parseInt(v);
                        } catch (NumberFormatException | NullPointerException e) {
                            jobs = 0;
                        }
                        if (jobs < 1 || jobs > 1024) {
                            err.println("uassetd batch: --jobs needs a whole number from 1 to 1024, got '" + v + "'");
                            return 2;
                        }
                    } else if (a.startsWith("--")) {
                        err.println("uassetd batch: unknown option '" + a + "'");
                        err.print(usage());
                        return 2;
                    } else if (file != null) {
                        err.println("uassetd batch: only one input file, got '" + file + "' and '" + a + "'");
                        return 2;
                    } else {
                        file = a;
                    }
                }
            }
        }
        InputStream in;
        if (file == null || file.equals("-")) {
            in = stdin;
        } else {
            try {
                in = Files.newInputStream(Path.of(file));
            } catch (NoSuchFileException e) {
                err.println("uassetd batch: input file not found: " + file);
                return 2;
            } catch (IOException e) {
                err.println("uassetd batch: cannot read " + file + ": " + e.getMessage());
                return 2;
            }
        }
        try (InputStream input = in) {
            return serve(input, stdout, jobs, failFast, progress);
        } catch (IOException e) {
            err.println("uassetd batch: reading the requests failed: " + e.getMessage());
            return 2;
        }
    }

    private int serve(InputStream in, OutputStream out, int jobs, boolean failFast, boolean progress) throws IOException {
        LineWriter writer = new LineWriter(out);
        ExecutorService pool = Executors.newFixedThreadPool(jobs, r -> {
            Thread t = new Thread(r, "uassetd-batch");
            t.setDaemon(true);
            return t;
        });
        Semaphore window = new Semaphore(4 * jobs);
        BlockingQueue<Item> queue = new LinkedBlockingQueue<>();
        Map<String, ActionContext> running = new ConcurrentHashMap<>();
        List<Item> inFlight = Collections.synchronizedList(new ArrayList<>());
        AtomicLong firstFailure = new AtomicLong(Long.MAX_VALUE);
        AtomicInteger failures = new AtomicInteger();
        ActionContext.Control control = new ActionContext.Control() {
            @Override
            public boolean cancel(JsonNode targetId) {
                ActionContext c = running.get(targetId.toString());
                if (c == null) {
                    return false;
                }
                c.cancel();
                return true;
            }

            @Override
            public void shutdown() {
                // Handled by the reader: no request after a shutdown line is run.
            }
        };
        ActionContext.ProgressSink sink = progress
                ? (id, done, total, item) -> err.println("[" + id + "] " + done + "/" + total + (item == null ? "" : " " + item))
                : null;

        Thread output = new Thread(() -> {
            try {
                while (true) {
                    Item item = queue.take();
                    if (item == END) {
                        return;
                    }
                    Reply reply = item.reply().join();
                    inFlight.remove(item);
                    window.release();
                    if (item.index() > firstFailure.get()) {
                        continue; // --fail-fast: nothing after the first failure is written
                    }
                    writer.write(reply);
                    if (!reply.success()) {
                        failures.incrementAndGet();
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "uassetd-batch-output");
        output.start();

        LineReader reader = new LineReader(in);
        long index = 0;
        try {
            LineReader.Line line;
            while ((line = reader.next()) != null && index <= firstFailure.get()) {
                if (line.ok() && line.text().isBlank()) {
                    continue;
                }
                window.acquireUninterruptibly();
                long n = index++;
                if (n > firstFailure.get()) {
                    window.release();
                    break;
                }
                Request req = null;
                Reply early = null;
                if (!line.ok()) {
                    early = Reply.failure(null, line.error(), ErrorInfo.of(ErrorCode.PARSE_ERROR), List.of());
                } else {
                    try {
                        req = Request.fromJson(Json.mapper().readTree(line.text()));
                    } catch (ProtocolException e) {
                        early = Reply.failure(e.id(), e.getMessage(), ErrorInfo.of(e.code()), List.of());
                    } catch (IOException e) {
                        String m = e.getMessage();
                        int cut = m == null ? -1 : m.indexOf('\n');
                        early = Reply.failure(null, "Invalid JSON on line " + line.number() + ": " + (cut > 0 ? m.substring(0, cut) : m),
                                ErrorInfo.of(ErrorCode.PARSE_ERROR), List.of());
                    }
                }
                if (early != null) {
                    Item item = new Item(n, CompletableFuture.completedFuture(early), null);
                    failed(n, failFast, firstFailure, inFlight);
                    queue.add(item);
                    continue;
                }
                if (req.action().equals("shutdown")) {
                    window.release();
                    break;
                }
                Request r = req;
                ActionContext ctx = new ActionContext(services, r.id(), sink, control);
                CompletableFuture<Reply> f = new CompletableFuture<>();
                Item item = new Item(n, f, ctx);
                inFlight.add(item);
                queue.add(item);
                String key = r.id() == null ? null : r.id().toString();
                pool.execute(() -> {
                    if (key != null) {
                        running.put(key, ctx);
                    }
                    Reply reply;
                    try {
                        reply = dispatcher.dispatch(r, ctx);
                    } catch (Throwable t) {
                        reply = Reply.failure(r.id(), "Internal error: " + t, ErrorInfo.of(ErrorCode.INTERNAL), List.of());
                    } finally {
                        if (key != null) {
                            running.remove(key, ctx);
                        }
                    }
                    if (!reply.success()) {
                        failed(n, failFast, firstFailure, inFlight);
                    }
                    f.complete(reply);
                });
            }
        } finally {
            queue.add(END);
            try {
                output.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            pool.shutdownNow();
        }
        return failures.get() == 0 ? 0 : 1;
    }

    /** Records a failure of request {@code n}; with fail-fast, cancels the running requests after it. */
    private static void failed(long n, boolean failFast, AtomicLong firstFailure, List<Item> inFlight) {
        if (!failFast) {
            return;
        }
        firstFailure.accumulateAndGet(n, Math::min);
        synchronized (inFlight) {
            for (Item i : inFlight) {
                if (i.index() > firstFailure.get() && i.ctx() != null) {
                    i.ctx().cancel();
                }
            }
        }
    }
}
