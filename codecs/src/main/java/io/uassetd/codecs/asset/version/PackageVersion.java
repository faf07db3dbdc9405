package io.uassetd.codecs.asset.version;

/**
 * FPackageFileVersion plus the licensee version: the versions every gate in a package reads.
 *
 * @param fileVersionUE4 EUnrealEngineObjectUE4Version number
 * @param fileVersionUE5 EUnrealEngineObjectUE5Version number, 0 before UE5
 * @param licenseeVersion FileVersionLicenseeUE4
 */
public record PackageVersion(int fileVersionUE4, int fileVersionUE5, int licenseeVersion) {

    public boolean atLeast(ObjectVersion v) {
        VersionGates.consulted(v);
        return fileVersionUE4 >= v.value();
    }

    public boolean atLeast(ObjectVersionUE5 v) {
        VersionGates.consulted(v);
        return fileVersionUE5 >= v.value();
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
