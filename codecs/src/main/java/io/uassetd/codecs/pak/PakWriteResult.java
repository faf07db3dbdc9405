package io.uassetd.codecs.pak;

import java.nio.file.Path;
import java.util.List;

/**
 * What {@link PakWriter} wrote.
 *
 * @param entries the entries written, in order, with their final records
 * @param warnings e.g. Oodle requested without the native library (those entries were stored)
 */
public record PakWriteResult(Path output, PakVersion version, String mountPoint, List<PakEntry> entries, long size,
        List<String> warnings) {
    public PakWriteResult {
        entries = List.copyOf(entries);
        warnings = List.copyOf(warnings);
    }

    public int fileCount() {
        return entries.size();
    }
}
