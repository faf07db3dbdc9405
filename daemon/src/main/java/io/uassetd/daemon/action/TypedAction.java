package io.uassetd.daemon.action;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;

/**
 * An action declared by its request record {@code Q} and reply type {@code R} (a record, a list of
 * records, a boolean...): its {@link ActionSpec} (fields, CLI form, reply shape) is made from them,
 * its request is bound to a {@code Q} through {@link Args} before {@link #run}, and what {@code run}
 * returns is the reply. The subclass names {@code Q} and {@code R} as type arguments:
 * {@code final class X extends TypedAction<X.Request, X.Reply>}.
 */
public abstract class TypedAction<Q extends Record, R> implements ActionHandler {
    private final String name;
    private final String summary;
    private final String cliName;
    private final String[] positionals;
    /**
     * Made from the request and reply types when first asked for: reading every action's record
     * components and annotations took 0.14 s of each command's start (docs/server.md "Speed"), and a
     * command needs one action's spec.
     */
    private volatile ActionSpec spec;
    private volatile Class<Q> requestType;

    /** An action with no CLI command of its own (it still runs under its wire name). */
    protected TypedAction(String name, String summary) {
        this(name, summary, null);
    }

    /** An action reachable as CLI command {@code cliName} (null: none), positional arguments filling {@code positionals}. */
    protected TypedAction(String name, String summary, String cliName, String... positionals) {
        this.name = name;
        this.summary = summary;
        this.cliName = cliName;
        this.positionals = positionals.clone();
    }

    private static Type[] typeArguments(Class<?> c) {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            if (k.getGenericSuperclass() instanceof ParameterizedType p && p.getRawType() == TypedAction.class) {
                return p.getActualTypeArguments();
            }
        }
        throw new IllegalStateException(c.getName() + " must name its request and reply types as TypedAction's type arguments");
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String cliName() {
        return cliName;
    }

    @Override
    public final ActionSpec spec() {
        ActionSpec s = spec;
        if (s == null) {
            // made at most a few times when threads race; every result is equal, and the request type is set first
            Type[] args = typeArguments(getClass());
            @SuppressWarnings("unchecked")
            Class<Q> q = (Class<Q>) args[0];
            requestType = q;
            s = ActionSpec.typed(name, summary, q, args[1]);
            s = cliName == null ? s : s.withCli(cliName, positionals);
            spec = s;
        }
        return s;
    }

    @Override
    public final ActionResult handle(Args args, ActionContext ctx) throws Exception {
        Class<Q> q = requestType;
        if (q == null) {
            spec();
            q = requestType;
        }
        Done<R> d = run(Contracts.bind(args, q), args, ctx);
        return ActionResult.of(d.message(), d.data());
    }

    /**
     * Runs the action on a bound request; bad input as {@link ActionException} or the codecs' format exceptions.
     * An action that opens packages overrides {@link #run(Record, Args, ActionContext)} instead.
     */
    protected Done<R> run(Q request, ActionContext ctx) throws Exception {
        throw new IllegalStateException(getClass().getName() + " overrides neither run method");
    }

    /**
     * Runs the action on a bound request, with the request's {@link Args} for what the record does
     * not say: whether {@code usmap_path} was given or came from {@code USMAP_PATH}, which the
     * package opener ({@code AssetFiles.opener}) treats differently. By default {@link #run(Record, ActionContext)}.
     */
    protected Done<R> run(Q request, Args args, ActionContext ctx) throws Exception {
        return run(request, ctx);
    }

    @Override
    public final String formatHuman(ActionResult result) {
        @SuppressWarnings("unchecked")
        R data = (R) result.data();
        return human(data);
    }

    /** Human-readable CLI output of a successful reply; null means the generic rendering. */
    protected String human(R reply) {
        return null;
    }
}
