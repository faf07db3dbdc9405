package io.uassetd.codecs.asset.core;

/** FGenerationInfo, 8 bytes: int32 export count, int32 name count. */
public record FGenerationInfo(int exportCount, int nameCount) {
}
