package io.uassetd.nativelib.oodle;

import java.util.Objects;

/**
 * One place the loader looked for the Oodle library and what it found there.
 *
 * @param source   where the place came from: {@code --oodle}, {@code env UASSETD_OODLE},
 *                 {@code property uassetd.oodle}, {@code jar folder}, {@code working folder},
 *                 {@code system library path}
 * @param location the file, or the bare library name for the system library path; null when the
 *                 source was not set
 * @param outcome  what happened
 * @param detail   the reason of a failure (the loader's own words), else null
 */
public record Attempt(String source, String location, Outcome outcome, String detail) {
    /** What the loader found at one place. */
    public enum Outcome {
        NOT_SET("not set"),
        NOT_FOUND("not found"),
        OTHER_PLATFORM("ignored: built for another platform"),
        FAILED("failed to load"),
        LOADED("loaded");

        private final String text;

        Outcome(String text) {
            this.text = text;
        }
    }

    public Attempt {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(outcome, "outcome");
    }

    /** E.g. {@code "working folder: /opt/game/liboo2corelinux64.so.9 not found"}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(source).append(": ");
        if (location != null) {
            sb.append(location).append(' ');
        }
        sb.append(outcome.text);
        if (detail != null) {
            sb.append(" (").append(detail).append(')');
        }
        return sb.toString();
    }
}
