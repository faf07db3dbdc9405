package io.uassetd.daemon.util;

import io.uassetd.codecs.error.CancelledException;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ErrorMapper;
import java.util.ArrayList;
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

    /** What happened: the items that succeeded (in input order) with their results, and the failures. */
    public record Outcome<R>(List<String> succeeded, List<R> results, List<Failure> failures) {
    }

    public static <T, R> Outcome<R> run(ActionContext ctx, List<T> items, Function<T, String> name, Work<T, R> work)
            throws InterruptedException {
        int n = items.size();
        Object[] results = new Object[n];
        Failure[] failures = new Failure[n];
        boolean[] ok = new boolean[n];
        AtomicInteger done = new AtomicInteger();
        ErrorMapper mapper = new ErrorMapper(ctx.services().log());
        ctx.progress(0, n, null);
        Runnable all = () -> IntStream.range(0, n).parallel().forEach(i -> {
            if (ctx.isCancelled()) {
                return;
            }
            T item = items.get(i);
            try {
                results[i] = work.apply(item);
                ok[i] = true;
            } catch (CancelledException c) {
                return;
            } catch (Exception | OutOfMemoryError e) {
                ErrorMapper.Mapped m = mapper.map(e);
                failures[i] = new Failure(name.apply(item), m.message(), m.error().code().name());
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
        for (int i = 0; i < n; i++) {
            if (ok[i]) {
                succeeded.add(name.apply(items.get(i)));
                @SuppressWarnings("unchecked")
                R r = (R) results[i];
                res.add(r);
            } else if (failures[i] != null) {
                fails.add(failures[i]);
            }
        }
        return new Outcome<>(List.copyOf(succeeded), List.copyOf(res), List.copyOf(fails));
    }
}
