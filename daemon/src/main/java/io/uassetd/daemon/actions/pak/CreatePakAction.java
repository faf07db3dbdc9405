package io.uassetd.daemon.actions.pak;

import io.uassetd.daemon.util.CompressionLevels;
import io.uassetd.codecs.io.PathFilter;
import io.uassetd.codecs.pak.PakSource;
import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.pak.PakEntry;
import io.uassetd.codecs.pak.PakVersion;
import io.uassetd.codecs.pak.PakWriteOptions;
import io.uassetd.codecs.pak.PakWriteResult;
import io.uassetd.codecs.pak.PakWriter;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code create_pak}: writes a pak of any version 3 to 15 from files and folders, compressed in
 * parallel 64 KiB blocks, optionally encrypted (standard or Marvel Rivals). Written to a temporary
 * file and renamed into place only on success.
 */
public final class CreatePakAction implements ActionHandler {
    static final FieldSpec OUTPUT = FieldSpec.required("output_path", FieldType.STRING, "the .pak to write");
    static final FieldSpec FILES = FieldSpec.optional("file_paths", FieldType.STRING_LIST, null,
            "files and folders to pack, in order (a folder adds its files in sorted order)");
    static final FieldSpec INPUT_DIR = FieldSpec.optional("input_dir", FieldType.STRING, null, "a folder to pack");
    static final FieldSpec BASE = FieldSpec.optional("base_path", FieldType.STRING, null,
            "entry names are taken relative to this folder").cli("--root");
    static final FieldSpec MOUNT = FieldSpec.optional("mount_point", FieldType.STRING, "../../../", "the pak's mount point");
    static final FieldSpec SEED = FieldSpec.optional("path_hash_seed", FieldType.INTEGER, 0, "path hash seed (V10+; decimal or 0x-hex)");
    static final FieldSpec KEY = FieldSpec.optional("aes_key", FieldType.STRING, null,
            "AES-256 key (hex or base64): encrypts the index and entries unless told otherwise");

    private static final ActionSpec SPEC = ActionSpec.of("create_pak",
            "Writes a pak (version 3-14) from files and folders, with optional compression and encryption",
            OUTPUT, FILES, INPUT_DIR, BASE, MOUNT, SEED, KEY, PakArchives.SCHEME,
            FieldSpec.optional("pak_version", FieldType.STRING, "11", "3 to 15, or V8A / V8B (12: UTF-8 file names, 13: flat directory index, 14: PakchunkIndex in the footer, 15: UE6.0, encryption method and IVs; encrypted with AES-CTR)"),
            FieldSpec.optional("compress", FieldType.ANY, true,
                    "false, true (Zlib) or a method name: Zlib, Gzip, LZ4, Zstd, Oodle (Oodle needs the native library)"),
            CompressionLevels.FIELD,
            FieldSpec.optional("compress_only", FieldType.STRING_LIST, null,
                    "with compress: only entries matching these patterns are compressed (the rest are stored)"),
            FieldSpec.optional("encrypt_index", FieldType.BOOLEAN, true, "with aes_key: encrypt the index"),
            FieldSpec.optional("encrypt_entries", FieldType.BOOLEAN, true, "with aes_key: encrypt entry data"),
            FieldSpec.optional("fsync", FieldType.BOOLEAN, false,
                    "force the pak to disk before renaming it into place (off: like UnrealPak and repak, the rename still makes it all-or-nothing)"))
            .withCli("create_pak", "output_path", "file_paths");

    /** One written entry. */
    public record Entry(String path, long size, long compressed_size, String compression, boolean encrypted) {
    }

    /** Reply data (UAssetTool's shape plus version and size). */
    public record Created(String output_path, int file_count, String mount_point, String version, long size, List<String> entries,
            List<Entry> entry_details) {
    }

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    static CompressionMethod compression(Args args, String field) {
        JsonNode c = args.json(field);
        if (c == null) {
            return CompressionMethod.ZLIB; // UAssetTool's default: compress = true
        }
        if (c.isBoolean() && !c.booleanValue()) {
            return CompressionMethod.NONE;
        }
        if (c.isBoolean()) {
            return CompressionMethod.ZLIB;
        }
        if (c.isTextual()) {
            if (c.textValue().equalsIgnoreCase("true")) {
                return CompressionMethod.ZLIB;
            }
            if (c.textValue().equalsIgnoreCase("false")) {
                return CompressionMethod.NONE;
            }
            return CompressionMethod.byName(c.textValue()).orElseThrow(() -> ActionException.invalid(
                    "Field '" + field + "' names an unknown compression method '" + c.textValue() + "' (Zlib, Gzip, LZ4, Zstd, Oodle)"));
        }
        throw ActionException.invalid("Field '" + field + "' must be false, true or a compression method name");
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        Path out = args.requirePath("output_path");
        PakVersion version;
        try {
            version = PakVersion.parse(args.string("pak_version"));
        } catch (IllegalArgumentException e) {
            throw ActionException.invalid("Field 'pak_version': " + e.getMessage());
        }
        if (!version.writable()) {
            throw ActionException.invalid("Field 'pak_version': pak version " + version.userName() + " cannot be written (3 to 15)");
        }
        CompressionMethod method = compression(args, "compress");
        AesKey key = PakArchives.key(args);
        List<PakInputs.Input> inputs = PakInputs.collect(args, ctx);
        PakWriteOptions o = PakWriteOptions.defaults().withVersion(version).withMountPoint(args.string("mount_point"))
                .withPathHashSeed(args.integer("path_hash_seed")).withCompression(method)
                .withCodecs(CompressionLevels.codecs(args, method, ctx.services().codecs())).withExecutor(ctx.services().compute())
                .withDurable(args.bool("fsync"));
        if (key != null) {
            boolean index = args.bool("encrypt_index") && version.atLeast(PakVersion.INDEX_ENCRYPTION);
            o = o.withEncryption(key, PakArchives.scheme(args), index, args.bool("encrypt_entries"));
        }
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        PakWriteResult r;
        try {
            List<PakSource> sources = PakInputs.sources(inputs);
            PathFilter only = PathFilter.of(args.strings("compress_only"));
            if (!only.isEmpty()) {
                sources = sources.stream().map(src -> only.matches(src.path()) ? src : src.withCompression(CompressionMethod.NONE)).toList();
            }
            r = new PakWriter(o).write(out, sources, ctx);
        } catch (IllegalArgumentException e) {
            throw ActionException.invalid(e.getMessage());
        }
        r.warnings().forEach(ctx::warn);
        List<Entry> entries = new ArrayList<>();
        for (PakEntry e : r.entries()) {
            entries.add(new Entry(e.path(), e.size(), e.compressedSize(), e.compressed() ? e.compressionName() : "None", e.encrypted()));
        }
        return ActionResult.of("Created " + out + " with " + r.fileCount() + " files",
                new Created(out.toString(), r.fileCount(), r.mountPoint(), r.version().userName(), r.size(),
                        entries.stream().map(Entry::path).toList(), List.copyOf(entries)));
    }

    @Override
    public String formatHuman(ActionResult result) {
        Created c = (Created) result.data();
        return "Created " + c.output_path() + ": " + c.file_count() + " files, " + c.size() + " bytes, pak " + c.version()
                + ", mount point " + c.mount_point() + "\n";
    }
}
