package io.uassetd.codecs.datatable;

/**
 * A cursor over a value in the engine's text form (ImportText's input): quoted strings with
 * backslash escapes, bare tokens up to a delimiter, parenthesised groups.
 */
final class EngineText {
    private final String text;
    private int pos;

    EngineText(String text) {
        this.text = text;
    }

    int pos() {
        return pos;
    }

    boolean atEnd() {
        return pos >= text.length();
    }

    char peek() {
        return atEnd() ? '\0' : text.charAt(pos);
    }

    void skipSpaces() {
        while (!atEnd() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    boolean accept(char c) {
        skipSpaces();
        if (peek() == c) {
            pos++;
            return true;
        }
        return false;
    }

    void expect(char c) {
        if (!accept(c)) {
            throw error("expected '" + c + "'");
        }
    }

    /** Accepts a word (case-insensitive) followed by '('; false (position unchanged) when absent. */
    boolean acceptCall(String word) {
        skipSpaces();
        int save = pos;
        if (text.regionMatches(true, pos, word, 0, word.length())) {
            pos += word.length();
            if (accept('(')) {
                return true;
            }
        }
        pos = save;
        return false;
    }

    /** A double-quoted string with backslash escapes. */
    String quoted() {
        skipSpaces();
        if (peek() != '"') {
            throw error("expected a quoted string");
        }
        pos++;
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (atEnd()) {
                throw error("unterminated string");
            }
            char c = text.charAt(pos++);
            if (c == '"') {
                return sb.toString();
            }
            if (c == '\\' && !atEnd()) {
                char e = text.charAt(pos++);
                sb.append(switch (e) {
                    case 'n' -> '\n';
                    case 'r' -> '\r';
                    case 't' -> '\t';
                    default -> e;
                });
            } else {
                sb.append(c);
            }
        }
    }

    /** A quoted string, or a bare token up to ',' or ')' (trimmed). */
    String token() {
        skipSpaces();
        if (peek() == '"') {
            return quoted();
        }
        int start = pos;
        int depth = 0;
        boolean inQuote = false;
        while (!atEnd()) {
            char c = text.charAt(pos);
            if (inQuote) {
                if (c == '\\') {
                    pos++;
                } else if (c == '\'') {
                    inQuote = false;
                }
            } else if (c == '\'') {
                inQuote = true;
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                if (depth == 0) {
                    break;
                }
                depth--;
            } else if (c == ',' && depth == 0) {
                break;
            }
            pos++;
        }
        return text.substring(start, pos).trim();
    }

    /** True at the end of a value: the end of the text, or the ',' or ')' after an empty value. */
    boolean atValueEnd() {
        skipSpaces();
        return atEnd() || peek() == ',' || peek() == ')';
    }

    /** Opens a parenthesised group; false (nothing to read) for an empty value or {@code ()}. */
    boolean openGroup() {
        if (atValueEnd()) {
            return false;
        }
        expect('(');
        return !accept(')');
    }

    /** {@code n} quoted arguments separated by commas, then ')' (after a call's '('). */
    java.util.List<String> quotedArguments(int n) {
        java.util.List<String> out = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                expect(',');
            }
            out.add(quoted());
        }
        expect(')');
        return out;
    }

    /** A field name before '=' in a struct. */
    String fieldName() {
        skipSpaces();
        int start = pos;
        while (!atEnd() && text.charAt(pos) != '=' && text.charAt(pos) != ',' && text.charAt(pos) != ')') {
            pos++;
        }
        String name = text.substring(start, pos).trim();
        expect('=');
        return name;
    }

    /** The rest of the text, which this consumes. */
    String restAndEnd() {
        String r = rest();
        pos = text.length();
        return r;
    }

    String rest() {
        return text.substring(Math.min(pos, text.length()));
    }

    IllegalArgumentException error(String what) {
        String near = text.length() > 60 ? text.substring(Math.max(0, pos - 20), Math.min(text.length(), pos + 20)) : text;
        return new IllegalArgumentException(what + " at character " + (pos + 1) + " of '" + near + "'");
    }

    /** {@code s} in double quotes with the engine's escapes (backslash, quote, CR, LF, tab). */
    static String quote(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> sb.append("\\\\");
                case '"' -> sb.append("\\\"");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> sb.append(c);
            }
        }
        return sb.append('"').toString();
    }
}
