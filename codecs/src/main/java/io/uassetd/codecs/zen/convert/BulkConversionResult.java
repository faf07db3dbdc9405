package io.uassetd.codecs.zen.convert;

import java.nio.file.Path;
import java.util.List;

/**
 * What a bulk conversion did: the packages converted (with the files written), the packages the
 * filter left out, and the failures, one per package.
 */
public record BulkConversionResult(List<Converted> converted, int skipped, List<ConversionFailure> failures) {
    public BulkConversionResult {
        converted = List.copyOf(converted);
        failures = List.copyOf(failures);
    }

    /** One converted package, the files written for it and what the conversion could not restore. */
    public record Converted(long packageId, String packageName, List<Path> files, List<String> notes) {
        public Converted {
            files = List.copyOf(files);
            notes = List.copyOf(notes);
        }
    }
}
