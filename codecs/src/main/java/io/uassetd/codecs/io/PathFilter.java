package io.uassetd.codecs.io;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The {@code filter_patterns} of list and extract requests over archive paths: a path passes when it matches any
 * pattern (OR); no patterns pass everything. Matching ignores case and treats {@code \} as
 * {@code /}. A pattern with a glob character ({@code * ? [}) is a glob: {@code *} and {@code ?}
 * stay within one path segment, {@code **} crosses segments; a glob without {@code /} is tried
 * against the file name as well as the whole path. A pattern without glob characters matches any
 * path that contains it (UAssetTool's substring filters).
 */
public final class PathFilter implements Predicate<String> {
    private static final PathFilter ALL = new PathFilter(List.of());

    private final List<Pattern> globs;
    private final List<Boolean> nameOnly;
    private final List<String> substrings;

    private PathFilter(List<String> patterns) {
        List<Pattern> g = new ArrayList<>();
        List<Boolean> n = new ArrayList<>();
        List<String> s = new ArrayList<>();
        for (String raw : patterns) {
            if (raw == null || raw.isBlank()) {
                continue;
            }
            String p = raw.trim().replace('\\', '/').toLowerCase(Locale.ROOT);
            if (p.indexOf('*') >= 0 || p.indexOf('?') >= 0 || p.indexOf('[') >= 0) {
                g.add(Pattern.compile(toRegex(p)));
                n.add(p.indexOf('/') < 0);
            } else {
                s.add(p);
            }
        }
        this.globs = List.copyOf(g);
        this.nameOnly = List.copyOf(n);
        this.substrings = List.copyOf(s);
    }

    public static PathFilter of(List<String> patterns) {
        return patterns == null || patterns.isEmpty() ? ALL : new PathFilter(patterns);
    }

    public boolean isEmpty() {
        return globs.isEmpty() && substrings.isEmpty();
    }

    public boolean matches(String path) {
        if (isEmpty()) {
            return true;
        }
        String p = path.replace('\\', '/').toLowerCase(Locale.ROOT);
        for (String s : substrings) {
            if (p.contains(s)) {
                return true;
            }
        }
        String name = p.substring(p.lastIndexOf('/') + 1);
        for (int i = 0; i < globs.size(); i++) {
            Pattern g = globs.get(i);
            if (g.matcher(p).matches() || (nameOnly.get(i) && g.matcher(name).matches())) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean test(String path) {
        return matches(path);
    }

    /** Whether {@code path} passes with or without {@code mountPoint} in front of it. */
    public boolean test(String mountPoint, String path) {
        return matches(path) || (!isEmpty() && matches(mountPoint + path));
    }

    static String toRegex(String glob) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            switch (c) {
                case '*' -> {
                    if (i + 1 < glob.length() && glob.charAt(i + 1) == '*') {
                        i++;
                        if (i + 1 < glob.length() && glob.charAt(i + 1) == '/') {
                            i++;
                            sb.append("(?:.*/)?");
                        } else {
                            sb.append(".*");
                        }
                    } else {
                        sb.append("[^/]*");
                    }
                }
                case '?' -> sb.append("[^/]");
                case '[' -> {
                    int end = glob.indexOf(']', i + 1);
                    if (end < 0) {
                        sb.append("\\[");
                    } else {
                        String cls = glob.substring(i + 1, end).replace("\\", "\\\\");
                        if (cls.startsWith("!")) {
                            cls = "^" + cls.substring(1);
                        }
                        sb.append('[').append(cls).append(']');
                        i = end;
                    }
                }
                default -> {
                    if ("\\.^$|+(){}".indexOf(c) >= 0) {
                        sb.append('\\');
                    }
                    sb.append(c);
                }
            }
        }
        return sb.toString();
    }
}
