package io.uassetd.codecs.error;

/**
 * A JSON document that cannot become a package: not JSON at all ({@link #syntax} true), or JSON
 * whose content does not fit (an unknown {@code $type}, a missing field, a value of the wrong type).
 * {@link #structure} is the JSON path of the offending value ({@code $.Exports[2].Data[0].Value}).
 */
public class JsonFormatException extends FormatException {
    private final boolean syntax;

    public JsonFormatException(String message, String file, String jsonPath, boolean syntax) {
        super(message, file, -1, jsonPath);
        this.syntax = syntax;
    }

    public JsonFormatException(String message, String file, String jsonPath, boolean syntax, Throwable cause) {
        super(message, file, -1, jsonPath, cause);
        this.syntax = syntax;
    }

    /** True when the text is not well-formed JSON; false when well-formed JSON has the wrong content. */
    public boolean syntax() {
        return syntax;
    }
}
