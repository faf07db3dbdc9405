package io.uassetd.codecs.asset.version;

import io.uassetd.codecs.asset.core.FGuid;

/**
 * The custom versions (FCustomVersion keys) whose value a reader or writer of this build consults,
 * with their GUIDs and the engine's names for them. The engine table ({@link EngineVersion}) holds,
 * per release, the value of each: what that release's editor saves, and so what an unversioned
 * (cooked) package of that release was written with. A key is added here when a new gate
 * ({@link CustomVersionGate}) consults it, together with its column in the table.
 */
public enum CustomVersionKey {
    /** FCoreObjectVersion (Dev-Core stream). */
    CORE("FCoreObjectVersion", "375EC13C-06E448FB-B50084F0-262A717E"),
    /** FEditorObjectVersion (Dev-Editor stream). */
    EDITOR("FEditorObjectVersion", "E4B068ED-F49442E9-A231DA0B-2E46BB41"),
    /** FReleaseObjectVersion (Release streams). */
    RELEASE("FReleaseObjectVersion", "9C54D522-A8264FBE-94210746-61B482D0"),
    /** FFortniteMainBranchObjectVersion (//Fortnite/Main stream). */
    FORTNITE_MAIN("FFortniteMainBranchObjectVersion", "601D1886-AC644F84-AA16D3DE-0DEAC7D6"),
    /** FSkeletalMeshCustomVersion. */
    SKELETAL_MESH("FSkeletalMeshCustomVersion", "D78A4A00-E8584697-BAA819B5-487D46B4");

    private final String friendlyName;
    private final FGuid guid;

    CustomVersionKey(String friendlyName, String guid) {
        this.friendlyName = friendlyName;
        this.guid = FGuid.parse(guid);
    }

    /** The engine's name for the custom version ("FCoreObjectVersion"). */
    public String friendlyName() {
        return friendlyName;
    }

    /** The GUID packages list the version under. */
    public FGuid guid() {
        return guid;
    }

    /** The key with this GUID, or null when this build consults no custom version of that GUID. */
    public static CustomVersionKey of(FGuid guid) {
        for (CustomVersionKey k : values()) {
            if (k.guid.equals(guid)) {
                return k;
            }
        }
        return null;
    }
}
