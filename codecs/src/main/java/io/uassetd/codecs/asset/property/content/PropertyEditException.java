package io.uassetd.codecs.asset.property.content;

/**
 * An edit through {@link PropertyEditor} that cannot be applied: a path that names nothing, or a
 * value of the wrong type. The message names the path and, for a type mismatch, the expected type.
 */
public class PropertyEditException extends IllegalArgumentException {
    private final String path;
    private final String expectedType;

    public PropertyEditException(String message, String path, String expectedType) {
        super(message + " (path " + path + (expectedType != null ? ", expected " + expectedType : "") + ")");
        this.path = path;
        this.expectedType = expectedType;
    }

    /** The property path the edit named. */
    public String path() {
        return path;
    }

    /** The type the path expects, or null when the path itself is wrong. */
    public String expectedType() {
        return expectedType;
    }
}
