package io.uassetd.codecs.asset.mesh;

/**
 * A mesh material layout: what a game adds to the engine's mesh serialization. Games select theirs
 * through their profile ({@code io.uassetd.codecs.game.GameProfile#mesh()}); the engine's own layout
 * is {@link #STANDARD}.
 *
 * @param name the layout's name, reported by the mesh actions ({@code profile})
 * @param gameplayTagsAfterSkeletalMaterial whether an FGameplayTagContainer follows each FSkeletalMaterial
 */
public record MeshProfile(String name, boolean gameplayTagsAfterSkeletalMaterial) {
    /** The engine's layout. */
    public static final MeshProfile STANDARD = new MeshProfile("standard", false);

    /** What the layout adds to the engine's, for help text. */
    public String describe() {
        return gameplayTagsAfterSkeletalMaterial ? "an FGameplayTagContainer after each FSkeletalMaterial" : "the engine's layout";
    }
}
