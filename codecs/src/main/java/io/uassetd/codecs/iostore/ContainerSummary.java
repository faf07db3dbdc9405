package io.uassetd.codecs.iostore;

import io.uassetd.codecs.iostore.toc.IoChunkType;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.iostore.header.ContainerHeader;
import io.uassetd.codecs.iostore.toc.CompressedBlockEntry;
import io.uassetd.codecs.iostore.toc.ContainerFlag;
import io.uassetd.codecs.iostore.toc.TocResource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What "inspect" reports about one container. Parts that need the .ucas or the key (the container
 * header) are null when they cannot be read, with the reason in {@code containerHeaderProblem}.
 *
 * @param chunksByType chunk counts by {@link IoChunkType} name, in type order
 * @param compressedBytes sum of the blocks' stored sizes
 * @param uncompressedBytes sum of the blocks' uncompressed sizes
 * @param compressionRatio compressedBytes / uncompressedBytes (1.0 for an empty container)
 * @param partitionSize the partition size, or -1 when unbounded
 * @param fileCount files in the directory index, or -1 when it cannot be read (encrypted, no key)
 */
public record ContainerSummary(
        String name,
        int tocVersion,
        String tocVersionName,
        long containerId,
        List<String> flags,
        int chunkCount,
        Map<String, Integer> chunksByType,
        List<String> compressionMethods,
        int blockCount,
        long blockSize,
        long compressedBytes,
        long uncompressedBytes,
        double compressionRatio,
        int partitionCount,
        long partitionSize,
        List<Partition> partitions,
        boolean encrypted,
        String encryptionKeyGuid,
        boolean keyAvailable,
        boolean indexed,
        String mountPoint,
        int fileCount,
        Integer containerHeaderVersion,
        Integer packageCount,
        String containerHeaderProblem) {

    /** One .ucas file the TOC expects. */
    public record Partition(String file, boolean present, long size) {
    }

    static ContainerSummary of(IoStoreContainer c) {
        TocResource toc = c.toc();
        List<String> flags = new ArrayList<>();
        for (ContainerFlag f : c.flags()) {
            flags.add(f.name());
        }
        Map<IoChunkType, Integer> byType = new EnumMap<>(IoChunkType.class);
        for (int i = 0; i < c.chunkCount(); i++) {
            byType.merge(c.chunkType(i), 1, Integer::sum);
        }
        Map<String, Integer> types = new LinkedHashMap<>();
        byType.forEach((t, n) -> types.put(t.name(), n));
        long comp = 0;
        long plain = 0;
        for (CompressedBlockEntry b : toc.compressionBlocks()) {
            comp += b.compressedSize();
            plain += b.uncompressedSize();
        }
        List<Partition> parts = new ArrayList<>();
        for (Path p : c.partitionPaths()) {
            long size = -1;
            try {
                size = Files.isRegularFile(p) ? Files.size(p) : -1;
            } catch (IOException e) {
                size = -1;
            }
            parts.add(new Partition(p.getFileName().toString(), size >= 0, size));
        }
        int fileCount = -1;
        try {
            fileCount = c.directoryIndex().isPresent() || !c.isEncrypted() ? c.files().size() : -1;
        } catch (FormatException e) {
            fileCount = -1;
        }
        Integer headerVersion = null;
        Integer packages = null;
        String problem = null;
        try {
            Optional<ContainerHeader> h = c.containerHeader();
            if (h.isPresent()) {
                headerVersion = h.get().version().value();
                packages = h.get().packageIds().size();
            }
        } catch (FormatException e) {
            problem = e.getMessage();
        }
        long psize = toc.header().effectivePartitionSize();
        return new ContainerSummary(c.name(), toc.version().value(), toc.version().name(), c.containerId(),
                List.copyOf(flags), c.chunkCount(), types, toc.compressionMethods(), toc.compressionBlocks().size(),
                toc.header().compressionBlockSize(), comp, plain, plain == 0 ? 1.0 : (double) comp / plain,
                toc.header().effectivePartitionCount(), psize == Long.MAX_VALUE ? -1 : psize, List.copyOf(parts),
                c.isEncrypted(), toc.header().encryptionKeyGuidString(), c.canDecrypt(),
                toc.header().has(ContainerFlag.INDEXED), c.mountPoint().orElse(null), fileCount, headerVersion, packages,
                problem);
    }
}
