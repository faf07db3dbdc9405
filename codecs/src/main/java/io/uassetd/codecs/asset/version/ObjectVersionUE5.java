package io.uassetd.codecs.asset.version;

/**
 * EUnrealEngineObjectUE5Version: the UE5 package file version (1000 and up), ordered, named by the
 * feature each value introduced.
 */
public enum ObjectVersionUE5 {
    INITIAL_VERSION(1000),
    NAMES_REFERENCED_FROM_EXPORT_DATA(1001),
    PAYLOAD_TOC(1002),
    OPTIONAL_RESOURCES(1003),
    LARGE_WORLD_COORDINATES(1004),
    REMOVE_OBJECT_EXPORT_PACKAGE_GUID(1005),
    TRACK_OBJECT_EXPORT_IS_INHERITED(1006),
    FSOFTOBJECTPATH_REMOVE_ASSET_PATH_FNAMES(1007),
    ADD_SOFTOBJECTPATH_LIST(1008),
    DATA_RESOURCES(1009),
    SCRIPT_SERIALIZATION_OFFSET(1010),
    PROPERTY_TAG_EXTENSION_AND_OVERRIDABLE_SERIALIZATION(1011),
    PROPERTY_TAG_COMPLETE_TYPE_NAME(1012),
    ASSETREGISTRY_PACKAGEBUILDDEPENDENCIES(1013),
    METADATA_SERIALIZATION_OFFSET(1014),
    VERSE_CELLS(1015),
    PACKAGE_SAVED_HASH(1016),
    OS_SUB_OBJECT_SHADOW_SERIALIZATION(1017),
    IMPORT_TYPE_HIERARCHIES(1018);

    public static final ObjectVersionUE5 LATEST = IMPORT_TYPE_HIERARCHIES;

    private final int value;

    ObjectVersionUE5(int value) {
        this.value = value;
    }

    /** The number stored in FileVersionUE5. */
    public int value() {
        return value;
    }
}
