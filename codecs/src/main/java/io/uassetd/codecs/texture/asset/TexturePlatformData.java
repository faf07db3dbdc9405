package io.uassetd.codecs.texture.asset;

import java.util.List;

/**
 * One cooked FTexturePlatformData entry of a texture, as read, with where it sits in the export
 * (export-relative offsets) so an editor can rewrite it.
 *
 * @param formatName    the FName that keys the entry (e.g. PF_DXT1)
 * @param placeholder   UE5's 16-byte derived-data placeholder (null before UE5)
 * @param packedData    NumSlices in bits 0-29, bit 30 = has opt data, bit 31 = cube map
 * @param pixelFormat   the FString pixel format
 * @param optData       ExtData and NumMipsInTail when bit 30 is set, else null
 * @param virtualRaw    the FVirtualTextureBuiltData bytes when the texture is virtual, else null
 * @param entryStart    export-relative offset of the entry's FName
 * @param entryEnd      export-relative offset where the entry ends (its skip offset)
 * @param layout        the engine's layout of the entry (skip offset width and base, mip fields)
 * @param cpuCopy       UE5.4's FSharedImage bytes when bit 29 of the packed data is set (a CPU copy of
 *                      the texture: SizeX, SizeY, SizeZ int32, pixel format and gamma bytes, int64
 *                      length and pixels), else null
 */
public record TexturePlatformData(String formatName, byte[] placeholder, int sizeX, int sizeY, int packedData,
        String pixelFormat, int[] optData, int firstMipToSerialize, List<TextureMip> mips, boolean hasVirtualFlag,
        VirtualTextureInfo virtualInfo, byte[] virtualRaw, int entryStart, int entryEnd, PlatformDataLayout layout,
        byte[] cpuCopy) {

    public static final int CUBE_BIT = 1 << 31;
    public static final int OPT_DATA_BIT = 1 << 30;
    /** UE5.4 on: a CPU copy (FSharedImage) follows the opt data. */
    public static final int CPU_COPY_BIT = 1 << 29;

    public int numSlices() {
        return packedData & (CPU_COPY_BIT - 1);
    }

    public boolean isCube() {
        return (packedData & CUBE_BIT) != 0;
    }

    public boolean isVirtual() {
        return virtualRaw != null;
    }
}
