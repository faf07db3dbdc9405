package io.uassetd.daemon.actions.locres;

import io.uassetd.codecs.locres.LocRes;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.action.Args;
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
public final class ParseLocResAction extends TypedAction<ParseLocResAction.Request, Object> {
    /** The request. */
    public record Request(@Field("the .locres") Path file_path,
                          @Field("several .locres, merged in order (later files win)") List<String> file_paths,
                          @Field("reply {files: [{file_path, version, version_number, namespace_count, entry_count, namespaces}]} instead")
                          boolean detailed,
                          @Field("only this namespace (UAssetTool's --namespace)") String namespace,
                          @Field("only this key (UAssetTool's --key)") String key,
                          @Field("only entries whose key or string contains this, ignoring case (--search)") String search,
                          @Field("reply the counts only: {namespace_count, total_entries, namespaces: [{Namespace, Count}]} (--stats)")
                          boolean stats,
                          @Field("also write the reply's data as JSON to this file (--output)") Path output) {
    }

    public ParseLocResAction() {
        super("parse_locres", "Reads .locres files (every version): {namespace: {key: localized string}}; with stats a Stats record,"
                + " with detailed a Detailed record", "parse_locres", "file_paths");
    }

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
    protected Done<Object> run(Request q, ActionContext ctx) throws Exception {
        List<String> given = new ArrayList<>();
        if (q.file_path() != null) {
            given.add(q.file_path().toString());
        }
        given.addAll(q.file_paths());
        if (given.isEmpty()) {
            throw ActionException.invalid("Give file_path or file_paths (the .locres files)");
        }
        Map<String, Map<String, String>> merged = new LinkedHashMap<>();
        List<FileResult> files = new ArrayList<>();
        int entries = 0;
        for (int i = 0; i < given.size(); i++) {
            ctx.checkCancelled();
            Path file = Args.toPath("file_paths", given.get(i));
            LocRes r = LocResFiles.open(file);
            Map<String, Map<String, String>> map = r.toMap();
            entries += r.entryCount();
            if (q.detailed()) {
                files.add(new FileResult(file.toString(), r.version().engineName(), r.version().number(), r.namespaces().size(),
                        r.entryCount(), map));
            } else {
                map.forEach((ns, keys) -> merged.computeIfAbsent(ns, k -> new LinkedHashMap<>()).putAll(keys));
            }
            ctx.progress(i + 1, given.size(), file.toString());
        }
        String message = "Parsed " + entries + " entries from " + given.size() + (given.size() == 1 ? " file" : " files");
        if (q.detailed()) {
            return written(q, message, new Detailed(files));
        }
        String ns = q.namespace();
        String key = q.key();
        String term = q.search() == null ? null : q.search().toLowerCase(java.util.Locale.ROOT);
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
        if (q.stats()) {
            List<NamespaceCount> counts = new ArrayList<>();
            shown.forEach((n, keys) -> counts.add(new NamespaceCount(n, keys.size())));
            counts.sort((a, b) -> Integer.compare(b.Count(), a.Count()));
            int total = counts.stream().mapToInt(NamespaceCount::Count).sum();
            return written(q, message, new Stats(counts.size(), total, counts));
        }
        return written(q, message, shown);
    }

    /** Writes the data as JSON to {@code output} when given. */
    private static Done<Object> written(Request q, String message, Object data) throws Exception {
        Path out = q.output();
        if (out != null) {
            if (out.toAbsolutePath().getParent() != null) {
                java.nio.file.Files.createDirectories(out.toAbsolutePath().getParent());
            }
            io.uassetd.codecs.io.AtomicOutput.write(out, io.uassetd.protocol.Json.mapper().writerWithDefaultPrettyPrinter()
                    .writeValueAsBytes(data));
            return Done.of(message + "; wrote " + out, data);
        }
        return Done.of(message, data);
    }
}
