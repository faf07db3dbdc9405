package io.uassetd.codecs.usmap;

import java.util.List;

/**
 * The optional versioning block of a .usmap header (v1+): the engine version (v5+, else null), the
 * package file versions, the custom versions and the network changelist.
 */
public record UsmapVersioning(EngineVersionInfo engineVersion, int fileVersionUE4, int fileVersionUE5,
        List<CustomVersionEntry> customVersions, long netChangelist) {
    public UsmapVersioning {
        customVersions = List.copyOf(customVersions);
    }

    /** FEngineVersion: major, minor, patch, changelist, branch. */
    public record EngineVersionInfo(int major, int minor, int patch, long changelist, String branch) {
    }

    /** FCustomVersion (optimized form): the GUID as 32 hex digits and the version. */
    public record CustomVersionEntry(String guid, int version) {
    }
}
