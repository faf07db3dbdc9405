package io.uassetd.codecs.error;

import java.util.Locale;

/**
 * Base of every error a reader or writer of an Unreal format raises. It names where the problem is:
 * the file (or stream) name, the absolute byte offset, and the structure being read.
 */
public class FormatException extends RuntimeException implements InputProblem {
    private final String file;
    private final long offset;
    private final String structure;

    public FormatException(String message, String file, long offset, String structure) {
        this(message, file, offset, structure, null);
    }

    public FormatException(String message, String file, long offset, String structure, Throwable cause) {
        super(message, cause);
        this.file = file;
        this.offset = offset;
        this.structure = structure;
    }

    /** The file or stream name, or null when not known. */
    public String file() {
        return file;
    }

    /** Absolute byte offset, or -1 when not known. */
    public long offset() {
        return offset;
    }

    /** The structure being read (e.g. {@code PakInfo}), or null. */
    public String structure() {
        return structure;
    }

    /** The bare message without the location suffix. */
    public String detail() {
        return super.getMessage();
    }

    @Override
    public String getMessage() {
        StringBuilder sb = new StringBuilder(String.valueOf(super.getMessage()));
        if (file != null || offset >= 0 || structure != null) {
            sb.append(" (");
            String sep = "";
            if (file != null) {
                sb.append(file);
                sep = ", ";
            }
            if (offset >= 0) {
                sb.append(sep).append("offset ").append(hex(offset));
                sep = ", ";
            }
            if (structure != null) {
                sb.append(sep).append(structure);
            }
            sb.append(')');
        }
        return sb.toString();
    }

    public static String hex(long v) {
        return "0x" + Long.toHexString(v).toUpperCase(Locale.ROOT);
    }
}
