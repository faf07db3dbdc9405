package io.uassetd.daemon.util;

import java.nio.file.Path;

/** Where batch outputs go: an input's path below a base folder, and its name with another extension. */
public final class OutputPaths {
    private OutputPaths() {
    }

    /** {@code file}'s path relative to {@code base} when it lies below it, else its file name alone. */
    public static Path relative(Path base, Path file) {
        if (base != null) {
            Path b = base.toAbsolutePath().normalize();
            Path f = file.toAbsolutePath().normalize();
            if (f.startsWith(b) && !f.equals(b)) {
                return b.relativize(f);
            }
        }
        return file.getFileName();
    }

    /** {@code X.uasset} -> {@code X.json} (and back with another extension), in the same folder. */
    public static Path withExtension(Path p, String extension) {
        String n = p.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return p.resolveSibling((dot > 0 ? n.substring(0, dot) : n) + extension);
    }
}
