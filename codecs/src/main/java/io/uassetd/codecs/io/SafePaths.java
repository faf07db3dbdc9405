package io.uassetd.codecs.io;

import io.uassetd.codecs.error.CorruptDataException;
import java.nio.file.Path;

/**
 * Resolves an archive entry name under an output folder, refusing names that would land outside
 * it: {@code ..} components, absolute paths, drive letters, NUL or other control characters.
 */
public final class SafePaths {
    private SafePaths() {
    }

    /**
     * {@code root/name} with {@code \} treated as {@code /} and empty or {@code .} components
     * dropped; throws CorruptDataException (naming {@code source}) for an unsafe name.
     */
    public static Path resolve(Path root, String name, String source) {
        String n = name.replace('\\', '/');
        String why = null;
        if (n.isEmpty()) {
            why = "is empty";
        } else if (n.startsWith("/")) {
            why = "is absolute";
        } else if (n.length() >= 2 && n.charAt(1) == ':') {
            why = "has a drive letter";
        } else {
            for (int i = 0; i < n.length() && why == null; i++) {
                if (n.charAt(i) < 0x20) {
                    why = "contains control character 0x" + Integer.toHexString(n.charAt(i));
                } else if (n.charAt(i) == ':') {
                    why = "contains ':'";
                }
            }
        }
        Path base = root.toAbsolutePath().normalize();
        Path out = base;
        if (why == null) {
            for (String part : n.split("/")) {
                if (part.isEmpty() || part.equals(".")) {
                    continue;
                }
                if (part.equals("..")) {
                    why = "contains '..'";
                    break;
                }
                out = out.resolve(part);
            }
            if (why == null && (out.equals(base) || !out.normalize().startsWith(base))) {
                why = "does not name a file inside the output folder";
            }
        }
        if (why != null) {
            throw new CorruptDataException("Entry path '" + printable(name) + "' " + why + "; refusing to write outside "
                    + base, source, -1, "entry path");
        }
        return out;
    }

    private static String printable(String s) {
        StringBuilder sb = new StringBuilder();
        for (char c : s.toCharArray()) {
            sb.append(c < 0x20 ? "\\x" + Integer.toHexString(c) : String.valueOf(c));
        }
        return sb.toString();
    }
}
