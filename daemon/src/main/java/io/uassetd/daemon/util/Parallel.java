package io.uassetd.daemon.util;

import io.uassetd.codecs.error.CancelledException;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ErrorMapper;
import io.uassetd.daemon.action.Items;
import io.uassetd.protocol.ErrorInfo;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.IntStream;

/**
 * Runs one piece of work per item on the daemon's compute pool, with progress, cancellation and
 * per-item failures: one bad item never stops the others; a cancel stops what has not started.
 */
public final class Parallel {
    private Parallel() {
    }

    /** Work on one item. */
    @FunctionalInterface
    public interface Work<T, R> {
        R apply(T item) throws Exception;
    }

    /** An item that failed, with its reason and error code. */
    public record Failure(String item, String error, String code) {
    }

    /**
     * What happened: the items that succeeded (in input order) with their results, and the failures;
     * {@code items} is the uniform outcome of every item in input order (an item's output is its
     * result when that is a path or text).
     */
    public record Outcome<R>(List<String> succeeded, List<R> results, List<Failure> failures, Items items) {
    }

    public static <T, R> Outcome<R> run(ActionContext ctx, List<T> items, Function<T, String> name, Work<T, R> work)
            throws InterruptedException {
        return run(ctx, items, name, work, false);
    }

    /**
     * Runs {@code work} on every item; with {@code failFast}, items not yet started when one fails
     * are skipped (they appear in {@link Outcome#items} as skipped).
     */
    public static <T, R> Outcome<R> run(ActionContext ctx, List<T> items, Function<T, String> name, Work<T, R> work, boolean failFast)
            throws InterruptedException {
        AtomicBoolean stop = new AtomicBoolean();
        int n = items.size();
        Object[] results = new Object[n];
        Failure[] failures = new Failure[n];
        ErrorInfo[] where = new ErrorInfo[n];
        boolean[] ok = new boolean[n];
        AtomicInteger done = new AtomicInteger();
        ErrorMapper mapper = new ErrorMapper(ctx.services().log());
        ctx.progress(0, n, null);
        Runnable all = () -> IntStream.range(0, n).parallel().forEach(i -> {
            if (ctx.isCancelled()) {
                return;
            }
            T item = items.get(i);
            if (stop.get()) {
                return;
            }
            try {
                results[i] = work.apply(item);
                ok[i] = true;
            } catch (CancelledException c) {
                return;
            } catch (Exception | OutOfMemoryError e) {
                ErrorMapper.Mapped m = mapper.map(e);
                failures[i] = new Failure(name.apply(item), m.message(), m.error().code().name());
                where[i] = m.error();
                if (failFast) {
                    stop.set(true);
                }
            }
            ctx.progress(done.incrementAndGet(), n, name.apply(item));
        });
        try {
            ctx.services().compute().submit(all).get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("parallel work failed", e.getCause());
        }
        List<String> succeeded = new ArrayList<>();
        List<R> res = new ArrayList<>();
        List<Failure> fails = new ArrayList<>();
        List<Items.Item> each = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String itemName = name.apply(items.get(i));
            if (ok[i]) {
                succeeded.add(itemName);
                @SuppressWarnings("unchecked")
                R r = (R) results[i];
                res.add(r);
                each.add(Items.Item.ok(itemName, r instanceof String || r instanceof Path ? r.toString() : null));
            } else if (failures[i] != null) {
                fails.add(failures[i]);
                each.add(Items.Item.failed(itemName, failures[i].error(), where[i]));
            } else if (stop.get()) {
                each.add(Items.Item.skipped(itemName, "not run: an earlier item failed and fail_fast was asked"));
            }
        }
        // results may hold nulls (work that had nothing to return for an item)
        return new Outcome<>(List.copyOf(succeeded), Collections.unmodifiableList(res), List.copyOf(fails), Items.of(each));
    }
}
