package io.uassetd.codecs.error;

/**
 * A path the write refuses: a name the file system cannot hold (too long, {@code .} or {@code ..},
 * both a file and a folder) or one that would leave the output folder (through {@code ..} or a
 * link met below it). The message says which rule; {@link #file()} is the path.
 */
public class UnsafePathException extends FormatException {
    public UnsafePathException(String message, String path) {
        super(message, path, -1, "path");
    }
}
