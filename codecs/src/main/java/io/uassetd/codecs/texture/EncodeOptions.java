package io.uassetd.codecs.texture;

/**
 * Options of {@link TextureEncoder}.
 *
 * @param quality    how hard the block encoders search (BC1/BC3/BC4/BC5 endpoint refinement, BC7 modes
 *                   and partitions tried, BC6H partitions)
 * @param signedBc6h encode BC6H as signed (SF16) instead of unsigned (UF16, what UE cooks)
 * @param parallel   spread the blocks of a surface over the common fork-join pool when the surface is large
 *                   enough to pay for it (at least {@code 4096} pixels); the output is the same either way
 */
public record EncodeOptions(Quality quality, boolean signedBc6h, boolean parallel) {
    /** Options with {@code parallel} on. */
    public EncodeOptions(Quality quality, boolean signedBc6h) {
        this(quality, signedBc6h, true);
    }

    /** The same options with {@code parallel} set. */
    public EncodeOptions withParallel(boolean parallel) {
        return new EncodeOptions(quality, signedBc6h, parallel);
    }

    /** Search effort of the block encoders. */
    public enum Quality { FAST, NORMAL, BEST }

    public static final EncodeOptions DEFAULT = new EncodeOptions(Quality.NORMAL, false);
    public static final EncodeOptions FAST = new EncodeOptions(Quality.FAST, false);
    public static final EncodeOptions BEST = new EncodeOptions(Quality.BEST, false);
}
