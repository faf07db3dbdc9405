package io.uassetd.codecs.usmap;

/** EUsmapVersion: the .usmap layout version, ordered, named by the feature each adds. */
public enum UsmapVersion {
    /** 0: initial format. */
    INITIAL,
    /** 1: optional package versioning block in the header. */
    PACKAGE_VERSIONING,
    /** 2: name lengths are uint16 instead of uint8. */
    LONG_FNAME,
    /** 3: enum entry counts are uint16 instead of uint8. */
    LARGE_ENUMS,
    /** 4: enum entries carry explicit int64 values. */
    EXPLICIT_ENUM_VALUES,
    /** 5: the versioning block starts with an FEngineVersion. */
    ENGINE_VERSIONING,
    /** 6: properties carry flags. */
    PROPERTY_FLAGS;

    public boolean atLeast(UsmapVersion other) {
        return compareTo(other) >= 0;
    }
}
