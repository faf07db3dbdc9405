package io.uassetd.codecs.zen.write;

import io.uassetd.codecs.error.FormatException;

/**
 * A legacy package that cannot become a Zen package: names the package file and what failed (an
 * import that is neither a script object nor an object of another package, a dependency cycle, ...).
 */
public class ZenWriteException extends FormatException {
    public ZenWriteException(String message, String file, String structure) {
        super(message, file, -1, structure);
    }
}
