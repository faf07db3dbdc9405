package io.uassetd.codecs.asset.niagara;

import java.util.List;

/**
 * What an edit changed: per interface touched, the entries it covered and how many entries and
 * values actually changed (a value set to what it held does not count).
 */
public record NiagaraEditResult(List<Touched> exports, int colorsChanged, int valuesChanged) {

    public record Touched(int exportIndex, String exportName, String className, int firstIndex, int lastIndex,
            int colorsChanged, int valuesChanged) {
    }

    static NiagaraEditResult of(List<Touched> touched) {
        return new NiagaraEditResult(List.copyOf(touched), touched.stream().mapToInt(Touched::colorsChanged).sum(),
                touched.stream().mapToInt(Touched::valuesChanged).sum());
    }
}
