package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.core.FCompressedChunk;
import io.uassetd.codecs.io.FString;
import io.uassetd.codecs.asset.version.LegacyFileVersion;
import io.uassetd.codecs.error.UnsupportedVersionException;
import java.util.ArrayList;
import java.util.List;

/**
 * CompressionFlags, the compressed chunks (package-level compression; refused when present),
 * PackageSource, AdditionalPackagesToCook and NumTextureAllocations (before
 * REMOVED_TEXTURE_ALLOCATIONS; refused when not zero).
 */
public record SummaryCooking(int compressionFlags, List<FCompressedChunk> compressedChunks, int packageSource,
        List<FString> additionalPackagesToCook, int numTextureAllocations) {

    public SummaryCooking {
        compressedChunks = compressedChunks == null ? List.of() : List.copyOf(compressedChunks);
        additionalPackagesToCook = additionalPackagesToCook == null ? List.of() : List.copyOf(additionalPackagesToCook);
    }

    static SummaryCooking read(PackageReader r, LegacyFileVersion legacy) {
        int compressionFlags = r.readI32();
        int chunkCount = r.readCount(16);
        List<FCompressedChunk> chunks = new ArrayList<>(chunkCount);
        for (int i = 0; i < chunkCount; i++) {
            chunks.add(new FCompressedChunk(r.readI32(), r.readI32(), r.readI32(), r.readI32()));
        }
        if (chunkCount > 0) {
            throw new UnsupportedVersionException("Package-level compression (" + chunkCount + " compressed chunks) is not supported",
                    r.file(), r.position(), "PackageFileSummary");
        }
        int packageSource = r.readI32();
        int additional = r.readCount(4);
        List<FString> toCook = new ArrayList<>(additional);
        for (int i = 0; i < additional; i++) {
            toCook.add(r.readFString());
        }
        int textureAllocations = 0;
        if (!legacy.atLeast(LegacyFileVersion.REMOVED_TEXTURE_ALLOCATIONS)) {
            textureAllocations = r.readI32();
            if (textureAllocations != 0) {
                throw new UnsupportedVersionException("Texture allocation info (" + textureAllocations + ") is not supported",
                        r.file(), r.position() - 4, "PackageFileSummary");
            }
        }
        return new SummaryCooking(compressionFlags, chunks, packageSource, toCook, textureAllocations);
    }

    void write(PackageWriter w, LegacyFileVersion legacy) {
        w.writeI32(compressionFlags);
        w.writeI32(compressedChunks.size());
        for (FCompressedChunk c : compressedChunks) {
            w.writeI32(c.uncompressedOffset());
            w.writeI32(c.uncompressedSize());
            w.writeI32(c.compressedOffset());
            w.writeI32(c.compressedSize());
        }
        w.writeI32(packageSource);
        w.writeI32(additionalPackagesToCook.size());
        for (FString s : additionalPackagesToCook) {
            w.writeFString(s);
        }
        if (!legacy.atLeast(LegacyFileVersion.REMOVED_TEXTURE_ALLOCATIONS)) {
            w.writeI32(numTextureAllocations);
        }
    }
}
