package io.uassetd.daemon.action;

/**
 * One action. Handlers are stateless and thread-safe: everything a request needs comes through
 * its {@link Args} and {@link ActionContext}.
 */
public interface ActionHandler {
    ActionSpec spec();

    /** The wire name: {@code spec().name()}, which an action may know without making its spec. */
    default String name() {
        return spec().name();
    }

    /** The CLI command, or null: {@code spec().cliName()}, which an action may know without making its spec. */
    default String cliName() {
        return spec().cliName();
    }

    /**
     * Runs the action. Throw {@link ActionException} for bad arguments or missing things, the
     * codecs' format exceptions for bad data; anything else becomes an INTERNAL error.
     */
    ActionResult handle(Args args, ActionContext ctx) throws Exception;

    /** Human-readable CLI output for a successful reply; null means the generic rendering. */
    default String formatHuman(ActionResult result) {
        return null;
    }

    /**
     * The CLI's exit status for this action's reply; {@code usual} is the one every action has
     * (0 done, 1 some items failed, 3 nothing done). {@code diff_packages} answers as {@code diff} does.
     */
    default int cliExitStatus(boolean success, Object data, int usual) {
        return usual;
    }
}
