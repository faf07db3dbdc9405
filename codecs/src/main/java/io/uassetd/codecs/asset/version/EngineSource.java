package io.uassetd.codecs.asset.version;

import java.util.Locale;

/** Where the engine a reader used came from; replies name it in {@code engine_source}. */
public enum EngineSource {
    /** The request named it ({@code engine_version}). */
    REQUEST,
    /** A game profile pins it ({@code game}). */
    PROFILE,
    /** The package carries its versions (a versioned package), or its LegacyFileVersion leaves one layout. */
    PACKAGE,
    /** The mappings' versioning block names the versions. */
    USMAP,
    /** The containers' TOC and container header versions (and Zen versioning info) leave one release. */
    CONTAINER,
    /** Several releases remained; the data was read under each and the one(s) that fit were kept. */
    PROBE;

    /** The wire name: request, profile, package, usmap, container, probe. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
