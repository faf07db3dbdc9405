package io.uassetd.codecs.asset.json.compact;

import java.util.StringJoiner;

/** EObjectFlags as names joined by " | " ("RF_Public | RF_Standalone"), "RF_NoFlags" for 0. */
final class ObjectFlagNames {
    private static final String[] NAMES = {"RF_Public", "RF_Standalone", "RF_MarkAsNative", "RF_Transactional",
        "RF_ClassDefaultObject", "RF_ArchetypeObject", "RF_Transient", "RF_MarkAsRootSet", "RF_TagGarbageTemp",
        "RF_NeedInitialization", "RF_NeedLoad", "RF_KeepForCooker", "RF_NeedPostLoad", "RF_NeedPostLoadSubobjects",
        "RF_NewerVersionExists", "RF_BeginDestroyed", "RF_FinishDestroyed", "RF_BeingRegenerated", "RF_DefaultSubObject",
        "RF_WasLoaded", "RF_TextExportTransient", "RF_LoadCompleted", "RF_InheritableComponentTemplate",
        "RF_DuplicateTransient", "RF_StrongRefOnFrame", "RF_NonPIEDuplicateTransient", "RF_Dynamic", "RF_WillBeLoaded",
        "RF_HasExternalPackage"};

    private ObjectFlagNames() {
    }

    static String of(int flags) {
        if (flags == 0) {
            return "RF_NoFlags";
        }
        StringJoiner j = new StringJoiner(" | ");
        for (int bit = 0; bit < 32; bit++) {
            if ((flags & (1 << bit)) != 0) {
                j.add(bit < NAMES.length ? NAMES[bit] : "0x" + Integer.toHexString(1 << bit));
            }
        }
        return j.toString();
    }
}
