package io.uassetd.daemon.actions.locres;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.codecs.io.AtomicOutput;
import io.uassetd.codecs.locres.LocRes;
import io.uassetd.codecs.locres.LocResHashes;
import io.uassetd.codecs.locres.LocResWriter;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.protocol.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code edit_locres}: sets, adds and removes entries of a .locres and writes it in its version.
 * Every edit is applied in memory first; one that cannot be applied (a set or remove of an entry
 * that does not exist, an add of one that does) fails the request and nothing is written.
 */
public final class EditLocResAction extends TypedAction<EditLocResAction.Request, EditLocResAction.Result> {
    private static final Set<String> EDIT_FIELDS = Set.of("op", "namespace", "key", "string", "source_hash", "source_string");
    /** The request: the file, and either {@code edits} or one edit's fields. */
    public record Request(@Field(value = "the .locres", required = true) Path file_path,
                          @Field("a list of edits [{op: set|add|remove, namespace, key, string, source_hash?, source_string?}], applied in order")
                          JsonNode edits,
                          @Field(value = "one edit: set (an existing entry), add (a new one) or remove", dflt = "set") String op,
                          @Field("one edit: the namespace (may be empty)") String namespace,
                          @Field("one edit: the key") String key,
                          @Field("one edit: the new localized string (set, add)") String string,
                          @Field("one edit: the source-string hash (0x hex or decimal); set keeps the entry's, add uses the hash of source_string"
                                  + " or of string") String source_hash,
                          @Field("one edit: the source (native) text whose hash the entry records") String source_string,
                          @Field("where to write; when absent the file is edited in place and the original kept as .bak") Path output_path) {
    }

    public EditLocResAction() {
        super("edit_locres", "Sets, adds or removes .locres entries and writes the file in its version (string table and hashes recomputed)",
                "edit_locres", "file_path");
    }

    /** One applied edit. */
    public record Applied(String op, String namespace, String key, String old_string, String new_string, String source_hash) {
    }

    /** Reply data. */
    public record Result(String file_path, String output_path, String backup_path, String version, int namespace_count,
                         int entry_count, long size, List<Applied> edits) {
    }

    private record Edit(String op, String namespace, String key, String string, Integer sourceHash, String sourceString) {
    }

    @Override
    protected Done<Result> run(Request q, ActionContext ctx) throws Exception {
        Path file = q.file_path();
        List<Edit> edits = edits(q);
        LocRes r = LocResFiles.open(file);
        List<Applied> applied = new ArrayList<>();
        for (int i = 0; i < edits.size(); i++) {
            Edit e = edits.get(i);
            String where = "Edit " + (edits.size() > 1 ? "#" + i + " " : "") + "(" + e.op() + " '" + e.namespace() + "' / '" + e.key() + "')";
            switch (e.op()) {
                case "set" -> {
                    LocRes.Entry entry = r.find(e.namespace(), e.key());
                    if (entry == null) {
                        throw ActionException.invalid(where + ": no such entry in " + file + " (use op add to create it)");
                    }
                    Integer hash = e.sourceHash() != null ? e.sourceHash()
                            : e.sourceString() != null ? Integer.valueOf(LocResHashes.strCrc32(e.sourceString())) : null;
                    String old = r.set(e.namespace(), e.key(), e.string(), hash);
                    applied.add(new Applied("set", e.namespace(), e.key(), old, e.string(), LocResHashes.hex32(entry.sourceHash())));
                }
                case "add" -> {
                    if (r.find(e.namespace(), e.key()) != null) {
                        throw ActionException.invalid(where + ": the entry exists in " + file + " (use op set to change it)");
                    }
                    Integer hash = e.sourceHash() != null ? e.sourceHash()
                            : e.sourceString() != null ? Integer.valueOf(LocResHashes.strCrc32(e.sourceString())) : null;
                    LocRes.Entry entry = r.add(e.namespace(), e.key(), e.string(), hash);
                    applied.add(new Applied("add", e.namespace(), e.key(), null, e.string(), LocResHashes.hex32(entry.sourceHash())));
                }
                case "remove" -> {
                    LocRes.Entry entry = r.find(e.namespace(), e.key());
                    if (entry == null) {
                        throw ActionException.invalid(where + ": no such entry in " + file);
                    }
                    String old = entry.value();
                    String hash = LocResHashes.hex32(entry.sourceHash());
                    r.remove(e.namespace(), e.key());
                    applied.add(new Applied("remove", e.namespace(), e.key(), old, null, hash));
                }
                default -> throw new IllegalStateException(e.op());
            }
        }
        byte[] bytes = LocResWriter.toBytes(r);
        Path out = q.output_path();
        Path backup = null;
        if (out == null) {
            out = file;
            if (java.util.Arrays.equals(bytes, Files.readAllBytes(file))) {
                ctx.warn("The edits change no byte of " + file + ": nothing written");
                return Done.of("Applied " + applied.size() + (applied.size() == 1 ? " edit" : " edits") + " to " + out
                        + ": no byte changed, nothing written", new Result(file.toString(), out.toString(), null, r.version().engineName(),
                        r.namespaces().size(), r.entryCount(), bytes.length, applied));
            }
            backup = io.uassetd.daemon.util.Backups.keepOriginal(file, ctx);
        }
        AtomicOutput.write(out, bytes);
        return Done.of("Applied " + applied.size() + (applied.size() == 1 ? " edit" : " edits") + " to " + out,
                new Result(file.toString(), out.toString(), backup == null ? null : backup.toString(), r.version().engineName(),
                        r.namespaces().size(), r.entryCount(), bytes.length, applied));
    }

    /** The edits from {@code edits} (a list, one object, or JSON text) or the single-edit fields. */
    private static List<Edit> edits(Request q) throws Exception {
        JsonNode n = q.edits();
        boolean single = q.namespace() != null || q.key() != null || q.string() != null || q.source_hash() != null
                || q.source_string() != null;
        List<Edit> out = new ArrayList<>();
        if (n != null) {
            if (single) {
                throw ActionException.invalid("Give edits, or one edit's namespace/key/string fields, not both");
            }
            if (n.isTextual()) {
                try {
                    n = Json.mapper().readTree(n.textValue());
                } catch (Exception e) {
                    throw ActionException.invalid("Field 'edits' is not JSON: " + e.getMessage());
                }
            }
            List<JsonNode> list = new ArrayList<>();
            if (n.isArray()) {
                n.forEach(list::add);
            } else if (n.isObject()) {
                list.add(n);
            } else {
                throw ActionException.invalid("Field 'edits' must be a list of {op, namespace, key, string}");
            }
            for (int i = 0; i < list.size(); i++) {
                JsonNode e = list.get(i);
                String p = "edits[" + i + "]";
                if (!e.isObject()) {
                    throw ActionException.invalid(p + " must be an object {op, namespace, key, string}");
                }
                for (Iterator<String> it = e.fieldNames(); it.hasNext(); ) {
                    String f = it.next();
                    if (!EDIT_FIELDS.contains(f)) {
                        throw ActionException.invalid(p + ": unknown field '" + f + "' (op, namespace, key, string, source_hash, source_string)");
                    }
                }
                out.add(edit(p, text(e, "op", p), text(e, "namespace", p), text(e, "key", p), text(e, "string", p),
                        hashText(e.get("source_hash"), p), text(e, "source_string", p)));
            }
        } else {
            if (q.key() == null) {
                throw ActionException.invalid("Give edits, or namespace, key and string (and op: set, add or remove)");
            }
            out.add(edit("", q.op(), q.namespace(), q.key(), q.string(), q.source_hash(), q.source_string()));
        }
        if (out.isEmpty()) {
            throw ActionException.invalid("Field 'edits' is empty");
        }
        return out;
    }

    private static String text(JsonNode e, String field, String p) {
        JsonNode v = e.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw ActionException.invalid(p + "." + field + " must be a string");
        }
        return v.textValue();
    }

    private static String hashText(JsonNode v, String p) {
        if (v == null || v.isNull()) {
            return null;
        }
        if (v.isIntegralNumber() || v.isTextual()) {
            return v.asText();
        }
        throw ActionException.invalid(p + ".source_hash must be a number or a 0x hex string");
    }

    private static Edit edit(String p, String op, String namespace, String key, String string, String sourceHash, String sourceString) {
        String prefix = p.isEmpty() ? "" : p + ": ";
        String o = op == null ? "set" : op.toLowerCase(Locale.ROOT);
        if (!Set.of("set", "add", "remove").contains(o)) {
            throw ActionException.invalid(prefix + "op must be set, add or remove, not '" + op + "'");
        }
        if (key == null) {
            throw ActionException.invalid(prefix + "missing key");
        }
        if (!o.equals("remove") && string == null) {
            throw ActionException.invalid(prefix + "missing string (the new localized text)");
        }
        Integer hash = null;
        if (sourceHash != null) {
            String s = sourceHash.trim().toLowerCase(Locale.ROOT);
            try {
                long l = s.startsWith("0x") ? Long.parseLong(s.substring(2), 16) : Long.parseLong(s);
                if (l < Integer.MIN_VALUE || l > 0xFFFFFFFFL) {
                    throw new NumberFormatException();
                }
                hash = (int) l;
            } catch (NumberFormatException e) {
                throw ActionException.invalid(prefix + "source_hash must be a 32-bit number (decimal or 0x hex), not '" + sourceHash + "'");
            }
        }
        return new Edit(o, namespace == null ? "" : namespace, key, string, hash, sourceString);
    }
}
