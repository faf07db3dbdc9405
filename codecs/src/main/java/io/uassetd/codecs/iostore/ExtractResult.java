package io.uassetd.codecs.iostore;

import java.nio.file.Path;
import java.util.List;

/**
 * What extracting a container's files did: the files written (paths relative to the output
 * folder, '/'-separated) and the ones that failed, each with its reason.
 */
public record ExtractResult(Path outputDir, List<String> files, List<Failure> failures) {
    public ExtractResult {
        files = List.copyOf(files);
        failures = List.copyOf(failures);
    }

    /** A file that could not be extracted and why (the exception message, with file/offset/structure). */
    public record Failure(String path, String error) {
    }

    public int extractedCount() {
        return files.size();
    }

    public int failedCount() {
        return failures.size();
    }
}
