package io.uassetd.daemon.actions.locres;

import io.uassetd.daemon.action.FilePaths;
import io.uassetd.codecs.locres.LocRes;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code parse_locres}: UAssetTool's reply, {@code {namespace: {key: string}}}, over one file or
 * several (merged in the order given; a later file's entry replaces an earlier one). With
 * {@code detailed}, one record per file with its version and counts instead.
 */
public final class ParseLocResAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("parse_locres",
            "Reads .locres files (every version): {namespace: {key: localized string}}",
            FieldSpec.optional("file_path", FieldType.STRING, null, "the .locres"),
            FieldSpec.optional("file_paths", FieldType.STRING_LIST, null, "several .locres, merged in order (later files win)"),
            FieldSpec.optional("detailed", FieldType.BOOLEAN, false,
                    "reply {files: [{file_path, version, version_number, namespace_count, entry_count, namespaces}]} instead"),
            FieldSpec.optional("namespace", FieldType.STRING, null, "only this namespace (UAssetTool's --namespace)"),
            FieldSpec.optional("key", FieldType.STRING, null, "only this key (UAssetTool's --key)"),
            FieldSpec.optional("search", FieldType.STRING, null, "only entries whose key or string contains this, ignoring case (--search)"),
            FieldSpec.optional("stats", FieldType.BOOLEAN, false,
                    "reply the counts only: {namespace_count, total_entries, namespaces: [{Namespace, Count}]} (--stats)"),
            FieldSpec.optional("output", FieldType.STRING, null, "also write the reply's data as JSON to this file (--output)"))
            .withCli("parse_locres", "file_paths");

    /** A namespace's entry count (UAssetTool's --stats). */
    public record NamespaceCount(@com.fasterxml.jackson.annotation.JsonProperty("Namespace") String Namespace,
            @com.fasterxml.jackson.annotation.JsonProperty("Count") int Count) {
    }

    /** The --stats reply. */
    public record Stats(int namespace_count, int total_entries, List<NamespaceCount> namespaces) {
    }

    /** One file of a detailed reply. */
    public record FileResult(String file_path, String version, int version_number, int namespace_count, int entry_count,
                             Map<String, Map<String, String>> namespaces) {
    }

    /** The detailed reply. */
    public record Detailed(List<FileResult> files) {
    }

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        List<String> given = FilePaths.of(args, "Give file_path or file_paths (the .locres files)");
        Map<String, Map<String, String>> merged = new LinkedHashMap<>();
        List<FileResult> files = new ArrayList<>();
        int entries = 0;
        for (int i = 0; i < given.size(); i++) {
            ctx.checkCancelled();
            Path file = Path.of(given.get(i));
            LocRes r = LocResFiles.open(file);
            Map<String, Map<String, String>> map = r.toMap();
            entries += r.entryCount();
            if (args.bool("detailed")) {
                files.add(new FileResult(file.toString(), r.version().engineName(), r.version().number(), r.namespaces().size(),
                        r.entryCount(), map));
            } else {
                map.forEach((ns, keys) -> merged.computeIfAbsent(ns, k -> new LinkedHashMap<>()).putAll(keys));
            }
            ctx.progress(i + 1, given.size(), file.toString());
        }
        String message = "Parsed " + entries + " entries from " + given.size() + (given.size() == 1 ? " file" : " files");
        if (args.bool("detailed")) {
            return written(args, ActionResult.of(message, new Detailed(files)));
        }
        String ns = args.string("namespace");
        String key = args.string("key");
        String term = args.string("search") == null ? null : args.string("search").toLowerCase(java.util.Locale.ROOT);
        Map<String, Map<String, String>> shown = new LinkedHashMap<>();
        merged.forEach((n, keys) -> {
            if (ns != null && !ns.equals(n)) {
                return;
            }
            keys.forEach((k, v) -> {
                if ((key == null || key.equals(k)) && (term == null || k.toLowerCase(java.util.Locale.ROOT).contains(term)
                        || v.toLowerCase(java.util.Locale.ROOT).contains(term))) {
                    shown.computeIfAbsent(n, x -> new LinkedHashMap<>()).put(k, v);
                }
            });
        });
        if (args.bool("stats")) {
            List<NamespaceCount> counts = new ArrayList<>();
            shown.forEach((n, keys) -> counts.add(new NamespaceCount(n, keys.size())));
            counts.sort((a, b) -> Integer.compare(b.Count(), a.Count()));
            int total = counts.stream().mapToInt(NamespaceCount::Count).sum();
            return written(args, ActionResult.of(message, new Stats(counts.size(), total, counts)));
        }
        return written(args, ActionResult.of(message, shown));
    }

    /** Writes the data as JSON to {@code output} when given. */
    private static ActionResult written(Args args, ActionResult r) throws Exception {
        Path out = args.path("output");
        if (out != null) {
            if (out.toAbsolutePath().getParent() != null) {
                java.nio.file.Files.createDirectories(out.toAbsolutePath().getParent());
            }
            io.uassetd.codecs.io.AtomicOutput.write(out, io.uassetd.protocol.Json.mapper().writerWithDefaultPrettyPrinter()
                    .writeValueAsBytes(r.data()));
            return ActionResult.of(r.message() + "; wrote " + out, r.data());
        }
        return r;
    }
}
