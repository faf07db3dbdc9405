package io.uassetd.daemon.actions.core;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;

/**
 * {@code cancel}: cancels the in-flight (or queued) request whose id is {@code target_id}; that
 * request then replies with code CANCELLED. Handled as soon as it is read, ahead of queued work.
 */
public final class CancelAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("cancel",
            "Cancels the in-flight request with id target_id (it replies with code CANCELLED)",
            FieldSpec.required("target_id", FieldType.ANY, "the id of the request to cancel (string or integer)"));

    /** Reply data. */
    public record Cancelled(JsonNode target_id, boolean cancelled) {
    }

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) {
        JsonNode target = args.json("target_id");
        if (target == null || !(target.isTextual() || target.isIntegralNumber())) {
            throw ActionException.invalid("Field 'target_id' must be the string or integer id of a request");
        }
        boolean ok = ctx.control().cancel(target);
        return ActionResult.of(ok ? "Cancellation requested" : "No in-flight request with id " + target, new Cancelled(target, ok));
    }
}
