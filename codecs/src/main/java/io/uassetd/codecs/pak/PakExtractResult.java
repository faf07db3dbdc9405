package io.uassetd.codecs.pak;

import java.nio.file.Path;
import java.util.List;

/**
 * What {@link PakReader#extractAll} did.
 *
 * @param files paths (relative to the mount point) written, in pak order
 * @param failures entries that could not be extracted, with the reason
 * @param bytes uncompressed bytes written
 */
public record PakExtractResult(Path outputDir, List<String> files, List<Failure> failures, long bytes) {
    /** One entry that failed: its path and the error message (file/offset/structure included). */
    public record Failure(String path, String message, Exception error) {
    }

    public PakExtractResult {
        files = List.copyOf(files);
        failures = List.copyOf(failures);
    }

    public int extractedCount() {
        return files.size();
    }

    public int failedCount() {
        return failures.size();
    }
}
