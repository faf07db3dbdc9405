package io.uassetd.codecs.asset.version;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * FPackageFileVersion plus the licensee version: the versions every gate in a package reads; for a
 * package read as a release of the engine table, also that release's custom-version defaults.
 *
 * @param fileVersionUE4 EUnrealEngineObjectUE4Version number
 * @param fileVersionUE5 EUnrealEngineObjectUE5Version number, 0 before UE5
 * @param licenseeVersion FileVersionLicenseeUE4
 * @param customDefaults the custom versions of the release ({@link EngineVersion#packageVersion()}),
 *     which an unversioned package is read with; null when no release is known (versions read from a
 *     file), and then an unversioned package's custom-version gates all pass (the newest layouts)
 */
public record PackageVersion(int fileVersionUE4, int fileVersionUE5, int licenseeVersion,
        Map<CustomVersionKey, Integer> customDefaults) {

    public PackageVersion {
        // in the keys' declared order: Map.copyOf's order changes from one JVM to the next, and this map is
        // written to JSON (to_json's "customDefaults"), which must come out the same on every run
        if (customDefaults != null) {
            EnumMap<CustomVersionKey, Integer> sorted = new EnumMap<>(CustomVersionKey.class);
            sorted.putAll(customDefaults);
            customDefaults = Collections.unmodifiableMap(sorted);
        }
    }

    /** Versions without custom-version defaults (as stored in a file). */
    public PackageVersion(int fileVersionUE4, int fileVersionUE5, int licenseeVersion) {
        this(fileVersionUE4, fileVersionUE5, licenseeVersion, null);
    }

    /** The file versions alone (what a versioned package stores), without custom-version defaults. */
    public PackageVersion fileVersions() {
        return customDefaults == null ? this : new PackageVersion(fileVersionUE4, fileVersionUE5, licenseeVersion);
    }

    public boolean atLeast(ObjectVersion v) {
        VersionGates.consulted(v);
        return fileVersionUE4 >= v.value();
    }

    public boolean atLeast(ObjectVersionUE5 v) {
        VersionGates.consulted(v);
        return fileVersionUE5 >= v.value();
    }

    /**
     * Whether the release's custom-version defaults pass {@code gate} (an unversioned package's
     * answer); true when there are no defaults.
     */
    public boolean atLeast(CustomVersionGate gate) {
        VersionGates.consulted(gate);
        return passes(gate);
    }

    /** As {@link #atLeast(CustomVersionGate)}, without noting the gate as consulted. */
    boolean passes(CustomVersionGate gate) {
        return customDefaults == null || gate.passedBy(customDefaults.getOrDefault(gate.key(), -1));
    }

    public boolean isUE5() {
        VersionGates.consulted(ObjectVersionUE5.INITIAL_VERSION);
        return fileVersionUE5 >= ObjectVersionUE5.INITIAL_VERSION.value();
    }

    /** All three numbers zero: the package was saved unversioned. */
    public boolean isUnversioned() {
        return fileVersionUE4 == 0 && fileVersionUE5 == 0 && licenseeVersion == 0;
    }
}
