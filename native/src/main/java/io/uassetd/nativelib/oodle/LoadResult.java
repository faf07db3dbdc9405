package io.uassetd.nativelib.oodle;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The outcome of one search for the Oodle library: the loaded backend, or the reason it is not
 * there with every place tried. Immutable; the caller keeps it (the daemon holds one for its life).
 */
public sealed interface LoadResult permits LoadResult.Loaded, LoadResult.Failed {
    /** Every place looked at, in order, with what was found there. */
    List<Attempt> attempts();

    /** One line for logs and status replies: where the library came from, or why it is missing. */
    String describe();

    /**
     * The facade: a working backend when loaded, else one whose every operation throws
     * {@link io.uassetd.codecs.error.NativeUnavailableException} with this result's message.
     */
    NativeOodle oodle();

    /** The loaded backend, for {@code Codecs.withNativeOodle(result.backend().orElse(null))}. */
    default Optional<NativeOodle> backend() {
        return isLoaded() ? Optional.of(oodle()) : Optional.empty();
    }

    default boolean isLoaded() {
        return this instanceof Loaded;
    }

    /** The library was loaded from {@code location} (found through {@code source}). */
    record Loaded(NativeOodle oodle, String source, String location, List<Attempt> attempts) implements LoadResult {
        public Loaded {
            Objects.requireNonNull(oodle, "oodle");
            attempts = List.copyOf(attempts);
        }

        @Override
        public String describe() {
            return "Oodle loaded from " + location + " (" + source + ")";
        }
    }

    /** No library was loaded; {@code message} says why and lists every place tried. */
    record Failed(String message, List<Attempt> attempts) implements LoadResult {
        public Failed {
            Objects.requireNonNull(message, "message");
            attempts = List.copyOf(attempts);
        }

        @Override
        public String describe() {
            return message;
        }

        @Override
        public NativeOodle oodle() {
            return NativeOodle.unavailable(message);
        }
    }
}
