package io.uassetd.daemon.action;

import io.uassetd.codecs.asset.PackageEngine;
import java.util.LinkedHashSet;
import java.util.Set;
import io.uassetd.codecs.asset.version.EngineChoice;
import io.uassetd.codecs.asset.version.EngineSource;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.codecs.task.TaskMonitor;
import io.uassetd.daemon.services.Services;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Everything one request's handler gets besides its arguments: the shared services (codecs,
 * caches), cancellation, progress reporting and reply warnings. One per request; thread-safe,
 * since handlers may fan out work to many threads.
 */
public final class ActionContext implements TaskMonitor {
    /** Receives progress of a request whose client asked for it. */
    public interface ProgressSink {
        void progress(JsonNode id, long done, long total, String item);
    }

    /** What handlers may ask of the server they run in (nothing, in the CLI). */
    public interface Control {
        /** Cancels the in-flight request with this id; false when there is none. */
        boolean cancel(JsonNode targetId);

        /** Asks the server to stop reading, finish in-flight work and exit. */
        void shutdown();

        Control NONE = new Control() {
            @Override
            public boolean cancel(JsonNode targetId) {
                return false;
            }

            @Override
            public void shutdown() {
            }
        };
    }

    private static final long PROGRESS_INTERVAL_NANOS = 20_000_000L;

    private final Services services;
    private final JsonNode id;
    private final ProgressSink progressSink;
    private final Control control;
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final List<String> warnings = new ArrayList<>();
    private final Map<String, String> engines = new LinkedHashMap<>();
    private final Map<String, Set<String>> engineCandidates = new LinkedHashMap<>();
    private final PackageEngine.Batch engineBatch = new PackageEngine.Batch();
    private final List<EngineChoice> detected = new ArrayList<>();
    private long lastProgressNanos;
    private long lastDone = -1;
    private long lastTotal = -1;
    private volatile Consumer<ActionContext> onCancel = c -> { };

    public ActionContext(Services services, JsonNode id, ProgressSink progressSinkOrNull, Control control) {
        this.services = services;
        this.id = id;
        this.progressSink = progressSinkOrNull;
        this.control = control;
    }

    public Services services() {
        return services;
    }

    public JsonNode id() {
        return id;
    }

    public Control control() {
        return control;
    }

    /** Marks the request cancelled; work notices at its next check. */
    public void cancel() {
        if (cancelled.compareAndSet(false, true)) {
            onCancel.accept(this);
        }
    }

    /** Runs {@code hook} when the request is cancelled (e.g. to interrupt a blocking wait). */
    public void onCancel(Consumer<ActionContext> hook) {
        this.onCancel = hook;
        if (cancelled.get()) {
            hook.accept(this);
        }
    }

    @Override
    public boolean isCancelled() {
        return cancelled.get();
    }

    /**
     * Reports progress. Sent only when the client asked for it; at most one event per 20 ms, but
     * always the first and the last ({@code done == total}). Counts never go back within a phase
     * (same {@code total}): a worker that counted before another but reports after it is dropped, so
     * the last event is the final count.
     */
    @Override
    public void progress(long done, long total, String item) {
        if (progressSink == null) {
            return;
        }
        synchronized (this) {
            if (done != 0 && total == lastTotal && done < lastDone) {
                return;
            }
            long now = System.nanoTime();
            boolean edge = done == 0 || done >= total;
            if (!edge && now - lastProgressNanos < PROGRESS_INTERVAL_NANOS) {
                return;
            }
            lastProgressNanos = now;
            lastDone = done;
            lastTotal = total;
            progressSink.progress(id, done, total, item);
        }
    }

    /** Adds a line to the reply's {@code warnings}, once: a warning already given in this request is not repeated. */
    public void warn(String warning) {
        synchronized (warnings) {
            if (!warnings.contains(warning)) {
                warnings.add(warning);
            }
        }
    }

    public List<String> warnings() {
        synchronized (warnings) {
            return List.copyOf(warnings);
        }
    }

    /**
     * Records the engine a read or write used and why (the reply gets {@code engine_version} and
     * {@code engine_source}), with the choice's warnings.
     */
    public void usedEngine(EngineChoice choice) {
        synchronized (engines) {
            if (choice.source() != EngineSource.REQUEST && detected.size() < 16) {
                detected.add(choice);
            }
            engines.putIfAbsent(choice.engine().name(), choice.source().wireName());
            Set<String> c = engineCandidates.computeIfAbsent(choice.engine().name(), k -> new LinkedHashSet<>());
            choice.candidates().forEach(e -> c.add(e.name()));
        }
        choice.warnings().forEach(this::warn);
    }

    /**
     * For each engine recorded by {@link #usedEngine}, the releases that fit the data it was chosen
     * for (the union over the files read; just the engine when the evidence names it).
     */
    public Map<String, List<String>> engineCandidates() {
        synchronized (engines) {
            Map<String, List<String>> out = new LinkedHashMap<>();
            engineCandidates.forEach((k, v) -> out.put(k, List.copyOf(v)));
            return out;
        }
    }

    /** Probe decisions shared by the legacy packages this request opens (see {@link io.uassetd.codecs.asset.PackageEngine.Batch}). */
    public PackageEngine.Batch engineBatch() {
        return engineBatch;
    }

    /**
     * A failure explained by the engine the request's data was read under, when that engine was
     * detected rather than named (see {@link EngineChoice#explainDetected}); {@code t} otherwise.
     */
    public Throwable explainDetected(Throwable t) {
        synchronized (engines) {
            if (detected.isEmpty() || !(t instanceof RuntimeException r)) {
                return t;
            }
            return detected.get(detected.size() - 1).explainDetected(r);
        }
    }

    /** The engines recorded by {@link #usedEngine}: name -> source, in the order first used. */
    public Map<String, String> enginesUsed() {
        synchronized (engines) {
            return Collections.unmodifiableMap(new LinkedHashMap<>(engines));
        }
    }
}
