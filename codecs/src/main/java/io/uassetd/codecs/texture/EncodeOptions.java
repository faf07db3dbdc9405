package io.uassetd.codecs.texture;

/**
 * Options of {@link TextureEncoder}.
 *
 * @param quality    how hard the block encoders search (BC1/BC3/BC4/BC5 endpoint refinement, BC7 modes
 *                   and partitions tried, BC6H partitions)
 * @param signedBc6h encode BC6H as signed (SF16) instead of unsigned (UF16, what UE cooks)
 */
public record EncodeOptions(Quality quality, boolean signedBc6h) {
    /** Search effort of the block encoders. */
    public enum Quality { FAST, NORMAL, BEST }

    public static final EncodeOptions DEFAULT = new EncodeOptions(Quality.NORMAL, false);
    public static final EncodeOptions FAST = new EncodeOptions(Quality.FAST, false);
    public static final EncodeOptions BEST = new EncodeOptions(Quality.BEST, false);
}
