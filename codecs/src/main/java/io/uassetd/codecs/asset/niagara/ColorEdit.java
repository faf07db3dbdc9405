package io.uassetd.codecs.asset.niagara;

/**
 * A colour edit (seed 000's ColorEditRequest): the new R, G, B, A (HDR: values above 1 glow); the
 * interfaces it targets (one export index, or every colour-capable interface whose export name
 * contains a filter, or, with neither, every colour curve and colour array); the entries (one
 * index, an inclusive range, or all); and which channels change.
 */
public record ColorEdit(double r, double g, double b, double a, Integer exportIndex, String exportNameFilter,
        Integer colorIndex, Integer colorIndexStart, Integer colorIndexEnd,
        boolean modifyR, boolean modifyG, boolean modifyB, boolean modifyA) {

    /** Every channel of every entry of the default targets set to one colour. */
    public static ColorEdit all(double r, double g, double b, double a) {
        return new ColorEdit(r, g, b, a, null, null, null, null, null, true, true, true, true);
    }

    /** The new value of channel {@code c} (0..3), or null when the channel is left alone. */
    Double channel(int c) {
        return switch (c) {
            case 0 -> modifyR ? r : null;
            case 1 -> modifyG ? g : null;
            case 2 -> modifyB ? b : null;
            case 3 -> modifyA ? a : null;
            default -> null;
        };
    }

    /** The first entry edited in an interface of {@code entries} entries. */
    int first(int entries) {
        return colorIndex != null ? colorIndex : colorIndexStart != null ? colorIndexStart : 0;
    }

    /** The last entry edited (inclusive). */
    int last(int entries) {
        return colorIndex != null ? colorIndex : colorIndexEnd != null ? colorIndexEnd : entries - 1;
    }
}
