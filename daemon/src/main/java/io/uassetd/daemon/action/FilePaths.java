package io.uassetd.daemon.action;

import java.util.ArrayList;
import java.util.List;

/** The files a request names through {@code file_path} and {@code file_paths}: one rule for every action. */
public final class FilePaths {
    private FilePaths() {
    }

    /**
     * {@code file_path} (when given and not empty), then every {@code file_paths} entry, in order;
     * an invalid-request error with {@code missing} when the request names none.
     */
    public static List<String> of(Args args, String missing) {
        List<String> out = new ArrayList<>();
        String one = args.string("file_path");
        if (one != null && !one.isEmpty()) {
            out.add(one);
        }
        out.addAll(args.strings("file_paths"));
        if (out.isEmpty()) {
            throw ActionException.invalid(missing);
        }
        return out;
    }

    /** As {@link #of(Args, String)}, from a typed request's {@code file_path} and {@code file_paths}. */
    public static List<String> of(java.nio.file.Path one, List<String> many, String missing) {
        List<String> out = new ArrayList<>();
        if (one != null) {
            out.add(one.toString());
        }
        out.addAll(many);
        if (out.isEmpty()) {
            throw ActionException.invalid(missing);
        }
        return out;
    }
}
