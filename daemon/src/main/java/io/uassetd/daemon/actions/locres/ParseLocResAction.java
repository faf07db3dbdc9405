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
                    "reply {files: [{file_path, version, version_number, namespace_count, entry_count, namespaces}]} instead"))
            .withCli("parse_locres", "file_paths");

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
        return args.bool("detailed") ? ActionResult.of(message, new Detailed(files)) : ActionResult.of(message, merged);
    }
}
