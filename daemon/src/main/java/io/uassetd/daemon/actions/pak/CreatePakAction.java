package io.uassetd.daemon.actions.pak;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.io.PathFilter;
import io.uassetd.codecs.pak.PakEntry;
import io.uassetd.codecs.pak.PakSource;
import io.uassetd.codecs.pak.PakVersion;
import io.uassetd.codecs.pak.PakWriteOptions;
import io.uassetd.codecs.pak.PakWriteResult;
import io.uassetd.codecs.pak.PakWriter;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.util.CompressionLevels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code create_pak}: writes a pak of any version 3 to 15 from files and folders, compressed in
 * parallel 64 KiB blocks, optionally encrypted (standard or Marvel Rivals). Written to a temporary
 * file and renamed into place only on success.
 */
public final class CreatePakAction extends TypedAction<CreatePakAction.Request, CreatePakAction.Created> {
    static final String OUTPUT = "the .pak to write";
    static final String BASE = "entry names are taken relative to this folder";
    static final String MOUNT = "the pak's mount point";
    static final String SEED = "path hash seed (V10+; decimal or 0x-hex)";

    /** The request. */
    public record Request(@Field(value = OUTPUT, required = true) Path output_path,
                          @Field("files and folders to pack, in order (a folder adds its files in sorted order)") List<String> file_paths,
                          @Field("a folder to pack") Path input_dir,
                          @Field(value = BASE, cli = "--root") Path base_path,
                          @Field(value = MOUNT, dflt = "../../../") String mount_point,
                          @Field(value = SEED, dflt = "0") long path_hash_seed,
                          @Field("AES-256 key (hex or base64): encrypts the index and entries unless told otherwise") String aes_key,
                          @Field(value = PakArchives.SCHEME, dflt = "standard") String encryption_scheme,
                          @Field(value = "3 to 15, or V8A / V8B (12: UTF-8 file names, 13: flat directory index, 14: PakchunkIndex in the"
                                  + " footer, 15: UE6.0, encryption method and IVs; encrypted with AES-CTR)", dflt = "11") String pak_version,
                          @Field(value = "false, true (Zlib) or a method name: Zlib, Gzip, LZ4, Zstd, Oodle (Oodle needs the native library)",
                                  dflt = "true") JsonNode compress,
                          @Field(CompressionLevels.HELP) Integer compression_level,
                          @Field("with compress: only entries matching these patterns are compressed (the rest are stored)")
                          List<String> compress_only,
                          @Field(value = "with aes_key: encrypt the index", dflt = "true") boolean encrypt_index,
                          @Field(value = "with aes_key: encrypt entry data", dflt = "true") boolean encrypt_entries,
                          @Field("force the pak to disk before renaming it into place (off: like UnrealPak and repak, the rename still makes"
                                  + " it all-or-nothing)") boolean fsync) {
    }

    /** One written entry. */
    public record Entry(String path, long size, long compressed_size, String compression, boolean encrypted) {
    }

    /** Reply data (UAssetTool's shape plus version and size). */
    public record Created(String output_path, int file_count, String mount_point, String version, long size, List<String> entries,
            List<Entry> entry_details) {
    }

    public CreatePakAction() {
        super("create_pak", "Writes a pak (version 3-14) from files and folders, with optional compression and encryption",
                "create_pak", "output_path", "file_paths");
    }

    /** The method a {@code compress} value names: false, true (Zlib), or a method's name. */
    static CompressionMethod compression(JsonNode c, String field) {
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
    protected Done<Created> run(Request q, ActionContext ctx) throws Exception {
        Path out = q.output_path();
        PakVersion version;
        try {
            version = PakVersion.parse(q.pak_version());
        } catch (IllegalArgumentException e) {
            throw ActionException.invalid("Field 'pak_version': " + e.getMessage());
        }
        if (!version.writable()) {
            throw ActionException.invalid("Field 'pak_version': pak version " + version.userName() + " cannot be written (3 to 15)");
        }
        CompressionMethod method = compression(q.compress(), "compress");
        AesKey key = PakArchives.key(q.aes_key());
        List<PakInputs.Input> inputs = PakInputs.collect(q.file_paths(), q.input_dir(), q.base_path(), ctx);
        PakWriteOptions o = PakWriteOptions.defaults().withVersion(version).withMountPoint(q.mount_point())
                .withPathHashSeed(q.path_hash_seed()).withCompression(method)
                .withCodecs(CompressionLevels.codecs(q.compression_level(), method, ctx.services().codecs()))
                .withExecutor(ctx.services().compute()).withDurable(q.fsync());
        if (key != null) {
            boolean index = q.encrypt_index() && version.atLeast(PakVersion.INDEX_ENCRYPTION);
            o = o.withEncryption(key, PakArchives.scheme(q.encryption_scheme()), index, q.encrypt_entries());
        }
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        PakWriteResult r;
        try {
            List<PakSource> sources = PakInputs.sources(inputs);
            PathFilter only = PathFilter.of(q.compress_only());
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
        return Done.of("Created " + out + " with " + r.fileCount() + " files",
                new Created(out.toString(), r.fileCount(), r.mountPoint(), r.version().userName(), r.size(),
                        entries.stream().map(Entry::path).toList(), List.copyOf(entries)));
    }

    @Override
    protected String human(Created c) {
        return "Created " + c.output_path() + ": " + c.file_count() + " files, " + c.size() + " bytes, pak " + c.version()
                + ", mount point " + c.mount_point() + "\n";
    }
}
