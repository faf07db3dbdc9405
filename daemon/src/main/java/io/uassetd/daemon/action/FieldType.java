package io.uassetd.daemon.action;

/** The JSON type a request field takes. */
public enum FieldType {
    STRING("string"),
    INTEGER("integer"),
    NUMBER("number"),
    BOOLEAN("boolean"),
    STRING_LIST("string[]"),
    /** Any JSON value (kept as a tree). */
    ANY("any");

    private final String label;

    FieldType(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
