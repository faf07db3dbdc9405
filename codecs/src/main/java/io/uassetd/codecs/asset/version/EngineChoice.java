package io.uassetd.codecs.asset.version;

import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The engine a read used and why: the release, its source, the releases that were tried (newest
 * first), anything the caller should be told (several releases fit and read differently) and the
 * candidates: every release the evidence leaves for the data, newest first (releases that read
 * an unversioned package identically cannot be told apart; {@code engine} is one of them).
 */
public record EngineChoice(EngineVersion engine, EngineSource source, List<EngineVersion> tried, List<String> warnings,
        List<EngineVersion> candidates) {
    public EngineChoice {
        tried = List.copyOf(tried);
        warnings = List.copyOf(warnings);
        candidates = candidates == null || candidates.isEmpty() ? List.of(engine) : List.copyOf(candidates);
    }

    /** A choice whose only candidate is {@code engine}. */
    public EngineChoice(EngineVersion engine, EngineSource source, List<EngineVersion> tried, List<String> warnings) {
        this(engine, source, tried, warnings, List.of(engine));
    }

    public static EngineChoice of(EngineVersion engine, EngineSource source) {
        return new EngineChoice(engine, source, List.of(engine), List.of());
    }

    /**
     * This choice with only the candidates {@code alike} keeps (the engine itself always stays): for
     * work whose output depends on less than the whole release, the releases it would give the same
     * output for (e.g. a Zen package written with the engine's Zen layout). The candidates of a
     * named engine are left as they are.
     */
    public EngineChoice keeping(java.util.function.Predicate<EngineVersion> alike) {
        if (source == EngineSource.REQUEST) {
            return this;
        }
        List<EngineVersion> kept = new ArrayList<>();
        for (EngineVersion c : candidates) {
            if (c == engine || alike.test(c)) {
                kept.add(c);
            }
        }
        return new EngineChoice(engine, source, tried, warnings, kept);
    }

    /**
     * The releases the table holds that this build can detect (their container formats are read),
     * newest first.
     */
    public static List<EngineVersion> detectable() {
        List<EngineVersion> out = new ArrayList<>();
        EngineVersion[] all = EngineVersion.values();
        for (int i = all.length - 1; i >= 0; i--) {
            if (all[i].formatsSupported()) {
                out.add(all[i]);
            }
        }
        return out;
    }

    /**
     * The releases a package on its own can tell apart, newest first: {@link #detectable()} without a
     * release whose packages are the previous release's ({@link EngineVersion#packagesLikePrevious()},
     * UE6_0), which only its containers reveal.
     */
    public static List<EngineVersion> detectableFromPackages() {
        List<EngineVersion> out = new ArrayList<>();
        for (EngineVersion e : detectable()) {
            if (!e.packagesLikePrevious()) {
                out.add(e);
            }
        }
        return out;
    }

    /** "UE5_8, UE5_7". */
    public static String names(List<EngineVersion> engines) {
        return engines.stream().map(EngineVersion::name).collect(Collectors.joining(", "));
    }

    /**
     * A failure of work done on data read under this detected choice (not named by the request),
     * saying so: the engine read with and why, the releases the evidence left, and that
     * {@code engine_version} names the right one; {@code e} itself when the request named the engine
     * or the message says it already.
     */
    public RuntimeException explainDetected(RuntimeException e) {
        if (source == EngineSource.REQUEST || !(e instanceof FormatException f) || f.getMessage().contains("engine_version")) {
            return e;
        }
        List<EngineVersion> left = candidates.size() > 1 ? candidates : tried;
        String msg = f.detail() + " [engine not named: read as " + engine + " (" + source.wireName() + ")"
                + (left.size() > 1 ? "; the evidence leaves " + names(left) : "")
                + "; name the engine that cooked the files with engine_version (" + EngineVersion.range() + ")]";
        return rebuild(f, msg, e);
    }

    /**
     * The same error (same kind, file, offset and structure) saying the engine was assumed: which
     * releases were tried and that {@code engine_version} names the right one.
     */
    public static RuntimeException explain(RuntimeException e, List<EngineVersion> tried) {
        if (!(e instanceof FormatException f) || tried.isEmpty()) {
            return e;
        }
        String msg = f.detail() + " [engine not named: tried " + names(tried)
                + "; name the engine that cooked the files with engine_version (" + EngineVersion.range() + ")]";
        return rebuild(f, msg, e);
    }

    private static RuntimeException rebuild(FormatException f, String msg, RuntimeException e) {
        if (f instanceof UnsupportedVersionException) {
            return new UnsupportedVersionException(msg, f.file(), f.offset(), f.structure(), f);
        }
        if (f instanceof TruncatedDataException) {
            return new TruncatedDataException(msg, f.file(), f.offset(), f.structure(), f);
        }
        if (f instanceof CorruptDataException) {
            return new CorruptDataException(msg, f.file(), f.offset(), f.structure(), f);
        }
        return e;
    }
}
