package io.uassetd.daemon.action;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The request's fields as the action reads them. UAssetTool's clients write some fields in
 * camelCase ({@code exportIndex}, {@code colorIndexStart}): a field whose snake_case form is a
 * declared field is read as that field. A field the action does not know is ignored with a warning,
 * except in a request that writes files, which is refused naming the field and the nearest known
 * name (a misspelt target must not widen an edit to the whole file). The fields of UAssetTool's
 * request, which its clients send to every action, are only warned about.
 */
public final class RequestFields {
    /** The fields of UAssetTool's request object (any action may receive them). */
    static final Set<String> UASSETTOOL_FIELDS = Set.of("action", "file_path", "file_paths", "mip_gen", "uexp_path", "usmap_path",
            "export_index", "property_path", "property_name", "property_type", "property_value", "output_path", "json_data", "aes_key",
            "internal_path", "mount_point", "path_hash_seed", "input_dir", "input_pak", "compress", "filter_patterns", "parallel",
            "obfuscate", "hybrid", "compact", "mip_index", "format", "base_path", "game_paks", "mod_path", "with_deps");

    /** The actions that write or change files: an unknown field in their requests is refused. */
    static final Set<String> WRITING = Set.of("set_property_value", "add_property", "remove_property", "save_asset", "import_from_json",
            "from_json", "batch_from_json", "fix_serialize_size", "niagara_edit", "strip_mipmaps_native", "batch_strip_mipmaps_native",
            "inject_texture", "batch_inject_texture", "edit_locres", "json_to_locres", "create_pak", "create_companion_pak",
            "create_iostore", "create_mod_iostore", "create_iostore_bundle", "recompress_iostore", "clone_mod_iostore", "convert_to_zen",
            "convert_from_zen", "patch_mesh");

    private RequestFields() {
    }

    /** The fields with camelCase aliases renamed; unknown fields warned about, or refused for a writing action. */
    public static Map<String, JsonNode> normalize(ActionSpec spec, Map<String, JsonNode> fields, ActionContext ctx) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : fields.entrySet()) {
            String f = e.getKey();
            if (spec.field(f).isPresent()) {
                out.put(f, e.getValue());
                continue;
            }
            String snake = snake(f);
            if (!snake.equals(f) && spec.field(snake).isPresent() && !fields.containsKey(snake)) {
                out.put(snake, e.getValue());
                continue;
            }
            if (WRITING.contains(spec.name()) && !UASSETTOOL_FIELDS.contains(f)) {
                String near = nearest(f, spec.fields());
                throw ActionException.invalid("Unknown field '" + f + "' in a request that writes (" + spec.name() + ")"
                        + (near == null ? "" : "; did you mean '" + near + "'?") + " Nothing was written.");
            }
            ctx.warn("Unknown field '" + f + "' ignored by action " + spec.name());
        }
        return out;
    }

    /** {@code colorIndexStart} -> {@code color_index_start}, {@code modifyR} -> {@code modify_r}. */
    static String snake(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isUpperCase(c)) {
                if (i > 0 && s.charAt(i - 1) != '_') {
                    b.append('_');
                }
                b.append(Character.toLowerCase(c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /** The declared field nearest to {@code f} (edit distance on the snake_case forms), or null when none is close. */
    static String nearest(String f, List<FieldSpec> declared) {
        String key = snake(f).toLowerCase(Locale.ROOT);
        String best = null;
        int bestD = Integer.MAX_VALUE;
        for (FieldSpec d : declared) {
            int dist = distance(key, d.name());
            if (dist < bestD) {
                bestD = dist;
                best = d.name();
            }
        }
        return best != null && bestD <= Math.max(3, key.length() / 2) ? best : null;
    }

    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int c = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + c);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
