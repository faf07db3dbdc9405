package io.uassetd.codecs.texture.asset;

import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.archive.PackageReader;
import java.util.ArrayList;
import java.util.List;

/** Reading FVirtualTextureBuiltData (UE5 layout, cooked, mips not stripped). */
final class VirtualTextures {
    private VirtualTextures() {
    }

    static VirtualTextureInfo read(AssetPackage pkg, PackageReader r, long base) {
        r.structure("FVirtualTextureBuiltData");
        r.readBool32(); // cooked
        long at = r.position();
        int layers = r.readI32();
        if (layers <= 0 || layers > 8) {
            throw r.corrupt("Virtual texture layer count " + layers + " out of range", at);
        }
        int wb = r.readI32();
        int hb = r.readI32();
        int tile = r.readI32();
        int border = r.readI32();
        int[] perLayer = ints(r);
        int numMips = r.readI32();
        int width = r.readI32();
        int height = r.readI32();
        int[] chunkPerMip = ints(r);
        int[] basePerMip = ints(r);
        int n = r.readCount(20);
        List<VirtualTextureInfo.TileOffsets> offsets = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            offsets.add(new VirtualTextureInfo.TileOffsets(r.readI32(), r.readI32(), r.readI32(), ints(r), ints(r)));
        }
        ints(r); // TileIndexPerChunk (legacy layout, empty in UE5 cooks)
        ints(r); // TileIndexPerMip
        int[] legacy = ints(r); // TileOffsetInChunk
        if (legacy.length > 0) {
            throw new UnsupportedVersionException("Legacy (UE4) virtual texture tile layout", r.file(), at,
                    "FVirtualTextureBuiltData");
        }
        List<String> formats = new ArrayList<>();
        for (int i = 0; i < layers; i++) {
            formats.add(r.readFString().value());
        }
        for (int i = 0; i < layers; i++) {
            r.readBytes(16); // fallback colour (FLinearColor)
        }
        int chunks = r.readCount(24);
        List<VirtualTextureInfo.Chunk> list = new ArrayList<>();
        for (int c = 0; c < chunks; c++) {
            r.structure("FVirtualTextureDataChunk[" + c + "]");
            r.readBytes(20); // SHA hash of the bulk data
            long size = r.readU32();
            int payload = r.readI32();
            int[] codecs = new int[layers];
            int[] offs = new int[layers];
            for (int l = 0; l < layers; l++) {
                codecs[l] = r.readU8();
                offs[l] = r.readI32();
            }
            BulkData bulk = TextureAsset.readBulk(pkg, r, base);
            list.add(new VirtualTextureInfo.Chunk(size, payload, codecs, offs, bulk));
        }
        String bad = null;
        if (numMips <= 0 || numMips > 32) {
            bad = "NumMips " + numMips;
        } else if (chunkPerMip.length < numMips || basePerMip.length < numMips || offsets.size() < numMips) {
            bad = numMips + " mips but " + chunkPerMip.length + " chunk indexes, " + basePerMip.length + " base offsets and "
                    + offsets.size() + " tile offset tables";
        } else if (tile <= 0 || border < 0 || width <= 0 || height <= 0) {
            bad = "tile size " + tile + ", border " + border + ", size " + width + "x" + height;
        } else if (perLayer.length < layers - 1) {
            bad = layers + " layers but " + perLayer.length + " layer offsets";
        } else if (formats.contains(null)) {
            bad = "a layer without a pixel format name";
        } else {
            for (int m = 0; m < numMips && bad == null; m++) {
                if (chunkPerMip[m] < 0 || chunkPerMip[m] >= list.size()) {
                    bad = "mip " + m + " names chunk " + chunkPerMip[m] + " of " + list.size();
                }
            }
            for (VirtualTextureInfo.Chunk c : list) {
                if (bad == null && c.codecs().length < layers) {
                    bad = "a chunk with " + c.codecs().length + " layer codecs for " + layers + " layers";
                }
            }
        }
        if (bad != null) {
            throw new io.uassetd.codecs.error.CorruptDataException("Virtual texture data is inconsistent: " + bad, r.file(), at,
                    "FVirtualTextureBuiltData");
        }
        return new VirtualTextureInfo(layers, wb, hb, tile, border, perLayer, numMips, width, height, chunkPerMip, basePerMip,
                List.copyOf(offsets), List.copyOf(formats), List.copyOf(list));
    }

    private static int[] ints(PackageReader r) {
        int n = r.readCount(4);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.readI32();
        }
        return a;
    }
}
