package io.uassetd.codecs.error;

/**
 * A path given as input is not the file expected: absent ({@link #missing()}), a folder where a
 * file is expected, or the wrong file of a pair (a .uexp where the .uasset is expected). The
 * message says which, naming the path.
 */
public class InputFileException extends RuntimeException implements InputProblem {
    private final String file;
    private final boolean missing;

    public InputFileException(String message, String file, boolean missing) {
        super(message);
        this.file = file;
        this.missing = missing;
    }

    public String file() {
        return file;
    }

    /** True when nothing is at the path (NOT_FOUND); false when something else is there (a bad argument). */
    public boolean missing() {
        return missing;
    }
}
