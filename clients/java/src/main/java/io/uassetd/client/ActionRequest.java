package io.uassetd.client;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** A request: an action and its fields. The typed requests in {@link Actions} extend it. */
public class ActionRequest {
    private final String action;
    private final Map<String, Object> fields = new LinkedHashMap<>();

    public ActionRequest(String action) {
        this.action = action;
    }

    public ActionRequest(String action, Map<String, ?> fields) {
        this(action);
        this.fields.putAll(fields);
    }

    /** Sets a field (a null value removes it). */
    public final ActionRequest put(String name, Object value) {
        if (value == null) {
            fields.remove(name);
        } else {
            fields.put(name, value);
        }
        return this;
    }

    public final String action() {
        return action;
    }

    public final Map<String, Object> fields() {
        return Collections.unmodifiableMap(fields);
    }

    @Override
    public String toString() {
        return action + " " + fields;
    }
}
