package io.uassetd.codecs.asset.niagara;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a game's NiagaraSystems follow beyond the engine: the parameters that mark an emitter's
 * team variant. Marvel Rivals names an emitter's enemy-team colour parameters
 * {@code <Emitter>....EnemyColor...} or {@code <Emitter>....EnemyValue...} (user parameters of that emitter, in
 * the package's name map), which UAssetTool's Niagara colour editors read as
 * {@code emitterHasEnemyParams}/{@code enemyParams}. Games select theirs through their profile
 * ({@code io.uassetd.codecs.game.GameProfile#niagara()}); the engine has none ({@link #STANDARD}).
 *
 * @param name the conventions' name
 * @param teamParameterMarkers the texts (compared without case) whose presence in a parameter name
 *     marks it as a team parameter; empty: none
 */
public record NiagaraConventions(String name, List<String> teamParameterMarkers) {
    /** The engine's: no team parameters. */
    public static final NiagaraConventions STANDARD = new NiagaraConventions("standard", List.of());

    public NiagaraConventions {
        teamParameterMarkers = teamParameterMarkers.stream().map(m -> m.toLowerCase(Locale.ROOT)).toList();
    }

    /**
     * The team parameters of {@code emitter} among a package's {@code names}: each name of the form
     * {@code <emitter>.<parameter>} (emitter compared without case) whose name contains a marker, in
     * name-map order; empty when the emitter is null or the conventions have no markers.
     */
    public List<String> teamParameters(List<String> names, String emitter) {
        List<String> out = new ArrayList<>();
        if (emitter == null || teamParameterMarkers.isEmpty()) {
            return out;
        }
        for (String n : names) {
            int dot = n.indexOf('.');
            if (dot <= 0 || !n.substring(0, dot).equalsIgnoreCase(emitter)) {
                continue;
            }
            String lower = n.toLowerCase(Locale.ROOT);
            if (teamParameterMarkers.stream().anyMatch(lower::contains)) {
                out.add(n);
            }
        }
        return List.copyOf(out);
    }
}
