package io.uassetd.codecs.texture.asset;

import java.util.List;

/**
 * FVirtualTextureBuiltData (UE5 layout): layers, size in blocks (UDIM tiles), tile size and border,
 * per-mip chunk index, base offset and tile offset tables, layer formats and the data chunks (each
 * with its codec per layer and its bulk data). Offsets of tiles inside a chunk follow the engine's
 * GetTileOffset: the mip's base offset plus the tile's index (found from its Morton address through
 * the mip's address/offset blocks) times the tile data size, plus the layer's offset.
 */
public record VirtualTextureInfo(int numLayers, int widthInBlocks, int heightInBlocks, int tileSize, int tileBorderSize,
        int[] tileDataOffsetPerLayer, int numMips, int width, int height, int[] chunkIndexPerMip, int[] baseOffsetPerMip,
        List<TileOffsets> tileOffsets, List<String> layerFormats, List<Chunk> chunks) {

    /** FVirtualTextureTileOffsetData of one mip. */
    public record TileOffsets(int width, int height, int maxAddress, int[] addresses, int[] offsets) {
        /** The tile index of a Morton address, or -1 when the tile has no data. */
        public long tileOffset(int address) {
            int block = -1;
            for (int i = 0; i < addresses.length; i++) {
                if (Integer.compareUnsigned(addresses[i], address) <= 0) {
                    block = i;
                } else {
                    break;
                }
            }
            if (block < 0 || offsets[block] == -1) {
                return -1;
            }
            return Integer.toUnsignedLong(offsets[block]) + Integer.toUnsignedLong(address - addresses[block]);
        }
    }

    /** One data chunk: size, codec per layer and where its bytes are. */
    public record Chunk(long sizeInBytes, int codecPayloadSize, int[] codecs, int[] codecPayloadOffsets, BulkData bulk) {
    }

    /** Bytes of one tile of every layer together (the last per-layer offset). */
    public int tileDataSize() {
        return tileDataOffsetPerLayer.length == 0 ? 0 : tileDataOffsetPerLayer[tileDataOffsetPerLayer.length - 1];
    }

    /** Tiles are tileSize + 2 x border pixels square. */
    public int physicalTileSize() {
        return tileSize + 2 * tileBorderSize;
    }
}
