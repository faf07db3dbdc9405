package io.uassetd.codecs.asset.version;

/**
 * The custom-version values that change what is on disk, one constant per value a reader or writer
 * consults, named after the engine's enum entry. Callers ask
 * {@code summary.atLeast(CustomVersionGate.X)} (see {@code PackageFileSummary}), never compare raw
 * numbers: a versioned package answers from its custom version container, an unversioned one from
 * the defaults of the release it is read as ({@link EngineVersion#customVersion}), and detection
 * sees which gates a read consulted ({@link VersionGates}).
 */
public enum CustomVersionGate {
    /** FCoreObjectVersion::EnumProperties: UEnum names carry int64 values (uint8 before). */
    CORE_ENUM_PROPERTIES(CustomVersionKey.CORE, 2),
    /** FCoreObjectVersion::SkeletalMaterialEditorDataStripping: FSkeletalMaterial's imported-name flag. */
    CORE_SKELETAL_MATERIAL_EDITOR_DATA_STRIPPING(CustomVersionKey.CORE, 3),
    /** FCoreObjectVersion::FProperties: properties serialized as FFields (struct definitions' ChildProperties). */
    CORE_FPROPERTIES(CustomVersionKey.CORE, 4),
    /** FEditorObjectVersion::TextFormatArgumentDataIsVariant: FText ArgumentFormat histories. */
    EDITOR_TEXT_FORMAT_ARGUMENT_DATA_IS_VARIANT(CustomVersionKey.EDITOR, 5),
    /** FEditorObjectVersion::AddedAlwaysSignNumberFormattingOption: FNumberFormattingOptions is 25 bytes (21 before). */
    EDITOR_ADDED_ALWAYS_SIGN_NUMBER_FORMATTING_OPTION(CustomVersionKey.EDITOR, 21),
    /** FEditorObjectVersion::CultureInvariantTextSerializationKeyStability: a None history's culture-invariant string. */
    EDITOR_CULTURE_INVARIANT_TEXT_SERIALIZATION_KEY_STABILITY(CustomVersionKey.EDITOR, 32),
    /** FReleaseObjectVersion::LevelTransArrayConvertedToTArray: ULevel's actor list without its TTransArray owner. */
    RELEASE_LEVEL_TRANS_ARRAY_CONVERTED_TO_TARRAY(CustomVersionKey.RELEASE, 3),
    /** FReleaseObjectVersion::PropertiesSerializeRepCondition: UProperty's BlueprintReplicationCondition byte. */
    RELEASE_PROPERTIES_SERIALIZE_REP_CONDITION(CustomVersionKey.RELEASE, 21),
    /** FFortniteMainBranchObjectVersion::MeshMaterialSlotOverlayMaterialAdded: FSkeletalMaterial's overlay material. */
    FORTNITE_MAIN_MESH_MATERIAL_SLOT_OVERLAY_MATERIAL_ADDED(CustomVersionKey.FORTNITE_MAIN, 196),
    /** FSkeletalMeshCustomVersion::SplitModelAndRenderData: a SkeletalMesh's bCooked before its LOD render data. */
    SKELETAL_MESH_SPLIT_MODEL_AND_RENDER_DATA(CustomVersionKey.SKELETAL_MESH, 12);

    private final CustomVersionKey key;
    private final int value;

    CustomVersionGate(CustomVersionKey key, int value) {
        this.key = key;
        this.value = value;
    }

    /** The custom version the gate reads. */
    public CustomVersionKey key() {
        return key;
    }

    /** The value from which the gated layout is on disk. */
    public int value() {
        return value;
    }

    /** Whether a package with custom version {@code version} of this key (-1: not listed) has the gated layout. */
    public boolean passedBy(int version) {
        return version >= value;
    }
}
