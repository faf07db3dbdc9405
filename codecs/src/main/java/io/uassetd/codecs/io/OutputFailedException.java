package io.uassetd.codecs.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** A write that failed (nothing of it is left in place), naming the file it was writing. */
public class OutputFailedException extends UncheckedIOException {
    private final transient Path path;

    public OutputFailedException(String message, Path path, IOException cause) {
        super(message, cause);
        this.path = path;
    }

    /** The file being written. */
    public Path path() {
        return path;
    }
}
