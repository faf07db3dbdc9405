package io.uassetd.codecs.mods;

import java.util.Comparator;
import java.util.Locale;

/**
 * The order in which Unreal's pak platform file gives a file to the game when several mounted
 * archives hold it (docs/game-diff-and-conflicts.md cites the engine code):
 *
 * <ol>
 * <li>Each pak gets a mount order: a base from its folder (every pak under the game's
 * {@code Content/Paks} folder, {@code ~mods} included, shares one base), plus, when its name ends
 * in {@code _P}, 100 times its chunk version: {@code Name_P} is version 1, {@code Name_N_P} (N a
 * number of at least 1) is version N + 1, so {@code Mod_9999999_P} gets +1,000,000,000.</li>
 * <li>A higher order wins.</li>
 * <li>Ties: the engine mounts the paks it finds in descending order of their paths (compared
 * without case). Files looked up in paks (legacy packages, loose files) come from the first
 * mounted of the tied paks, so the path that sorts <b>last</b> wins; Zen packages, which the
 * package store resolves over IoStore containers, come from the <b>last</b> mounted (UE 5.1 and
 * later), so the path that sorts <b>first</b> wins.</li>
 * <li>An IoStore container is mounted with its pak (the .pak of the same name, its companion)
 * and gets that pak's order; a .utoc without its .pak is not mounted at all.</li>
 * </ol>
 */
public final class MountOrder {
    /** The base order of paks in the project's Content folder (the game's Paks and ~mods). */
    public static final long CONTENT_BASE = 3;

    private MountOrder() {
    }

    /** The order of a pak (or of the container mounted with it) named {@code baseName} (no extension). */
    public static long order(String baseName) {
        return CONTENT_BASE + 100L * patchVersion(baseName);
    }

    /**
     * The chunk version the name gives a patch pak: 0 when it does not end in {@code _P}; else N + 1
     * for {@code _N_P} with N a number of at least 1, else 1.
     */
    public static long patchVersion(String baseName) {
        if (!baseName.toUpperCase(Locale.ROOT).endsWith("_P")) {
            return 0;
        }
        String stem = baseName.substring(0, baseName.length() - 2);
        int start = stem.lastIndexOf('_');
        if (start >= 0) {
            String digits = stem.substring(start + 1);
            if (!digits.isEmpty() && digits.chars().allMatch(Character::isDigit) && digits.length() <= 9) {
                long n = Long.parseLong(digits);
                if (n >= 1) {
                    return n + 1;
                }
            }
        }
        return 1;
    }

    /** Why a pak has its order, in words ({@code no _P suffix}, {@code _P patch pak, chunk version 2: +200}). */
    public static String explain(String baseName) {
        long v = patchVersion(baseName);
        if (v == 0) {
            return "no _P suffix";
        }
        return "_P patch pak, chunk version " + v + ": +" + (100 * v);
    }

    /**
     * Archives from the one loaded first to the one whose file the game gets: by order, then, for
     * ties, by path as the engine's lookup resolves them ({@code zen}: Zen packages of IoStore
     * containers, the first path wins; otherwise files in paks, the last path wins).
     */
    public static Comparator<Archive> loadOrder(boolean zen) {
        Comparator<Archive> byPath = Comparator.comparing(a -> a.relative().toLowerCase(Locale.ROOT));
        return Comparator.<Archive>comparingLong(a -> order(a.baseName())).thenComparing(zen ? byPath.reversed() : byPath);
    }
}
