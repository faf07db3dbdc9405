package io.uassetd.daemon.actions.locres;

import io.uassetd.codecs.open.PackageOpener;
import io.uassetd.codecs.error.UnsupportedVersionException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.codecs.error.JsonFormatException;
import io.uassetd.codecs.locres.LocMeta;
import io.uassetd.codecs.locres.LocRes;
import io.uassetd.codecs.locres.LocResReader;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.protocol.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Opening .locres, .locmeta and LocRes JSON files for the localization actions. */
final class LocResFiles {
    private LocResFiles() {
    }

    static void requireFile(Path file, String what) {
        PackageOpener.checkFile(file, what);
    }

    /** Reads a .locres; a .locmeta given by mistake is named as such. */
    static LocRes open(Path file) throws IOException {
        requireFile(file, "LocRes file");
        byte[] data = readBounded(file);
        if (LocMeta.hasMagic(data)) {
            throw ActionException.invalid(file + " is a .locmeta (LocMeta magic), not a .locres: use parse_locmeta");
        }
        return LocResReader.read(file.toString(), data);
    }

    static LocMeta openMeta(Path file) throws IOException {
        requireFile(file, "LocMeta file");
        return LocMeta.read(file);
    }

    /** Parses a JSON file; bad JSON is a PARSE_ERROR naming the file and where. */
    static JsonNode readJson(Path file) throws IOException {
        requireFile(file, "JSON file");
        try {
            return Json.mapper().readTree(file.toFile());
        } catch (JsonProcessingException e) {
            var loc = e.getLocation();
            throw new JsonFormatException("Not valid JSON: " + e.getOriginalMessage()
                    + (loc != null ? " at line " + loc.getLineNr() + ", column " + loc.getColumnNr() : ""), file.toString(), "$", true, e);
        }
    }

    private static byte[] readBounded(Path file) throws IOException {
        long size = Files.size(file);
        if (size > LocResReader.MAX_FILE_SIZE) {
            throw new UnsupportedVersionException("A .locres of " + size + " bytes is larger than the "
                    + LocResReader.MAX_FILE_SIZE + " bytes accepted", file.toString(), 0, "LocRes file");
        }
        return Files.readAllBytes(file);
    }

    /** What a reply says about a resource. */
    /**
     * The reply of locres_to_json and json_to_locres: the file read, the file written, the LocRes's
     * version (engine name and number) and counts, and the size written.
     */
    record Written(String file_path, String output_path, String version, int version_number, int namespace_count,
                   int entry_count, long size) {
        static Written of(Path in, Path out, LocRes r, long size) {
            return new Written(in.toString(), out.toString(), r.version().engineName(), r.version().number(),
                    r.namespaces().size(), r.entryCount(), size);
        }
    }
}
