package io.uassetd.daemon.action;

import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.codecs.error.CancelledException;
import io.uassetd.protocol.Json;
import java.nio.channels.ClosedByInterruptException;
import java.util.concurrent.CancellationException;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.ErrorInfo;
import io.uassetd.protocol.Reply;
import io.uassetd.protocol.Request;
import java.util.List;
import java.util.Map;

/**
 * Runs one request through its handler and builds the reply: unknown actions, unknown fields
 * (reported as warnings), and every failure mapped to a stable error code. The server and the
 * CLI both go through here. The outcome rule: a reply whose data carries an {@link Items} outcome
 * with a failed item is a failure ({@code success: false}, {@code error.code} and {@code error.file} the first failed
 * item's), and keeps its data, so the client still sees every item's result.
 */
public final class Dispatcher {
    private final ActionRegistry registry;
    private final ErrorMapper errors;
    private final Map<String, String> env;

    public Dispatcher(ActionRegistry registry, ErrorMapper errors, Map<String, String> env) {
        this.registry = registry;
        this.errors = errors;
        this.env = env;
    }

    public ActionRegistry registry() {
        return registry;
    }

    public Reply dispatch(Request request, ActionContext ctx) {
        ActionHandler handler = registry.action(request.action()).orElse(null);
        if (handler == null) {
            return Reply.failure(request.id(), "Unknown action: " + request.action(), ErrorInfo.of(ErrorCode.UNKNOWN_ACTION), List.of());
        }
        ActionSpec spec = handler.spec();
        if (ctx.isCancelled()) {
            return Reply.failure(request.id(), "Request cancelled", ErrorInfo.of(ErrorCode.CANCELLED), ctx.warnings());
        }
        try {
            Map<String, com.fasterxml.jackson.databind.JsonNode> fields = RequestFields.normalize(spec, request.fields(), ctx);
            ActionResult r = handler.handle(new Args(spec, fields, env), ctx);
            Object data = withEngine(r.data(), ctx.enginesUsed(), ctx.engineCandidates());
            Items items = Items.find(r.data());
            if (items != null && items.failed() > 0) {
                // the outcome rule: a reply whose items failed is not a success; it keeps its data
                Items.Item first = items.firstFailure();
                String message = r.message() == null || r.message().isEmpty() ? items.summary() : r.message() + ": " + items.summary();
                ErrorInfo error = first == null || first.code() == null ? ErrorInfo.of(ErrorCode.INTERNAL)
                        : new ErrorInfo(first.code(), first.file() != null ? first.file() : first.item(), first.offset(), first.structure());
                return new Reply(request.id(), false, message, data, error, ctx.warnings());
            }
            return Reply.ok(request.id(), r.message(), data, ctx.warnings());
        } catch (Throwable t) {
            if (t instanceof VirtualMachineError && !(t instanceof OutOfMemoryError)) {
                throw (VirtualMachineError) t;
            }
            Throwable cause = ErrorMapper.unwrap(t);
            Throwable explained = ctx.explainDetected(cause);
            // unexplained: the whole chain goes to the mapper (a wrapper such as OutputFailedException names the file)
            ErrorMapper.Mapped m = errors.map(ctx.isCancelled() ? cancelledOr(t) : explained == cause ? t : explained);
            return Reply.failure(request.id(), m.message(), m.error(), ctx.warnings());
        }
    }

    /**
     * The reply data with {@code engine_version} and {@code engine_source} added when the action
     * used an engine (several, for files read under different ones: arrays), unless it says itself.
     */
    static Object withEngine(Object data, Map<String, String> engines, Map<String, List<String>> candidates) {
        return engines.isEmpty() || data == null ? data : new WithEngine(data, engines, candidates);
    }

    /**
     * Reply data an engine was used for: written as the action's data object plus
     * {@code engine_version} and {@code engine_source}; {@link #data} is the action's own data. When
     * the evidence leaves several releases that read the data identically, {@code engine_candidates}
     * lists them (newest first; an array of such lists, parallel to {@code engine_version}, when
     * several engines were used).
     */
    public record WithEngine(Object data, Map<String, String> engines, Map<String, List<String>> candidates) {
        /** The action's data, unwrapped when it is a WithEngine. */
        public static Object unwrap(Object data) {
            return data instanceof WithEngine w ? w.data() : data;
        }

        @JsonValue
        public JsonNode json() {
            JsonNode tree = Json.mapper().valueToTree(data);
            if (!(tree instanceof ObjectNode o)) {
                return tree;
            }
            if (engines.size() == 1) {
                Map.Entry<String, String> e = engines.entrySet().iterator().next();
                if (!o.has("engine_version")) {
                    o.put("engine_version", e.getKey());
                }
                o.put("engine_source", e.getValue());
                List<String> c = candidates == null ? null : candidates.get(e.getKey());
                if (c != null && c.size() > 1) {
                    ArrayNode a = o.putArray("engine_candidates");
                    c.forEach(a::add);
                }
            } else {
                ArrayNode names = o.arrayNode();
                ArrayNode sources = o.arrayNode();
                engines.forEach((k, v) -> {
                    names.add(k);
                    sources.add(v);
                });
                o.set("engine_version", names);
                o.set("engine_source", sources);
                if (candidates != null && engines.keySet().stream().anyMatch(k -> candidates.getOrDefault(k, List.of()).size() > 1)) {
                    ArrayNode all = o.putArray("engine_candidates");
                    engines.keySet().forEach(k -> {
                        ArrayNode a = all.addArray();
                        candidates.getOrDefault(k, List.of(k)).forEach(a::add);
                    });
                }
            }
            return o;
        }
    }

    /** Work that failed because it was interrupted by a cancel reports CANCELLED. */
    private static Throwable cancelledOr(Throwable t) {
        for (Throwable e = t; e != null; e = e.getCause() == e ? null : e.getCause()) {
            if (e instanceof InterruptedException || e instanceof ClosedByInterruptException
                    || e instanceof CancellationException) {
                return new CancelledException("Request cancelled");
            }
        }
        return t;
    }
}
