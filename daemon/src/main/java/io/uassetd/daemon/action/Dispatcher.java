package io.uassetd.daemon.action;

import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.ErrorInfo;
import io.uassetd.protocol.Reply;
import io.uassetd.protocol.Request;
import java.util.List;
import java.util.Map;

/**
 * Runs one request through its handler and builds the reply: unknown actions, unknown fields
 * (reported as warnings), and every failure mapped to a stable error code. The server and the
 * CLI both go through here.
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
        for (String f : request.fields().keySet()) {
            if (spec.field(f).isEmpty()) {
                ctx.warn("Unknown field '" + f + "' ignored by action " + spec.name());
            }
        }
        if (ctx.isCancelled()) {
            return Reply.failure(request.id(), "Request cancelled", ErrorInfo.of(ErrorCode.CANCELLED), ctx.warnings());
        }
        try {
            ActionResult r = handler.handle(new Args(spec, request.fields(), env), ctx);
            return Reply.ok(request.id(), r.message(), r.data(), ctx.warnings());
        } catch (Throwable t) {
            if (t instanceof VirtualMachineError && !(t instanceof OutOfMemoryError)) {
                throw (VirtualMachineError) t;
            }
            ErrorMapper.Mapped m = errors.map(ctx.isCancelled() ? cancelledOr(t) : t);
            return Reply.failure(request.id(), m.message(), m.error(), ctx.warnings());
        }
    }

    /** Work that failed because it was interrupted by a cancel reports CANCELLED. */
    private static Throwable cancelledOr(Throwable t) {
        Throwable e = ErrorMapper.unwrap(t);
        if (e instanceof InterruptedException || e instanceof java.nio.channels.ClosedByInterruptException
                || e instanceof java.util.concurrent.CancellationException) {
            return new io.uassetd.codecs.error.CancelledException("Request cancelled");
        }
        return t;
    }
}
