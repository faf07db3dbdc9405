package io.uassetd.daemon.actions.bundle;

import io.uassetd.daemon.util.CompressionLevels;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.crypto.AesKey;
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
import java.util.List;

/**
 * {@code clone_mod_iostore}: copies a mod container under a new name ({@code output_path} is the
 * new bundle's base): every chunk, path and store entry the same, the container id that of the new
 * name, compressed as the source is (or as asked), and a companion pak listing its files.
 */
public final class CloneModIoStoreAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("clone_mod_iostore",
            "Copies a mod IoStore container under a new name, with a companion pak",
            FieldSpec.required("file_path", FieldType.STRING, "the source .utoc"),
            FieldSpec.required("output_path", FieldType.STRING, "the new bundle's base path (X or X.utoc)"),
            FieldSpec.optional("compression", FieldType.STRING, null,
                    "compression of the copy (default: the source's; Oodle falls back as oodle_fallback says)"),
            CompressionLevels.FIELD, Bundles.OODLE_FALLBACK,
            FieldSpec.optional("aes_key", FieldType.STRING, null, "AES-256 key of an encrypted source (the copy is encrypted with it too)")
                    .cli("--aes"),
            FieldSpec.optional("pak_aes", FieldType.STRING, null, "key of the companion pak (encrypted with the game's scheme)"),
            FieldSpec.optional("game", FieldType.STRING, GameProfile.DEFAULT.name(),
                    "game profile whose scheme encrypts the companion pak: " + GameProfile.names()),
            FieldSpec.optional("companion_pak", FieldType.BOOLEAN, true, "write the companion pak"))
            .withCli("clone_mod_iostore", "file_path", "output_path");

    /** Reply data. */
    public record Cloned(String file_path, String output_path, String utoc_path, String ucas_path, String pak_path,
            int chunk_count, int package_count, String compression, List<String> files) {
    }

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        Path utoc = Bundles.requireUtoc(args);
        Path out = Bundles.utocOf(args.requirePath("output_path")).toAbsolutePath();
        if (out.normalize().equals(utoc.toAbsolutePath().normalize())) {
            throw ActionException.invalid("output_path names the source container; a clone needs a new name");
        }
        AesKey key = Keys.parse(args.string("aes_key"));
        AesKey pakKey = Keys.parse(args.string("pak_aes"));
        GameProfile game;
        try {
            game = GameProfile.of(args.string("game"));
        } catch (RuntimeException e) {
            throw ActionException.invalid(e.getMessage());
        }
        ContainerCopy.Snapshot s = Bundles.snapshot(utoc, key, ctx);
        CompressionMethod m = args.has("compression") ? Bundles.method(args.string("compression"), args, ctx.services().codecs(), ctx)
                : s.method() == CompressionMethod.NONE ? CompressionMethod.NONE
                : Bundles.method(s.method().unrealName(), args, ctx.services().codecs(), ctx);
        BundleWriter.Result r = ContainerCopy.write(s, out, new ContainerCopy.Options(m, s.encrypted() ? key : null, pakKey, true,
                args.bool("companion_pak"), game, ctx.services().compute()),
                CompressionLevels.codecs(args, m, ctx.services().codecs()), ctx);
        return ActionResult.of("Cloned " + utoc + " to " + r.utoc(), new Cloned(utoc.toString(), r.utoc().toString(),
                r.utoc().toString(), r.ucas().get(0).toString(), Bundles.str(r.pak()), r.chunkCount(),
                r.header().packageIds().size(), m.unrealName(), r.files()));
    }
}
