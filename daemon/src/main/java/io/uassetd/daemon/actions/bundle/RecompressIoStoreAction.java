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
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import io.uassetd.daemon.util.Keys;
import java.nio.file.Path;

/**
 * {@code recompress_iostore}: writes an uncompressed container again with its chunks compressed
 * (Oodle by default), every chunk, path, store entry and the container id unchanged; in place
 * unless {@code output_path} names another .utoc. An already compressed container is left alone.
 */
public final class RecompressIoStoreAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("recompress_iostore",
            "Compresses an uncompressed IoStore container (in place, or to output_path)",
            FieldSpec.required("file_path", FieldType.STRING, "the .utoc"),
            FieldSpec.optional("output_path", FieldType.STRING, null, "the .utoc to write (default: replace file_path)"),
            Bundles.COMPRESSION, CompressionLevels.FIELD, Bundles.OODLE_FALLBACK,
            FieldSpec.optional("aes_key", FieldType.STRING, null, "AES-256 key of an encrypted container (the copy keeps it)").cli("--aes"),
            FieldSpec.optional("force", FieldType.BOOLEAN, false, "recompress a container that is already compressed"))
            .withCli("recompress_iostore", "file_path");

    /** Reply data: UAssetTool's fields plus what was done. */
    public record Recompressed(String output_path, boolean already_compressed, String compression, int chunk_count) {
    }

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        Path utoc = Bundles.requireUtoc(args);
        Path out = args.has("output_path") ? Bundles.utocOf(args.path("output_path")) : utoc;
        AesKey key = Keys.parse(args.string("aes_key"));
        try (IoStoreContainer src = IoStoreContainer.open(utoc, ContainerKeys.of(key), ctx.services().codecs())) {
            if (src.isCompressed() && !args.bool("force")) {
                return ActionResult.of("Already compressed: " + utoc, new Recompressed(utoc.toString(), true,
                        String.join(",", src.toc().compressionMethods()), src.chunkCount()));
            }
        }
        ContainerCopy.Snapshot s = Bundles.snapshot(utoc, key, ctx);
        CompressionMethod m = Bundles.method(args.string("compression"), args, ctx.services().codecs(), ctx);
        if (m == CompressionMethod.NONE) {
            throw ActionException.invalid("No compression method is available to recompress with");
        }
        BundleWriter.Result r = ContainerCopy.write(s, out, new ContainerCopy.Options(m, s.encrypted() ? key : null, null, false,
                false, GameProfile.NONE, ctx.services().compute()), CompressionLevels.codecs(args, m, ctx.services().codecs()), ctx);
        return ActionResult.of("Recompressed " + utoc + " to " + r.utoc(), new Recompressed(r.utoc().toString(), false,
                m.unrealName(), r.chunkCount()));
    }
}
