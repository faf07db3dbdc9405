package io.uassetd.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** Renders the UAssetTool contract table (contract.json) as docs/uassettool-compat.md. */
final class UAssetToolCompatDoc {
    private UAssetToolCompatDoc() {
    }

    static String render(JsonNode table) {
        StringBuilder b = new StringBuilder();
        b.append("# UAssetTool compatibility: the contract, row by row\n\n");
        b.append("<!-- Generated from tests/src/test/resources/uassettool/contract.json by UAssetToolContractTest"
                + " (UASSETD_WRITE_DOCS=1); edit the table, not this file. -->\n\n");
        b.append("uassetd answers every action and CLI command of UAssetTool (").append(table.get("source").asText())
                .append(") with UAssetTool's request fields, defaults, argument order and reply shape. It may add fields; it never"
                        + " renames, retypes or drops UAssetTool's. Where uassetd's richer value needs another type, it is in a"
                        + " field of its own (listed under \"uassetd adds\" below).\n\n");
        b.append("Every row below is a test (`UAssetToolContractTest`): the request is sent through the packaged daemon as"
                + " UAssetTool's clients send it (one process, `USMAP_PATH` set, no `id`, no `engine_version`) on real fixture"
                + " files (the UE 5.8 unversioned fixture set, the repak and CUE4Parse containers), and the reply must carry each"
                + " listed field with the listed JSON type (`integer`, `string`, `boolean`, `array`, `object`; `base64` is a"
                + " string that decodes as base64). CLI rows run the packaged CLI with UAssetTool's arguments and check the"
                + " exit code (and, where the row names one, what stdout or stderr must say). Every command of UAssetTool's"
                + " CLI has a row: its debugging experiments run as the uassetd command that does their job (`roundtrip`,"
                + " `niagara_poc`, `probe_chunks`) or, where uassetd has none, exit 2 with a message naming the command to"
                + " use instead (`dump_zen_from_game`, `test_objinject`).\n\n");
        b.append("## Actions (interactive mode)\n\n");
        b.append("| group | action | UAssetTool's request fields [defaults] | `data` | fields and JSON types |\n");
        b.append("|---|---|---|---|---|\n");
        int rows = 0;
        List<String> names = new ArrayList<>();
        for (JsonNode r : table.get("actions")) {
            rows++;
            if (!names.contains(r.get("action").asText())) {
                names.add(r.get("action").asText());
            }
            String action = "`" + r.get("action").asText() + "`" + (r.has("case") ? " (" + r.get("case").asText() + ")" : "");
            String data = r.get("data").asText() + (r.has("success") && !r.get("success").booleanValue() ? ", success false" : "");
            StringBuilder fields = new StringBuilder();
            if (r.has("fields")) {
                fields.append(types(r.get("fields")));
            }
            if (r.has("items")) {
                for (Iterator<Map.Entry<String, JsonNode>> it = r.get("items").properties().iterator(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    if (fields.length() > 0) {
                        fields.append("; ");
                    }
                    fields.append(e.getKey().equals("[]") ? "each" : "each of `" + e.getKey() + "`").append(": ")
                            .append(e.getValue().isTextual() ? e.getValue().asText() : types(e.getValue()));
                }
            }
            if (r.has("note")) {
                if (fields.length() > 0) {
                    fields.append(". ");
                }
                fields.append(r.get("note").asText());
            }
            b.append("| ").append(r.get("group").asText()).append(" | ").append(action).append(" | ")
                    .append(r.get("uat_fields").asText().replace("|", "\\|")).append(" | ").append(data).append(" | ")
                    .append(fields.toString().replace("|", "\\|")).append(" |\n");
        }
        b.append("\n").append(rows).append(" rows over ").append(names.size()).append(" actions (every action of UAssetTool's"
                + " `ProcessRequest`).\n\n");
        b.append("## CLI commands\n\n| command | UAssetTool's usage | arguments tested | exit |\n|---|---|---|---|\n");
        int cli = 0;
        List<String> commands = new ArrayList<>();
        for (JsonNode r : table.get("cli")) {
            cli++;
            if (!commands.contains(r.get("command").asText())) {
                commands.add(r.get("command").asText());
            }
            List<String> args = new ArrayList<>();
            r.get("args").forEach(a -> args.add(a.asText()));
            b.append("| `").append(r.get("command").asText()).append("` | `").append(r.get("usage").asText().replace("|", "\\|"))
                    .append("` | `").append(String.join(" ", args).replace("|", "\\|")).append("` | ")
                    .append(r.get("exit").isTextual() ? "non-zero" : r.get("exit").asText()).append(" |\n");
        }
        b.append("\n").append(cli).append(" rows over ").append(commands.size()).append(" commands. In the arguments, `$G` is the"
                + " extracted UE 5.8 fixture game, `$FX` the fixtures, `$USMAP` its mappings; `copy:` marks a copy made for the"
                + " test, `new:`/`newdir:` a fresh output path.\n\n");
        b.append("""
                ## What uassetd adds

                Beside UAssetTool's fields every reply may carry `warnings` (for example which mappings were read from
                `USMAP_PATH`), `error` with a stable `code` on failure, and `engine_version` / `engine_source` (and
                `engine_candidates`) in the data of actions that read packages. Where uassetd's richer value has another
                type than UAssetTool's field of the same name, it is in its own field:

                | action | UAssetTool's field (its type) | uassetd's value in |
                |---|---|---|
                | `get_texture_info` | `properties` (list of {name, type, value} strings) | `property_values` (every property by name, full values); also `mips`, `kind`, `slices`, `virtual`, `inline_mip_count`, `streamed_mip_count` |
                | `has_inline_texture_data` | `data` (bool) | `get_texture_info`'s `mips[].location`, `inline_mip_count` |
                | `batch_has_inline_texture_data` | `data` (list of paths) | failures in `warnings` |
                | `get_mesh_info` | `material_slots` (count), `has_vertex_colors` (bool) | `materials` (the slots), `vertex_colors_known`, `sockets`, `bones`, `morph_targets` |
                | `get_asset_summary`, `dump` | `package_flags` (names) | `package_flags_value` |
                | `get_asset_summary` | `file_version_ue4`/`file_version_ue5` (enum names) | `object_version_ue4`/`object_version_ue5` |
                | `get_exports` | `object_flags` (names) | `object_flags_value`, `properties_read` |
                | `get_export_raw_data` | `raw_data_hex` (base64, as UAssetTool writes it) | `raw_data_base16` (hex digits) |
                | `get_export_properties` | `value` (members of a struct as entries; a map as "[Map with N entries]") | `value_tree` (the whole value) |
                | `list_pak_files`, `list_pak` | `version` (number) | `version_name` ("V11") |
                | `list_iostore_files` | `files` (paths resolved as UAssetTool does), `package_count` (their number) | `paths` (as the index names them), `packages` (.uasset/.umap count) |
                | `create_pak` | `entries` (paths) | `entry_details` (size, compression, encryption) |
                | `strip_mipmaps_native` | `original_mips`/`new_mips` | `changed`, `backup_path`, `files`, `ubulk_removed` |
                | `batch_extract_texture_png` | `success`/`failed`/`skipped` counts, `results` | `success_count`, `fail_count`, `files`, `errors` |

                ## Behaviour that differs on purpose

                - In-place edits keep the original as `X.bak` (and `X.uexp.bak`, `X.ubulk.bak`) and never overwrite an existing
                  backup: the first backup is the original however often the edit is repeated. An edit that changes no byte
                  (the same value set again, a texture that already has one mip) writes nothing and says so.
                - A batch converts every item it can and reports the ones it could not; a reply whose items failed has
                  `success: false` (UAssetTool: `success` is false when `fail_count` is not 0).
                - `patch_mesh` does the patch (export sizes recomputed, written only when needed) where UAssetTool only copied
                  the files; `convert_from_zen` converts where UAssetTool answered "not yet implemented".
                - Fields are read in snake_case and also in UAssetTool's camelCase (`exportIndex`, `colorIndexStart`). A field
                  no action knows is ignored with a warning, but refused in a request that writes (naming the nearest known
                  field), so a misspelt target never widens an edit to the whole file.
                - A UTF-8 byte order mark before a request line (what .NET's UTF-8 writers put first) is skipped.
                """);
        return b.toString();
    }

    private static String types(JsonNode fields) {
        List<String> out = new ArrayList<>();
        fields.properties().forEach(e -> out.add("`" + e.getKey() + "` " + e.getValue().asText()));
        return String.join(", ", out);
    }
}
