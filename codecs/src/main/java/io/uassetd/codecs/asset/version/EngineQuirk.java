package io.uassetd.codecs.asset.version;

/**
 * A release's departure from what its package versions imply: a column of the engine table
 * ({@link EngineVersion#has}), so readers and writers ask the table instead of naming a release.
 */
public enum EngineQuirk {
    /**
     * Cooked packages at IMPORT_TYPE_HIERARCHIES whose imports hold no PackageName although the object
     * version is the one of releases whose imports do (UE5.7 against UE5.8): 32 bytes per import, not 40.
     */
    COOKED_IMPORTS_WITHOUT_PACKAGE_NAME
}
