package io.uassetd.codecs.pak;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The {@code filter_patterns} of the pak actions: an entry matches when any pattern matches (no
 * patterns: everything). A pattern with {@code *} or {@code ?} is a glob over the whole path
 * ({@code *} stays within a folder, {@code **} crosses folders); any other pattern matches as a
 * substring. Case-insensitive, '/' or '\' separated; tried against the path with and without the
 * mount point.
 */
public final class PakPathFilter implements Predicate<String> {
    private final List<Predicate<String>> matchers = new ArrayList<>();

    private PakPathFilter() {
    }

    public static PakPathFilter of(List<String> patterns) {
        PakPathFilter f = new PakPathFilter();
        if (patterns != null) {
            for (String p : patterns) {
                if (p == null || p.isBlank()) {
                    continue;
                }
                String n = p.replace('\\', '/').toLowerCase(Locale.ROOT);
                if (n.indexOf('*') >= 0 || n.indexOf('?') >= 0) {
                    Pattern rx = Pattern.compile(globToRegex(n));
                    f.matchers.add(s -> rx.matcher(s).matches());
                } else {
                    f.matchers.add(s -> s.contains(n));
                }
            }
        }
        return f;
    }

    static String globToRegex(String glob) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (c == '*') {
                if (i + 1 < glob.length() && glob.charAt(i + 1) == '*') {
                    sb.append(".*");
                    i++;
                } else {
                    sb.append("[^/]*");
                }
            } else if (c == '?') {
                sb.append("[^/]");
            } else {
                sb.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return sb.toString();
    }

    /** Whether {@code path} (relative to the mount point) passes. */
    @Override
    public boolean test(String path) {
        if (matchers.isEmpty()) {
            return true;
        }
        String p = path.replace('\\', '/').toLowerCase(Locale.ROOT);
        for (Predicate<String> m : matchers) {
            if (m.test(p)) {
                return true;
            }
        }
        return false;
    }

    /** Like {@link #test} but also tries {@code mountPoint + path}. */
    public boolean test(String mountPoint, String path) {
        return test(path) || (!matchers.isEmpty() && test(mountPoint + path));
    }
}
