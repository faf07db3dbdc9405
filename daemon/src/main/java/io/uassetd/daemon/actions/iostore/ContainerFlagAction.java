package io.uassetd.daemon.actions.iostore;

import io.uassetd.codecs.iostore.IoStoreContainer;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import java.nio.file.Path;
import java.util.function.BiFunction;
import java.util.function.Predicate;

/** {@code is_iostore_compressed} and {@code is_iostore_encrypted}: one flag of a container. */
public final class ContainerFlagAction {
    private ContainerFlagAction() {
    }

    /** The request of both. */
    public record Request(@Field(value = Containers.UTOC, required = true) Path file_path) {
    }

    /** {@code is_iostore_compressed}'s reply: {@code {compressed}} and the container's name. */
    public record Compressed(boolean compressed, String container_name) {
    }

    /** {@code is_iostore_encrypted}'s reply: {@code {encrypted}} and the container's name. */
    public record Encrypted(boolean encrypted, String container_name) {
    }

    /** "X is compressed" / "X is not encrypted": the message and the CLI's line. */
    private static String sentence(String container, boolean set, String flag) {
        return container + (set ? " is " : " is not ") + flag;
    }

    /** Opens the request's container and answers with {@code flag} of it, as {@code reply(flag's value, container name)}. */
    private static <R> Done<R> answer(Request q, ActionContext ctx, String flag, Predicate<IoStoreContainer> test,
            BiFunction<Boolean, String, R> reply) throws Exception {
        try (var lease = Containers.open(ctx, Containers.requireUtoc(q.file_path()), null)) {
            IoStoreContainer c = lease.get();
            boolean v = test.test(c);
            return Done.of(sentence(c.name(), v, flag), reply.apply(v, c.name()));
        }
    }

    /** {@code is_iostore_compressed}. */
    public static final class IsCompressed extends TypedAction<Request, Compressed> {
        public IsCompressed() {
            super("is_iostore_compressed", "Whether a container's chunks are compressed", "is_iostore_compressed", "file_path");
        }

        @Override
        protected Done<Compressed> run(Request q, ActionContext ctx) throws Exception {
            return answer(q, ctx, "compressed", IoStoreContainer::isCompressed, Compressed::new);
        }

        @Override
        protected String human(Compressed r) {
            return sentence(r.container_name(), r.compressed(), "compressed\n");
        }
    }

    /** {@code is_iostore_encrypted}. */
    public static final class IsEncrypted extends TypedAction<Request, Encrypted> {
        public IsEncrypted() {
            super("is_iostore_encrypted", "Whether a container is encrypted", "is_iostore_encrypted", "file_path");
        }

        @Override
        protected Done<Encrypted> run(Request q, ActionContext ctx) throws Exception {
            return answer(q, ctx, "encrypted", IoStoreContainer::isEncrypted, Encrypted::new);
        }

        @Override
        protected String human(Encrypted r) {
            return sentence(r.container_name(), r.encrypted(), "encrypted\n");
        }
    }

    public static TypedAction<Request, Compressed> compressed() {
        return new IsCompressed();
    }

    public static TypedAction<Request, Encrypted> encrypted() {
        return new IsEncrypted();
    }
}
