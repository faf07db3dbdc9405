package io.uassetd.codecs.texture.asset;

/**
 * How an engine lays out a cooked texture's platform data entries, learned from the public readers
 * (CUE4Parse's UTexture/FTexturePlatformData/FTexture2DMipMap, UEViewer's UnTexture4.cpp) and checked
 * on the Matya UE4.18, UE4.27 and UE5.0 textures:
 * <ul>
 * <li>{@link #UE4_0}: UE4.0 to UE4.19. The skip offset after the pixel format name is an int32, an
 * absolute position in the package (the .uasset and .uexp taken as one file); a mip is bCooked
 * (bool32), its bulk data, SizeX and SizeY (no SizeZ).</li>
 * <li>{@link #UE4_20}: UE4.20 to UE4.27. The skip offset is an int64, still absolute; a mip gains SizeZ.
 * From UE4.23 a bool32 bIsVirtual ends the platform data (then the virtual texture data when set).</li>
 * <li>{@link #UE5}: UE5.0 on. The skip offset is an int64 relative to its own position; the platform data
 * starts with a 16-byte derived-data placeholder (UE5.2 on: its first byte is bUsingDerivedData, false
 * when cooked); a mip loses bCooked.</li>
 * </ul>
 * UE4.19 and UE4.20 share package version 516, so for that version the layout is told from the bytes:
 * an int64 offset's high word is zero where the older layout has the texture's width (never zero).
 */
public enum PlatformDataLayout {
    UE4_0(4, false, true, false),
    UE4_20(8, false, true, true),
    UE5(8, true, false, true);

    private final int skipBytes;
    private final boolean relativeSkip;
    private final boolean mipCookedFlag;
    private final boolean mipSizeZ;

    PlatformDataLayout(int skipBytes, boolean relativeSkip, boolean mipCookedFlag, boolean mipSizeZ) {
        this.skipBytes = skipBytes;
        this.relativeSkip = relativeSkip;
        this.mipCookedFlag = mipCookedFlag;
        this.mipSizeZ = mipSizeZ;
    }

    /** Bytes of the skip offset: 4 before UE4.20, 8 from it. */
    public int skipBytes() {
        return skipBytes;
    }

    /** True when the skip offset counts from its own position (UE5), false when absolute in the package (UE4). */
    public boolean relativeSkip() {
        return relativeSkip;
    }

    /** True when each mip starts with a bool32 bCooked (UE4). */
    public boolean mipCookedFlag() {
        return mipCookedFlag;
    }

    /** True when each mip stores SizeZ after SizeX and SizeY (UE4.20 on). */
    public boolean mipSizeZ() {
        return mipSizeZ;
    }

    /** The package version that marks UE4.19 and UE4.20 alike. */
    static final int SHARED_UE4_VERSION = 516;
}
