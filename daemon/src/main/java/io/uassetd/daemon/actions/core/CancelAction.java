package io.uassetd.daemon.actions.core;

import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;

/**
 * {@code cancel}: cancels the in-flight (or queued) request whose id is {@code target_id}; that
 * request then replies with code CANCELLED. Handled as soon as it is read, ahead of queued work.
 */
public final class CancelAction extends TypedAction<CancelAction.Request, CancelAction.Cancelled> {
    /** The request. */
    public record Request(@Field(value = "the id of the request to cancel (string or integer)", required = true) JsonNode target_id) {
    }

    public CancelAction() {
        super("cancel", "Cancels the in-flight request with id target_id (it replies with code CANCELLED)");
    }

    /** Reply data. */
    public record Cancelled(JsonNode target_id, boolean cancelled) {
    }

    @Override
    protected Done<Cancelled> run(Request r, ActionContext ctx) {
        JsonNode target = r.target_id();
        if (target == null || !(target.isTextual() || target.isIntegralNumber())) {
            throw ActionException.invalid("Field 'target_id' must be the string or integer id of a request");
        }
        boolean ok = ctx.control().cancel(target);
        return Done.of(ok ? "Cancellation requested" : "No in-flight request with id " + target, new Cancelled(target, ok));
    }
}
