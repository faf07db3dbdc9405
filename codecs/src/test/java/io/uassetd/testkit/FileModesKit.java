package io.uassetd.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/** POSIX modes in tests: a file's mode as text, and the mode a plain new file gets here (the umask applied). */
public final class FileModesKit {
    private FileModesKit() {
    }

    /** {@code rw-r--r--} and the like. */
    public static String mode(Path p) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
    }

    /** Creates {@code dir/name} with a plain {@code open(O_CREAT)} and returns its mode. */
    public static String plainMode(Path dir, String name) throws IOException {
        Path plain = dir.resolve(name);
        Files.newByteChannel(plain, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
        return mode(plain);
    }
}
