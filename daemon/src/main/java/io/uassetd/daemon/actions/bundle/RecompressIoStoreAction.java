package io.uassetd.daemon.actions.bundle;

import io.uassetd.daemon.util.CompressionLevels;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.iostore.ContainerKeys;
import io.uassetd.codecs.iostore.IoStoreContainer;
import io.uassetd.codecs.bundle.BundleWriter;
import io.uassetd.codecs.bundle.ContainerCopy;
import io.uassetd.codecs.game.GameProfile;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.util.Keys;
import java.nio.file.Path;

/**
 * {@code recompress_iostore}: writes an uncompressed container again with its chunks compressed
 * (Oodle by default), every chunk, path, store entry and the container id unchanged; in place
 * unless {@code output_path} names another .utoc. An already compressed container is left alone.
 */
public final class RecompressIoStoreAction extends TypedAction<RecompressIoStoreAction.Request, RecompressIoStoreAction.Recompressed> {
    /** The request. */
    public record Request(@Field(value = "the .utoc", required = true) Path file_path,
                          @Field("the .utoc to write (default: replace file_path)") Path output_path,
                          @Field(value = Bundles.COMPRESSION, dflt = "Oodle") String compression,
                          @Field(CompressionLevels.HELP) Integer compression_level,
                          @Field(value = Bundles.OODLE_FALLBACK, dflt = "Zlib") String oodle_fallback,
                          @Field(value = "AES-256 key of an encrypted container (the copy keeps it)", cli = "--aes") String aes_key,
                          @Field("recompress a container that is already compressed") boolean force) {
    }

    public RecompressIoStoreAction() {
        super("recompress_iostore", "Compresses an uncompressed IoStore container (in place, or to output_path)", "recompress_iostore",
                "file_path");
    }

    /** Reply data: UAssetTool's fields plus what was done. */
    public record Recompressed(String output_path, boolean already_compressed, String compression, int chunk_count) {
    }

    @Override
    protected Done<Recompressed> run(Request q, ActionContext ctx) throws Exception {
        Path utoc = Bundles.requireUtoc(q.file_path());
        Path out = q.output_path() != null ? Bundles.utocOf(q.output_path()) : utoc;
        AesKey key = Keys.parse(q.aes_key());
        try (IoStoreContainer src = IoStoreContainer.open(utoc, ContainerKeys.of(key), ctx.services().codecs())) {
            if (src.isCompressed() && !q.force()) {
                return Done.of("Already compressed: " + utoc, new Recompressed(utoc.toString(), true,
                        String.join(",", src.toc().compressionMethods()), src.chunkCount()));
            }
        }
        ContainerCopy.Snapshot s = Bundles.snapshot(utoc, key, ctx);
        CompressionMethod m = Bundles.method(q.compression(), q.oodle_fallback(), ctx.services().codecs(), ctx);
        if (m == CompressionMethod.NONE) {
            throw ActionException.invalid("No compression method is available to recompress with");
        }
        BundleWriter.Result r = ContainerCopy.write(s, out, new ContainerCopy.Options(m, s.encrypted() ? key : null, null, false,
                false, GameProfile.NONE, ctx.services().compute()), CompressionLevels.codecs(q.compression_level(), m, ctx.services().codecs()), ctx);
        return Done.of("Recompressed " + utoc + " to " + r.utoc(), new Recompressed(r.utoc().toString(), false,
                m.unrealName(), r.chunkCount()));
    }
}
