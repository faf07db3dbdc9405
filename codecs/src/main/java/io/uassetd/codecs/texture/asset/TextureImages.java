package io.uassetd.codecs.texture.asset;

import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.io.MemoryBudget;
import io.uassetd.codecs.texture.DecodeOptions;
import io.uassetd.codecs.texture.Image;
import io.uassetd.codecs.texture.PixelFormat;
import io.uassetd.codecs.texture.TextureDecoder;
import io.uassetd.codecs.texture.image.Dds;
import java.util.ArrayList;
import java.util.List;

/**
 * A texture's pixels: a mip's payload checked against its pixel format (every slice / face /
 * depth layer one after another, each {@link PixelFormat#mipSize(int, int)} bytes), one layer
 * decoded, all layers side by side as one strip, virtual textures assembled from their tiles, and
 * the original blocks as a DDS.
 */
public final class TextureImages {
    private TextureImages() {
    }

    /** The texture's pixel format (from the platform data's pixel format string). */
    public static PixelFormat format(TextureAsset t) {
        String name = t.data().pixelFormat();
        PixelFormat f = PixelFormat.tryName(name);
        if (f == null) {
            f = PixelFormat.tryName(t.data().formatName());
        }
        if (f == null) {
            throw new UnsupportedVersionException("Unknown pixel format " + name, t.pkg().name(), t.data().entryStart(),
                    "FTexturePlatformData");
        }
        return f;
    }

    /** Layers in mip {@code mip}: depth for a volume texture, slices (faces x array entries) otherwise. */
    public static int layers(TextureAsset t, int mip) {
        TextureMip m = mip(t, mip);
        if (t.kind().equals("volume")) {
            return m.sizeZ();
        }
        return Math.max(1, t.data().numSlices());
    }

    public static TextureMip mip(TextureAsset t, int mip) {
        List<TextureMip> mips = t.data().mips();
        if (mip < 0 || mip >= mips.size()) {
            throw new IllegalArgumentException("mip_index " + mip + " is out of range: the texture has " + mips.size() + " mips");
        }
        return mips.get(mip);
    }

    /** The bytes one layer of a mip takes. */
    public static long layerSize(TextureAsset t, int mip) {
        TextureMip m = mip(t, mip);
        return format(t).mipSize(m.sizeX(), m.sizeY());
    }

    /** A mip's payload, checked: its size must be layers x the format's size for the mip. */
    public static byte[] mipData(TextureAsset t, int mip) {
        TextureMip m = mip(t, mip);
        long expect = layerSize(t, mip) * layers(t, mip);
        if (m.bulk().sizeOnDisk() != expect) {
            throw new CorruptDataException("Mip " + mip + " (" + m.sizeX() + "x" + m.sizeY() + (layers(t, mip) > 1 ? " x " + layers(t, mip)
                    + " layers" : "") + ") of " + format(t).name() + " needs " + expect + " bytes but its bulk data holds "
                    + m.bulk().sizeOnDisk(), t.pkg().name(), m.bulk().headerOffset(), "FTexture2DMipMap[" + mip + "]");
        }
        // the payload and the pixels it decodes to (16 bytes a pixel for HDR formats, else 4), before either is allocated
        long pixels = (long) m.sizeX() * m.sizeY() * layers(t, mip);
        MemoryBudget.admit(expect + pixels * (format(t).isHdr() ? 16 : 4), "Mip " + mip + " of " + m.sizeX() + "x" + m.sizeY()
                + " " + format(t).name(), t.pkg().name(), m.bulk().headerOffset(), "FTexture2DMipMap[" + mip + "]");
        return TexturePayloads.read(t, m.bulk(), "Mip " + mip);
    }

    /** Decoding options for the texture: Z rebuilt for BC5 / two-channel normal maps when asked, BC6H signedness from its name. */
    public static DecodeOptions options(TextureAsset t, boolean reconstructZ) {
        boolean signed = t.data().formatName().contains("Signed") || t.data().pixelFormat().contains("Signed");
        return new DecodeOptions(reconstructZ, signed);
    }

    /** Whether Z is rebuilt by default: two-channel normal formats (BC5) and textures marked as normal maps. */
    public static boolean defaultReconstructZ(TextureAsset t) {
        return format(t) == PixelFormat.PF_BC5 || isNormalMap(t);
    }

    /** True when the texture's CompressionSettings say normal map (TC_Normalmap). */
    public static boolean isNormalMap(TextureAsset t) {
        String c = t.propertyText("CompressionSettings");
        return c != null && c.contains("Normalmap");
    }

    /** UE cooks normal maps to plain ASTC as luminance + alpha (X in RGB, Y in alpha): moved back to X, Y (and Z when asked). */
    private static Image fixup(TextureAsset t, PixelFormat f, Image img, DecodeOptions options) {
        if (f.isAstc() && !f.name().endsWith("_NORM_RG") && isNormalMap(t)) {
            return TextureDecoder.normalFromLuminanceAlpha(img, options.reconstructZ());
        }
        return img;
    }

    /** Decodes one layer of a mip. */
    public static Image decode(TextureAsset t, int mip, int layer, DecodeOptions options) {
        if (t.data().isVirtual()) {
            throw new UnsupportedVersionException("Virtual texture: use decodeVirtual", t.pkg().name(), t.data().entryStart(),
                    "FVirtualTextureBuiltData");
        }
        int n = layers(t, mip);
        if (layer < 0 || layer >= n) {
            throw new IllegalArgumentException("slice_index " + layer + " is out of range: mip " + mip + " has " + n + " slices");
        }
        byte[] data = mipData(t, mip);
        TextureMip m = mip(t, mip);
        return fixup(t, format(t), TextureDecoder.decode(format(t), data, (int) (layerSize(t, mip) * layer), m.sizeX(), m.sizeY(), options),
                options);
    }

    /** Every layer of a mip decoded, in order. */
    public static List<Image> decodeAll(TextureAsset t, int mip, DecodeOptions options) {
        byte[] data = mipData(t, mip);
        TextureMip m = mip(t, mip);
        long size = layerSize(t, mip);
        List<Image> out = new ArrayList<>();
        for (int i = 0; i < layers(t, mip); i++) {
            out.add(fixup(t, format(t), TextureDecoder.decode(format(t), data, (int) (size * i), m.sizeX(), m.sizeY(), options), options));
        }
        return out;
    }

    /** Images of the same kind and size placed left to right. */
    public static Image strip(List<Image> images) {
        Image first = images.get(0);
        int w = first.width();
        int h = first.height();
        int total = w * images.size();
        switch (first.kind()) {
            case RGBA8: {
                byte[] out = new byte[total * h * 4];
                for (int i = 0; i < images.size(); i++) {
                    byte[] src = images.get(i).bytes();
                    for (int y = 0; y < h; y++) {
                        System.arraycopy(src, y * w * 4, out, (y * total + i * w) * 4, w * 4);
                    }
                }
                return Image.rgba8(total, h, out);
            }
            case RGBA16: {
                short[] out = new short[total * h * 4];
                for (int i = 0; i < images.size(); i++) {
                    short[] src = images.get(i).shorts();
                    for (int y = 0; y < h; y++) {
                        System.arraycopy(src, y * w * 4, out, (y * total + i * w) * 4, w * 4);
                    }
                }
                return Image.rgba16(total, h, out);
            }
            default: {
                float[] out = new float[total * h * 4];
                for (int i = 0; i < images.size(); i++) {
                    float[] src = images.get(i).floats();
                    for (int y = 0; y < h; y++) {
                        System.arraycopy(src, y * w * 4, out, (y * total + i * w) * 4, w * 4);
                    }
                }
                return Image.rgbaFloat(total, h, out);
            }
        }
    }

    /** The original blocks of every mip as a DDS (DX10 header where the format needs one). */
    public static byte[] dds(TextureAsset t) {
        List<byte[]> mips = new ArrayList<>();
        for (int i = 0; i < t.data().mips().size(); i++) {
            mips.add(mipData(t, i));
        }
        TextureMip top = t.data().mips().get(0);
        boolean volume = t.kind().equals("volume");
        return Dds.write(new Dds.DdsImage(format(t), top.sizeX(), top.sizeY(), volume ? top.sizeZ() : 1,
                volume ? 1 : Math.max(1, t.data().numSlices()), t.data().isCube(), mips));
    }

    /** Width and height of mip {@code level} of a virtual texture. */
    public static int[] virtualSize(TextureAsset t, int level) {
        VirtualTextureInfo v = t.data().virtualInfo();
        return new int[] {Math.max(1, v.width() >> level), Math.max(1, v.height() >> level)};
    }

    /**
     * Assembles mip {@code level} of layer {@code layer} of a virtual texture from its tiles: each
     * tile's Morton address in the mip gives its index through the mip's tile offset table, its bytes
     * are at the mip's base offset + index x tile data size + the layer's offset inside the mip's
     * chunk; the border is cut away. Tiles without data (~0) stay transparent black.
     */
    public static Image decodeVirtual(TextureAsset t, int level, int layer, DecodeOptions options) {
        VirtualTextureInfo v = t.data().virtualInfo();
        if (v == null) {
            throw new IllegalArgumentException("not a virtual texture");
        }
        if (level < 0 || level >= v.numMips()) {
            throw new IllegalArgumentException("mip_index " + level + " is out of range: the virtual texture has " + v.numMips() + " mips");
        }
        if (layer < 0 || layer >= v.numLayers()) {
            throw new IllegalArgumentException("layer " + layer + " is out of range: " + v.numLayers() + " layers");
        }
        PixelFormat f = PixelFormat.tryName(v.layerFormats().get(layer));
        if (f == null) {
            throw new UnsupportedVersionException("Unknown virtual texture layer format " + v.layerFormats().get(layer));
        }
        int chunkIndex = v.chunkIndexPerMip()[level];
        VirtualTextureInfo.Chunk chunk = v.chunks().get(chunkIndex);
        int[] size = virtualSize(t, level);
        MemoryBudget.admit((long) size[0] * size[1] * 4 + chunk.bulk().sizeOnDisk(), "Virtual texture mip " + level + " of " + size[0] + "x"
                + size[1], t.pkg().name(), chunk.bulk().headerOffset(), "FVirtualTextureBuiltData");
        byte[] data = TexturePayloads.read(t, chunk.bulk(), "Virtual texture chunk " + chunkIndex);
        int codec = chunk.codecs()[layer];
        int tile = v.tileSize();
        int border = v.tileBorderSize();
        int phys = v.physicalTileSize();
        VirtualTextureInfo.TileOffsets offs = v.tileOffsets().get(level);
        long base = Integer.toUnsignedLong(v.baseOffsetPerMip()[level]);
        long layerOffset = layer == 0 ? 0 : Integer.toUnsignedLong(v.tileDataOffsetPerLayer()[layer - 1]);
        int tilesX = (size[0] + tile - 1) / tile;
        int tilesY = (size[1] + tile - 1) / tile;
        byte[] out = new byte[size[0] * size[1] * 4];
        for (int ty = 0; ty < tilesY; ty++) {
            for (int tx = 0; tx < tilesX; tx++) {
                int address = morton(tx) | (morton(ty) << 1);
                long index = offs.tileOffset(address);
                if (index < 0 || v.baseOffsetPerMip()[level] == -1) {
                    continue;
                }
                Image img;
                if (codec == 4) {
                    long at = base + index * v.tileDataSize() + layerOffset;
                    if (at < 0 || at + f.mipSize(phys, phys) > data.length) {
                        throw new CorruptDataException("Virtual texture tile (" + tx + ", " + ty + ") of mip " + level
                                + " lies outside its chunk of " + data.length + " bytes", t.pkg().name(), chunk.bulk().headerOffset(),
                                "FVirtualTextureDataChunk");
                    }
                    img = TextureDecoder.decode(f, data, (int) at, phys, phys, options).toRgba8();
                } else if (codec <= 3) {
                    byte[] px = new byte[phys * phys * 4];
                    int[] c = switch (codec) {
                        case 0 -> new int[] {0, 0, 0, 0};
                        case 1 -> new int[] {0, 0, 0, 255};
                        case 2 -> new int[] {255, 255, 255, 255};
                        default -> new int[] {128, 125, 255, 255};
                    };
                    for (int i = 0; i < px.length; i++) {
                        px[i] = (byte) c[i & 3];
                    }
                    img = Image.rgba8(phys, phys, px);
                } else {
                    throw new UnsupportedVersionException("Virtual texture codec " + codec + " (zipped / crunched tiles) is not read",
                            t.pkg().name(), chunk.bulk().headerOffset(), "FVirtualTextureDataChunk");
                }
                byte[] src = img.bytes();
                int w = Math.min(tile, size[0] - tx * tile);
                int h = Math.min(tile, size[1] - ty * tile);
                for (int y = 0; y < h; y++) {
                    System.arraycopy(src, ((y + border) * phys + border) * 4, out, ((ty * tile + y) * size[0] + tx * tile) * 4, w * 4);
                }
            }
        }
        return Image.rgba8(size[0], size[1], out);
    }

    private static int morton(int v) {
        int x = v & 0xffff;
        x = (x | (x << 8)) & 0x00ff00ff;
        x = (x | (x << 4)) & 0x0f0f0f0f;
        x = (x | (x << 2)) & 0x33333333;
        x = (x | (x << 1)) & 0x55555555;
        return x;
    }
}
