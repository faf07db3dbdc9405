package io.uassetd.daemon.cli;

import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionRegistry;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Contracts;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import io.uassetd.daemon.action.ItemsReply;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * docs/actions.md, made from the actions' declarations (the same {@link ActionSpec}s that
 * {@code capabilities}, the CLI and the clients use); {@code ActionDocsTest} keeps the file equal to it.
 */
public final class ActionDocs {
    /** How to regenerate the file (said in it and by the test that checks it). */
    public static final String REGENERATE =
            "./mvnw -q -B -o -pl daemon -am test -Dtest=ActionDocsTest -Dsurefire.failIfNoSpecifiedTests=false -Duassetd.regenerate=true";

    private static final Map<String, String> FAMILIES = new LinkedHashMap<>();

    static {
        FAMILIES.put("core", "Core");
        FAMILIES.put("pak", "PAK");
        FAMILIES.put("iostore", "IoStore");
        FAMILIES.put("bundle", "IoStore bundles (mods)");
        FAMILIES.put("zen", "Zen");
        FAMILIES.put("asset", "Legacy packages");
        FAMILIES.put("usmap", "Mappings (.usmap)");
        FAMILIES.put("json", "JSON (UAssetAPI's schema)");
        FAMILIES.put("mesh", "Meshes");
        FAMILIES.put("niagara", "Niagara");
        FAMILIES.put("locres", "Localization (.locres, .locmeta)");
        FAMILIES.put("texture", "Textures");
    }

    private ActionDocs() {
    }

    public static String markdown(ActionRegistry registry) {
        Map<String, List<ActionHandler>> byFamily = new LinkedHashMap<>();
        FAMILIES.keySet().forEach(k -> byFamily.put(k, new java.util.ArrayList<>()));
        for (ActionHandler h : registry.actions()) {
            String pkg = h.getClass().getPackageName();
            String family = pkg.substring(pkg.lastIndexOf('.') + 1);
            byFamily.computeIfAbsent(family, k -> new java.util.ArrayList<>()).add(h);
        }
        StringBuilder sb = new StringBuilder();
        sb.append("# Actions\n\n");
        sb.append("<!-- Generated from the actions' declarations by io.uassetd.daemon.cli.ActionDocs; do not edit.\n");
        sb.append("     Regenerate: ").append(REGENERATE).append(" -->\n\n");
        sb.append("""
                Every action of the daemon, as its declaration states it: request fields (JSON type, default,
                meaning), the CLI command and the order of its positional arguments, and the reply's `data`.
                The same declarations make `capabilities`, the CLI's options and help, and the clients' wrappers.
                Every daemon action also runs as a CLI command under its own name with `--field-name` options.

                ## Conventions

                - **Engines.** `engine_version` is optional wherever it appears: `auto` (the default) detects
                  the engine from the file, the mappings or a probe. Every reply of an action that read a
                  package carries `engine_version` and `engine_source` (and `engine_candidates` when the
                  evidence leaves several releases that read the data identically). A failure under `auto`
                  names the engines tried and suggests `engine_version`.
                - **Mappings.** `usmap_path`, when absent, falls back to the `USMAP_PATH` environment variable
                  (read only for packages that need mappings; its use is said in `warnings`).
                - **Items.** An action that handles items (files, packages, entries) reports, besides its own
                  (and UAssetTool's) fields, `total`, `succeeded`, `failed`, `skipped` and `items` (one
                  `{item, status: ok|failed|skipped, output?, code?, error?}` per item, in input order). A bad
                  item never stops the others unless the request sets `fail_fast`; then the items not yet
                  started are `skipped`. The reply's `success` is true only when no item failed; otherwise it
                  is a failure whose `error.code` is the first failed item's, and it still carries its `data`.
                - **CLI exit codes** come from the reply's outcome alone: `0` the reply succeeded; `1` some
                  items failed and others succeeded; `2` the command line could not be understood (nothing
                  ran); `3` nothing was done (the action failed, or every item did). On `1` and `3` one line on
                  stderr says what failed (`uassetd CMD: 2 of 5 items failed (first: ITEM: why)`).
                - **Types.** `string[]` accepts one string as a one-element list; `integer` accepts decimal or
                  `0x` hex text. Actions marked *(reply not yet declared)* have a hand-written reply; their
                  request fields are still checked.

                """);
        for (Map.Entry<String, List<ActionHandler>> e : byFamily.entrySet()) {
            if (e.getValue().isEmpty()) {
                continue;
            }
            sb.append("## ").append(FAMILIES.getOrDefault(e.getKey(), e.getKey())).append("\n\n");
            for (ActionHandler h : e.getValue()) {
                action(sb, h.spec());
            }
        }
        return sb.toString();
    }

    private static void action(StringBuilder sb, ActionSpec s) {
        sb.append("### `").append(s.name()).append("`\n\n").append(s.summary()).append(".\n\n");
        if (s.cliName() != null) {
            sb.append("CLI: `uassetd ").append(s.cliName());
            for (String p : Cli.positionals(s)) {
                FieldSpec f = s.field(p).orElseThrow();
                sb.append(f.required() ? " <" : " [").append(p).append(f.type() == FieldType.STRING_LIST ? "..." : "")
                        .append(f.required() ? ">" : "]");
            }
            sb.append("`\n\n");
        }
        if (!s.fields().isEmpty()) {
            sb.append("| field | type | default | description |\n|---|---|---|---|\n");
            for (FieldSpec f : s.fields()) {
                sb.append("| `").append(f.name()).append("` | ").append(f.type().label()).append(" | ")
                        .append(f.required() ? "required" : f.defaultValue() == null ? "" : "`" + f.defaultValue() + "`").append(" | ")
                        .append(cell(f.description()))
                        .append(f.cliOption() != null && s.cliName() != null ? " (CLI `" + f.cliOption() + "`)" : "").append(" |\n");
            }
            sb.append('\n');
        }
        if (!s.isTyped()) {
            sb.append("Reply: *(reply not yet declared)*\n\n");
            return;
        }
        boolean items = s.reply() instanceof Class<?> c && ItemsReply.class.isAssignableFrom(c);
        sb.append("Reply: `").append(Contracts.typeName(s.reply())).append('`')
                .append(items ? " (with the item outcome)" : "").append("\n\n");
        for (Map.Entry<String, Class<?>> r : Contracts.records(s.reply()).entrySet()) {
            List<Contracts.ReplyField> fields = Contracts.replyFields(r.getValue());
            if (fields.isEmpty()) {
                continue;
            }
            sb.append("- `").append(r.getKey()).append("`: ");
            StringBuilder line = new StringBuilder();
            for (Contracts.ReplyField f : fields) {
                line.append(line.isEmpty() ? "" : ", ").append('`').append(f.name()).append("` ").append(f.type());
            }
            sb.append(line).append('\n');
        }
        sb.append('\n');
    }

    private static String cell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }
}
