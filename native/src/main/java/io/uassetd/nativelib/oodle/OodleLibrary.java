package io.uassetd.nativelib.oodle;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import io.uassetd.nativelib.oodle.Attempt.Outcome;
import java.io.File;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Finds and loads the Oodle library once. An instance is the loader state: the caller owns it
 * (the daemon holds one) and every call to {@link #result()} returns the same outcome, a failure
 * included, so a missing library is searched for once and reported the same way every time.
 *
 * <p>The places of an {@link OodleSearch} are tried in order and the first library file that
 * exists is the one loaded: if it cannot be loaded (wrong platform, not an Oodle library), the
 * load fails rather than quietly picking another file. The system library path comes last, one
 * standard name after the other. Nothing is ever downloaded. Once loaded, the library's logging is
 * silenced with {@code OodleCore_Plugins_SetPrintf(NULL)} when it exports that entry point.
 */
public final class OodleLibrary {
    private final OodleSearch search;
    private LoadResult result; // guarded by this

    public OodleLibrary(OodleSearch search) {
        this.search = Objects.requireNonNull(search, "search");
    }

    /** A loader over this process's places (see {@link OodleSearch#forProcess}). */
    public static OodleLibrary forProcess(Path explicitOrNull) {
        return new OodleLibrary(OodleSearch.forProcess(explicitOrNull));
    }

    /**
     * Searches this process's places now and returns the outcome, which the caller keeps. Same as
     * {@code forProcess(explicitOrNull).result()}; holds no state of its own.
     */
    public static LoadResult load(Path explicitOrNull) {
        return forProcess(explicitOrNull).result();
    }

    public OodleSearch search() {
        return search;
    }

    /** Loads on the first call; every later call returns the same result. Thread-safe. */
    public synchronized LoadResult result() {
        if (result == null) {
            result = new Run().run();
        }
        return result;
    }

    /** One search: the attempts so far and the folders already looked in. */
    private final class Run {
        private final List<Attempt> tried = new ArrayList<>();
        private final Set<Path> foldersSeen = new HashSet<>();

        LoadResult run() {
            if (Native.POINTER_SIZE != 8) {
                return new LoadResult.Failed("Oodle library not loaded: it needs a 64-bit JVM, this one has "
                        + (Native.POINTER_SIZE * 8) + "-bit pointers", tried);
            }
            LoadResult r = configured("--oodle", search.explicit());
            if (r == null) {
                r = configured("env " + OodleSearch.ENV, search.environment());
            }
            if (r == null) {
                r = configured("property " + OodleSearch.PROPERTY, search.property());
            }
            if (r == null && search.jarFolder() != null) {
                r = folder("jar folder", search.jarFolder());
            }
            if (r == null && search.workingFolder() != null) {
                r = folder("working folder", search.workingFolder());
            }
            if (r != null) {
                return r;
            }
            if (search.systemPath()) {
                // The platform loader cannot tell "absent" from "broken" before trying, so every name is tried.
                for (String name : search.names()) {
                    LoadResult s = load("system library path", name);
                    if (s.isLoaded()) {
                        return s;
                    }
                }
            }
            return new LoadResult.Failed("Oodle library not loaded (uassetd never downloads it: pass --oodle PATH, set "
                    + OodleSearch.ENV + " or put " + search.names().get(0) + " next to the jar). Tried: "
                    + joined(), tried);
        }

        private LoadResult configured(String source, String value) {
            if (value == null) {
                tried.add(new Attempt(source, null, Outcome.NOT_SET, null));
                return null;
            }
            Path p;
            try {
                p = Path.of(value);
            } catch (InvalidPathException e) {
                tried.add(new Attempt(source, value, Outcome.NOT_FOUND, "not a valid path: " + e.getReason()));
                return null;
            }
            return configured(source, p);
        }

        /** A place the user named: a library file, or a folder to search by standard name. */
        private LoadResult configured(String source, Path p) {
            if (p == null) {
                tried.add(new Attempt(source, null, Outcome.NOT_SET, null));
                return null;
            }
            if (Files.isDirectory(p)) {
                return folder(source, p);
            }
            if (!Files.exists(p)) {
                tried.add(new Attempt(source, p.toString(), Outcome.NOT_FOUND, null));
                return null;
            }
            return load(source, p.toAbsolutePath().toString());
        }

        /** The first standard name that exists in {@code dir}; files meant for other platforms are noted. */
        private LoadResult folder(String source, Path dir) {
            Path abs = dir.toAbsolutePath().normalize();
            if (!foldersSeen.add(abs)) {
                return null;
            }
            for (String name : search.names()) {
                Path f = abs.resolve(name);
                if (Files.exists(f)) {
                    return load(source, f.toString());
                }
                tried.add(new Attempt(source, f.toString(), Outcome.NOT_FOUND, null));
            }
            for (String name : OodleNames.ALL) {
                Path f = abs.resolve(name);
                if (!search.names().contains(name) && Files.exists(f)) {
                    tried.add(new Attempt(source, f.toString(), Outcome.OTHER_PLATFORM, null));
                }
            }
            return null;
        }

        /** Loads {@code location} (a path, or a bare name for the system loader) and checks its entry points. */
        private LoadResult load(String source, String location) {
            OodleApi api;
            try {
                api = Native.load(location, OodleApi.class);
            } catch (LinkageError | RuntimeException e) {
                return failed(source, location, reason(e.getMessage()));
            }
            NativeLibrary lib = ((Library.Handler) Proxy.getInvocationHandler(api)).getNativeLibrary();
            List<String> missing = new ArrayList<>();
            for (String symbol : OodleApi.REQUIRED) {
                if (!exports(lib, symbol)) {
                    missing.add(symbol);
                }
            }
            if (!missing.isEmpty()) {
                return failed(source, location, "not an Oodle library: does not export " + String.join(", ", missing));
            }
            boolean silenced = exports(lib, OodleApi.SET_PRINTF);
            if (silenced) {
                api.OodleCore_Plugins_SetPrintf(null);
            }
            File file = lib.getFile();
            String where = file != null ? file.getAbsolutePath() : location;
            tried.add(new Attempt(source, where, Outcome.LOADED, null));
            String description = "oo2core " + where + " (" + source + (silenced ? "" : "; its logging could not be silenced") + ")";
            return new LoadResult.Loaded(NativeOodle.loaded(api, description), source, where, tried);
        }

        private LoadResult failed(String source, String location, String why) {
            tried.add(new Attempt(source, location, Outcome.FAILED, why));
            return new LoadResult.Failed("Oodle library " + location + " could not be loaded: " + why
                    + ". Tried: " + joined(), tried);
        }

        private String joined() {
            StringBuilder sb = new StringBuilder();
            for (Attempt a : tried) {
                sb.append(sb.length() == 0 ? "" : "; ").append(a);
            }
            return sb.toString();
        }
    }

    private static boolean exports(NativeLibrary lib, String symbol) {
        try {
            lib.getFunction(symbol);
            return true;
        } catch (UnsatisfiedLinkError e) {
            return false;
        }
    }

    /**
     * The platform loader's reasons from a JNA load error: its message is a headline
     * ("Unable to load library 'x':") followed by one line per way JNA tried, often repeated. The
     * distinct reasons are kept, without JNA's look into the class path (uassetd ships no library
     * there, so that line only confuses).
     */
    static String reason(String message) {
        if (message == null || message.isBlank()) {
            return "no reason given";
        }
        String[] lines = message.split("\\R");
        Set<String> reasons = new LinkedHashSet<>();
        for (int i = 1; i < lines.length; i++) {
            String line = lines[i].trim();
            if (!line.isEmpty() && !line.contains("not found in resource path")) {
                reasons.add(line);
            }
        }
        return reasons.isEmpty() ? lines[0].trim() : String.join("; ", reasons);
    }
}
