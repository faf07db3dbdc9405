package io.uassetd.codecs.iostore.bundle;

import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.crypto.EncryptionScheme;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.iostore.header.ContainerHeaderVersion;
import io.uassetd.codecs.iostore.toc.TocVersion;
import java.util.List;
import java.util.Locale;

/**
 * What one game does differently from the stock engine it was built with, kept in one named place
 * instead of inline checks. {@link #NONE} is the stock engine.
 *
 * @param name the name requests use ({@code game} field)
 * @param engine the engine release the game's files are cooked with
 * @param tocVersion the .utoc version the game loads, or null for the engine's
 * @param headerVersion the container header version the game loads, or null for the engine's
 * @param skeletalMaterialTags the game expects an FGameplayTagContainer (an int32 count, empty: 0)
 *     after each FSkeletalMaterial of a skeletal mesh (44-byte materials instead of 40)
 * @param staticMaterialSize the size of FStaticMaterial in the game's static meshes (36 in Marvel
 *     Rivals: no gameplay tags), or 0 for the engine's layout; informational: cooked static mesh
 *     materials are the StaticMaterials property, which {@link MeshMaterialFix} leaves as it is
 * @param companionPakScheme the encryption scheme of the companion pak when a key is given (the
 *     stock engine: standard AES over whole entries and index)
 */
public record GameProfile(String name, EngineVersion engine, TocVersion tocVersion, ContainerHeaderVersion headerVersion,
        boolean skeletalMaterialTags, int staticMaterialSize, EncryptionScheme companionPakScheme) {

    /** No game quirks. */
    public static final GameProfile NONE = new GameProfile("none", null, null, null, false, 0, EncryptionScheme.STANDARD);

    /**
     * Marvel Rivals (UE 5.3): TOC version 5 (PerfectHashWithOverflow), container header version 3
     * (NoExportInfo: 16-byte store entries), an empty FGameplayTagContainer after each skeletal mesh
     * material ({@link MeshMaterialFix}), 36-byte static mesh materials, and the companion pak in the game's own encryption
     * scheme (word-swapped AES blocks, partial entry encryption).
     */
    public static final GameProfile MARVEL_RIVALS = new GameProfile("marvel_rivals", EngineVersion.UE5_3,
            TocVersion.PERFECT_HASH_WITH_OVERFLOW, ContainerHeaderVersion.NO_EXPORT_INFO, true, 36, EncryptionScheme.RIVALS);

    public static List<GameProfile> all() {
        return List.of(NONE, MARVEL_RIVALS);
    }

    /** A profile by name: {@code none}, {@code marvel_rivals} (also {@code rivals}, {@code MarvelRivals}). */
    public static GameProfile of(String name) {
        if (name == null || name.isBlank()) {
            return NONE;
        }
        String n = name.toLowerCase(Locale.ROOT).replace("_", "").replace("-", "").replace(" ", "");
        return switch (n) {
            case "none", "generic" -> NONE;
            case "marvelrivals", "rivals" -> MARVEL_RIVALS;
            default -> throw new UnsupportedVersionException("Unknown game profile '" + name + "' (none, marvel_rivals)");
        };
    }
}
