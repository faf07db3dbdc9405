package io.uassetd.daemon.action;

import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.error.UnsupportedVersionException;

/**
 * The one {@code engine_version} request field: optional, default {@code auto} (detected from the
 * files), else a release of the engine table; its range and help text come from the table.
 */
public final class EngineField {
    public static final String NAME = "engine_version";
    public static final String AUTO = "auto";

    private EngineField() {
    }

    /** The field, its description saying what the engine is used for ({@code purpose}). */
    public static FieldSpec spec(String purpose) {
        return FieldSpec.optional(NAME, FieldType.STRING, AUTO, purpose + ": " + AUTO + " (detected; the reply's engine_version and"
                + " engine_source say which and why) or " + EngineVersion.range());
    }

    /** The engine the request names, or null for {@code auto} (absent, empty or "auto"). */
    public static EngineVersion requested(Args args) {
        if (!args.declares(NAME)) {
            return null; // an action without engine_version (the JSON actions): the engine is detected
        }
        String e = args.string(NAME);
        if (e == null || e.isBlank() || e.trim().equalsIgnoreCase(AUTO)) {
            return null;
        }
        try {
            return EngineVersion.parse(e);
        } catch (UnsupportedVersionException ex) {
            throw ActionException.invalid("Field '" + NAME + "': unknown engine version '" + e + "' (" + AUTO + ", "
                    + EngineVersion.range() + ")");
        }
    }
}
