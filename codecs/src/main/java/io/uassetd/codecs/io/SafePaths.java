package io.uassetd.codecs.io;

import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.UnsafePathException;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.attribute.BasicFileAttributes;
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

    /**
     * Makes the folders from {@code root} down to {@code target}'s folder without following links:
     * each component below {@code root} is looked at without following it; a link there (even one
     * that points inside, or nowhere) or a file where a folder is needed is refused with an
     * {@link UnsafePathException} naming it; a missing one is created as a real folder. A link or a
     * folder at {@code target} itself is refused too. Returns true when {@code target}'s folder did
     * not exist before (nothing in it can predate this write). {@code root} itself may be a link
     * (the caller chose it).
     */
    public static boolean prepare(Path root, Path target) {
        Path base = root.toAbsolutePath().normalize();
        Path t = target.toAbsolutePath().normalize();
        if (!t.startsWith(base) || t.equals(base)) {
            throw new UnsafePathException("Path " + t + " is not inside the output folder " + base, t.toString());
        }
        boolean fresh = prepareFolders(base, t.getParent());
        if (!fresh) {
            checkTarget(t);
        }
        return fresh;
    }

    /** Like {@link #prepare} for a folder: makes {@code dir} and every folder between it and {@code root}. */
    public static boolean prepareFolders(Path root, Path dir) {
        Path base = root.toAbsolutePath().normalize();
        Path d = dir.toAbsolutePath().normalize();
        if (!d.startsWith(base)) {
            throw new UnsafePathException("Path " + d + " is not inside the output folder " + base, d.toString());
        }
        try {
            Files.createDirectories(base);
        } catch (IOException e) {
            throw new OutputFailedException("Cannot create the output folder " + base + ": " + e.getMessage(), base, e);
        }
        Path cur = base;
        boolean created = false;
        for (Path part : base.relativize(d)) {
            if (part.toString().isEmpty()) {
                continue;
            }
            cur = cur.resolve(part);
            if (!created) {
                BasicFileAttributes a = attributes(cur);
                if (a != null) {
                    if (a.isSymbolicLink()) {
                        throw new UnsafePathException("Path " + cur + " is a link inside the output folder " + base
                                + "; output is never written through a link", cur.toString());
                    }
                    if (!a.isDirectory()) {
                        throw new UnsafePathException("Path " + cur + " is a file where a folder is needed (a name cannot be both"
                                + " a file and a folder)", cur.toString());
                    }
                    continue;
                }
            }
            try {
                Files.createDirectory(cur);
                created = true;
            } catch (FileAlreadyExistsException e) {
                // made meanwhile (another thread of this extraction): look again, without following it
                BasicFileAttributes a = attributes(cur);
                if (a == null || a.isSymbolicLink() || !a.isDirectory()) {
                    throw new UnsafePathException("Path " + cur + " changed while the output folder was made (now "
                            + (a == null ? "gone" : a.isSymbolicLink() ? "a link" : "a file") + ")", cur.toString());
                }
                created = false;
            } catch (IOException e) {
                throw new OutputFailedException("Cannot create folder " + cur + ": " + e.getMessage(), cur, e);
            }
        }
        return created;
    }

    /** Refuses a link or a folder at {@code target} (a file there is replaced by the write). */
    public static void checkTarget(Path target) {
        BasicFileAttributes a = attributes(target);
        if (a == null) {
            return;
        }
        if (a.isSymbolicLink()) {
            throw new UnsafePathException("Path " + target + " is a link inside the output folder; output never replaces"
                    + " or follows a link", target.toString());
        }
        if (a.isDirectory()) {
            throw new UnsafePathException("Path " + target + " is a folder where a file is to be written (a name cannot be"
                    + " both a file and a folder)", target.toString());
        }
    }

    private static BasicFileAttributes attributes(Path p) {
        try {
            return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new OutputFailedException("Cannot look at " + p + ": " + e.getMessage(), p, e);
        }
    }

    private static String printable(String s) {
        StringBuilder sb = new StringBuilder();
        for (char c : s.toCharArray()) {
            sb.append(c < 0x20 ? "\\x" + Integer.toHexString(c) : String.valueOf(c));
        }
        return sb.toString();
    }
}
