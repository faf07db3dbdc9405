package io.uassetd.daemon.actions.json;

import io.uassetd.daemon.action.FilePaths;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.uassetd.codecs.asset.json.JsonOutput;
import io.uassetd.codecs.asset.json.compact.CompactJson;
import io.uassetd.protocol.Json;
import java.util.concurrent.atomic.AtomicBoolean;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.json.UAssetJson;
import io.uassetd.codecs.io.AtomicOutput;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.actions.usmap.Mappings;
import io.uassetd.daemon.util.OutputPaths;
import io.uassetd.daemon.util.Parallel;
import io.uassetd.daemon.action.Items;
import io.uassetd.daemon.action.ItemsReply;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * What the JSON actions share: their fields, the inputs (files, or folders walked recursively),
 * where each output goes (mirroring the input's path below {@code base_path} or the input folder),
 * the mappings, the JSON writer (the one place the {@code compact} form plugs in) and the batch reply.
 */
final class JsonFiles {
    static final String FILE_HELP = "a file or a folder (walked recursively)";
    static final String FILES_HELP = "several files or folders";
    static final String OUTPUT_DIR_HELP = "output folder (default: next to each input)";
    static final String BASE_HELP =
            "outputs keep the inputs' paths relative to this folder (default: relative to the folder given, else the file name)";
    static final String COMPACT_HELP = "CUE4Parse-like compact JSON (read-only, the form of compact_json) instead of UAssetAPI's schema";

    private JsonFiles() {
    }

    /** One input file and the path its output takes below the output folder. */
    record Item(Path file, Path relative) {
        String name() {
            return file.toString();
        }
    }

    /**
     * The files named by {@code file} / {@code files}, folders expanded to the files with these
     * extensions; each item's relative path is taken below {@code base} (else the folder given).
     */
    static List<Item> inputs(Path file, List<String> files, Path base, String... extensions) throws IOException {
        List<String> given = FilePaths.of(file, files, "Give file_path or file_paths");
        List<Item> out = new ArrayList<>();
        for (String g : given) {
            Path p = Path.of(g);
            if (Files.isDirectory(p)) {
                try (Stream<Path> s = Files.walk(p)) {
                    s.filter(Files::isRegularFile).filter(f -> hasExtension(f, extensions)).sorted()
                            .forEach(f -> out.add(new Item(f, OutputPaths.relative(base != null ? base : p, f))));
                }
            } else {
                // a file that is missing is that item's failure (NOT_FOUND), not the batch's: the others are converted
                out.add(new Item(p, OutputPaths.relative(base, p)));
            }
        }
        return out;
    }

    private static boolean hasExtension(Path f, String... extensions) {
        String n = f.getFileName().toString().toLowerCase(Locale.ROOT);
        for (String e : extensions) {
            if (n.endsWith(e)) {
                return true;
            }
        }
        return false;
    }

    /** {@code X.uasset} -> {@code X.json} (and back with another extension). */
    static Path withExtension(Path p, String extension) {
        return OutputPaths.withExtension(p, extension);
    }

    /**
     * Where an input's output goes: below {@code dir} when given, else next to the input. With
     * {@code singleFile} (one file named alone, UAssetTool's single form) a {@code dir} ending in
     * {@code extension} that is no folder names the output file itself ({@code .../Result.json}).
     */
    static Path target(Path dir, boolean singleFile, Item item, String extension) {
        if (dir == null) {
            return withExtension(item.file(), extension);
        }
        if (singleFile && dir.getFileName() != null && dir.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(extension)
                && !Files.isDirectory(dir)) {
            return dir;
        }
        return withExtension(dir.resolve(item.relative()), extension);
    }

    /** Whether a request names one existing file alone ({@code file_path}, no {@code file_paths}). */
    static boolean singleFile(Path file, List<String> files) {
        return files.isEmpty() && file != null && Files.isRegularFile(file);
    }

    /** Writes a package as JSON. The compact (CUE4Parse-like) form plugs in here. */
    interface JsonWriter {
        void write(AssetPackage pkg, Usmap usmap, OutputStream out);
    }

    /**
     * The lossless UAssetAPI-schema writer, or with {@code compact} the read-only CUE4Parse-like
     * form of {@code compact_json} (which {@code from_json} cannot read back).
     */
    static JsonWriter writer(boolean compact) {
        if (compact) {
            return (pkg, usmap, out) -> {
                try {
                    JsonOutput.write(Json.mapper(),
                            CompactJson.write(pkg, usmap), out);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            };
        }
        return UAssetJson::write;
    }

    /**
     * Warns (once per request) that an unversioned package is written without mappings: its
     * exports stay raw bytes in the JSON (still lossless, but without properties).
     */
    static void warnIfUnmapped(ActionContext ctx, AssetPackage pkg, Usmap usmap, AtomicBoolean warned) {
        if (usmap == null && pkg.hasUnversionedProperties() && warned.compareAndSet(false, true)) {
            ctx.warn("Unversioned packages without usmap_path: their exports are written as RawExport (bytes, no properties)");
        }
    }

    /** Writes a package's JSON to {@code target} through a temporary file renamed into place. */
    static void writeJson(JsonWriter writer, AssetPackage pkg, Usmap usmap, Path target) {
        try {
            Path parent = target.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            try (AtomicOutput out = AtomicOutput.create(target)) {
                OutputStream s = Channels.newOutputStream(out.channel());
                writer.write(pkg, usmap, s);
                s.flush();
                out.commit();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write " + target + ": " + e.getMessage(), e);
        }
    }

    /**
     * UAssetTool's batch shape ({@code success_count, fail_count, total, elapsed_ms, errors}), the
     * files written, and the uniform item outcome ({@code total} is the same count in both).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Batch(int success_count, int fail_count, long elapsed_ms, List<Parallel.Failure> errors, List<String> files,
                 @JsonUnwrapped Items outcome) implements ItemsReply {
        static Batch of(Parallel.Outcome<String> o, int total, long startNanos) {
            return new Batch(o.succeeded().size(), o.failures().size(), (System.nanoTime() - startNanos) / 1_000_000,
                    o.failures().isEmpty() ? null : o.failures(), o.results(), o.items());
        }

        int total() {
            return outcome.total();
        }
    }
}
