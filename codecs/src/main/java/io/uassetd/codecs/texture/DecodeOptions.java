package io.uassetd.codecs.texture;

/**
 * Options of {@link TextureDecoder}.
 *
 * @param reconstructZ for two-channel formats (BC5, EAC RG11, R8G8, G16R16): compute blue as the Z of
 *                     a unit normal from red and green instead of leaving it 0
 * @param signedBc6h   decode BC6H as signed (BC6H_SF16) instead of unsigned (BC6H_UF16, what UE cooks)
 */
public record DecodeOptions(boolean reconstructZ, boolean signedBc6h) {
    public static final DecodeOptions DEFAULT = new DecodeOptions(false, false);
    public static final DecodeOptions NORMAL_MAP = new DecodeOptions(true, false);
}
