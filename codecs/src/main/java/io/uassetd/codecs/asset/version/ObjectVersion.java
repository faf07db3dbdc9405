package io.uassetd.codecs.asset.version;

/**
 * EUnrealEngineObjectUE4Version: the UE4 package file version, ordered, named by the feature each
 * value introduced. Only the values a reader of packages and properties needs are listed; gates read
 * as {@code v.atLeast(ObjectVersion.NAME_HASHES_SERIALIZED)}.
 */
public enum ObjectVersion {
    ASSET_REGISTRY_TAGS(112),
    SUMMARY_HAS_BULKDATA_OFFSET(212),
    OLDEST_LOADABLE_PACKAGE(214),
    WORLD_LEVEL_INFO(224),
    ADDED_CHUNKID_TO_ASSETDATA_AND_UPACKAGE(278),
    CHANGED_CHUNKID_TO_BE_AN_ARRAY_OF_CHUNKIDS(326),
    ENGINE_VERSION_OBJECT(336),
    LOAD_FOR_EDITOR_GAME(365),
    FTEXT_HISTORY(368),
    ADD_STRING_ASSET_REFERENCES_MAP(384),
    ENUM_CLASS_SUPPORT(390),
    STRUCT_GUID_IN_PROPERTY_TAG(441),
    PACKAGE_SUMMARY_HAS_COMPATIBLE_ENGINE_VERSION(444),
    SERIALIZE_TEXT_IN_PACKAGES(459),
    TIGHTLY_PACKED_ENUMS(463),
    COOKED_ASSETS_IN_EDITOR_SUPPORT(485),
    INNER_ARRAY_TAG_INFO(500),
    PROPERTY_GUID_IN_PROPERTY_TAG(503),
    NAME_HASHES_SERIALIZED(504),
    PRELOAD_DEPENDENCIES_IN_COOKED_EXPORTS(507),
    TEMPLATE_INDEX_IN_COOKED_EXPORTS(508),
    PROPERTY_TAG_SET_MAP_SUPPORT(509),
    ADDED_SEARCHABLE_NAMES(510),
    EXPORTMAP_64BIT_SERIAL_SIZES(511),
    ADDED_SOFT_OBJECT_PATH(514),
    ADDED_PACKAGE_SUMMARY_LOCALIZATION_ID(516),
    FIX_WIDE_STRING_CRC(517),
    ADDED_PACKAGE_OWNER(518),
    SKINWEIGHT_PROFILE_DATA_LAYOUT_CHANGES(519),
    NON_OUTER_PACKAGE_IMPORT(520),
    ASSETREGISTRY_DEPENDENCYFLAGS(521),
    CORRECT_LICENSEE_FLAG(522);

    /** The newest UE4 package version (UE4.27 and every UE5 release). */
    public static final ObjectVersion LATEST = CORRECT_LICENSEE_FLAG;

    private final int value;

    ObjectVersion(int value) {
        this.value = value;
    }

    /** The number stored in FileVersionUE4. */
    public int value() {
        return value;
    }
}
