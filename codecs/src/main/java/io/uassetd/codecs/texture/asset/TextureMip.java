package io.uassetd.codecs.texture.asset;

/** One FTexture2DMipMap: its size (depth = slices of a volume texture, 1 otherwise) and its bulk data. */
public record TextureMip(int sizeX, int sizeY, int sizeZ, BulkData bulk) {
}
