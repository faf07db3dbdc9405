package io.uassetd.codecs.game;

import io.uassetd.codecs.asset.mesh.MeshProfile;
import io.uassetd.codecs.asset.niagara.NiagaraConventions;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.crypto.EncryptionScheme;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.iostore.header.ContainerHeaderVersion;
import io.uassetd.codecs.iostore.toc.TocVersion;
import io.uassetd.codecs.pak.CompanionPakLayout;
import io.uassetd.codecs.pak.PakVersion;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Everything one game does differently from the stock engine it was built with, in one named place:
 * the request's {@code game} field (and {@code encryption_scheme}) selects it by name or alias.
 * {@link #NONE} is the stock engine. Writers and readers ({@code PakWriter} through the scheme,
 * {@code CompanionPak}, {@code MeshMaterialFix}, mesh readers) take what they need from here
 * instead of naming a game.
 *
 * @param name the name requests use
 * @param aliases other names (compared without case, '_', '-' and spaces)
 * @param engine the engine release the game's files are cooked with (pinned when the profile is
 *     asked for), or null for none
 * @param tocVersion the .utoc version the game loads, or null for the engine's
 * @param headerVersion the container header version the game loads, or null for the engine's
 * @param encryptionScheme how AES keys encrypt the game's paks, with its partial-encryption limits
 *     ({@link EncryptionScheme#encryptedPrefix})
 * @param mesh the game's mesh material layout (an FGameplayTagContainer after each FSkeletalMaterial
 *     in Marvel Rivals)
 * @param staticMaterialSize the size of FStaticMaterial in the game's static meshes (36 in Marvel
 *     Rivals: no gameplay tags), or 0 for the engine's layout; informational: cooked static mesh
 *     materials are the StaticMaterials property, which the material fix leaves as it is
 * @param companionPak the companion pak of the game's IoStore bundles
 * @param niagara the game's NiagaraSystem conventions (Marvel Rivals: enemy-team colour parameters per emitter)
 */
public record GameProfile(String name, List<String> aliases, EngineVersion engine, TocVersion tocVersion,
        ContainerHeaderVersion headerVersion, EncryptionScheme encryptionScheme, MeshProfile mesh, int staticMaterialSize,
        CompanionPakLayout companionPak, NiagaraConventions niagara) {

    /** No game quirks: the stock engine. */
    public static final GameProfile NONE = new GameProfile("none", List.of("", "generic", "standard", "default", "ue", "unreal"),
            null, null, null, EncryptionScheme.STANDARD, MeshProfile.STANDARD, 0,
            CompanionPakLayout.STANDARD, NiagaraConventions.STANDARD);

    /**
     * Marvel Rivals (UE 5.3): TOC version 5 (PerfectHashWithOverflow), container header version 3
     * (NoExportInfo: 16-byte store entries), an empty FGameplayTagContainer after each skeletal mesh
     * material, 36-byte static mesh materials, enemy-team colour parameters per Niagara emitter
     * ({@code <Emitter>....EnemyColor...}, {@code ...EnemyValue...}), and paks (the companion pak too) in the game's own
     * encryption scheme (word-swapped AES blocks, partial entry encryption).
     */
    public static final GameProfile MARVEL_RIVALS = new GameProfile("marvel_rivals", List.of("marvelrivals", "rivals", "mr"),
            EngineVersion.UE5_3, TocVersion.PERFECT_HASH_WITH_OVERFLOW, ContainerHeaderVersion.NO_EXPORT_INFO, EncryptionScheme.WORD_SWAP,
            new MeshProfile("marvel_rivals", true), 36, new CompanionPakLayout(PakVersion.FNV64_BUG_FIX, EncryptionScheme.WORD_SWAP, true, true),
            new NiagaraConventions("marvel_rivals", List.of("EnemyColor", "EnemyValue")));

    /**
     * The profile of a bundle request that names neither a game nor an engine, and whose engine
     * writes a bundle of {@link #NONE} when nothing tells the engine (the tool's first users' game).
     */
    public static final GameProfile DEFAULT = MARVEL_RIVALS;

    /** {@link #names()} as a constant, for help text in annotations ({@code GameProfileTest} keeps them equal). */
    public static final String NAMES = "none, marvel_rivals";

    public GameProfile {
        aliases = List.copyOf(aliases);
    }

    public static List<GameProfile> all() {
        return List.of(NONE, MARVEL_RIVALS);
    }

    /** Whether the game adds an FGameplayTagContainer after each skeletal mesh material. */
    public boolean skeletalMaterialTags() {
        return mesh.gameplayTagsAfterSkeletalMaterial();
    }

    /**
     * A profile by name or alias, compared without case, '_', '-' and spaces ({@code marvel_rivals},
     * {@code Marvel Rivals}, {@code rivals}; {@code none}, {@code standard}); null or blank is {@link #NONE}.
     */
    public static GameProfile of(String name) {
        if (name == null || name.isBlank()) {
            return NONE;
        }
        String n = normalize(name);
        for (GameProfile p : all()) {
            if (normalize(p.name).equals(n) || p.aliases.stream().anyMatch(a -> normalize(a).equals(n))) {
                return p;
            }
        }
        throw new UnsupportedVersionException("Unknown game profile '" + name + "' (" + names() + ")");
    }

    /**
     * The encryption scheme a request names: a scheme's own name ({@link EncryptionScheme#byName}:
     * standard, word_swap) or a game profile's name or alias (its scheme: marvel_rivals, rivals, mr); null or
     * blank is standard.
     */
    public static EncryptionScheme encryptionSchemeNamed(String name) {
        try {
            return EncryptionScheme.byName(name);
        } catch (IllegalArgumentException notAScheme) {
            try {
                return of(name).encryptionScheme();
            } catch (UnsupportedVersionException e) {
                throw new IllegalArgumentException("Unknown encryption scheme '" + name + "' (" + EncryptionScheme.names()
                        + ", or a game: " + names() + ")");
            }
        }
    }

    /**
     * The games whose mesh material layout differs from the engine's, for help text:
     * "marvel_rivals: an FGameplayTagContainer after each FSkeletalMaterial".
     */
    public static String meshLayouts() {
        return all().stream().filter(GameProfile::skeletalMaterialTags).map(p -> p.name + ": " + p.mesh.describe())
                .collect(Collectors.joining("; "));
    }

    /** "none, marvel_rivals". */
    public static String names() {
        return all().stream().map(GameProfile::name).collect(Collectors.joining(", "));
    }

    private static String normalize(String s) {
        return s.trim().toLowerCase(Locale.ROOT).replace("_", "").replace("-", "").replace(" ", "");
    }
}
