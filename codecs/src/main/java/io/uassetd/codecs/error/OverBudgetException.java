package io.uassetd.codecs.error;

/**
 * Input that declares more memory than the budget admits (an image's dimensions, a decompressed
 * size): refused before the memory is taken. The message names the size and the budget.
 */
public class OverBudgetException extends FormatException {
    private final long bytes;

    public OverBudgetException(String message, String file, long offset, String structure, long bytes) {
        super(message, file, offset, structure);
        this.bytes = bytes;
    }

    /** The bytes the input asked for. */
    public long bytes() {
        return bytes;
    }
}
