package io.uassetd.codecs.asset.mesh;

import java.util.List;
import java.util.Locale;

/**
 * Game-specific mesh serialization: what a game adds to the engine's layout. Selected by the
 * request's {@code game} field; the engine's own layout is {@link #STANDARD}.
 */
public record MeshProfile(String name, List<String> aliases, boolean gameplayTagsAfterSkeletalMaterial) {
    /** The engine's layout. */
    public static final MeshProfile STANDARD = new MeshProfile("standard", List.of("", "default", "ue", "unreal"), false);
    /** Marvel Rivals: an FGameplayTagContainer after each FSkeletalMaterial. */
    public static final MeshProfile MARVEL_RIVALS = new MeshProfile("marvel_rivals",
            List.of("rivals", "marvelrivals", "marvel-rivals", "marvel rivals"), true);

    public static final List<MeshProfile> ALL = List.of(STANDARD, MARVEL_RIVALS);

    /** The profile of a game name (case-insensitive; null means standard); null when unknown. */
    public static MeshProfile of(String game) {
        String g = game == null ? "" : game.trim().toLowerCase(Locale.ROOT);
        for (MeshProfile p : ALL) {
            if (p.name.equals(g) || p.aliases.contains(g)) {
                return p;
            }
        }
        return null;
    }
}
