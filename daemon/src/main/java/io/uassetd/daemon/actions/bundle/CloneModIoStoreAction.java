package io.uassetd.daemon.actions.bundle;

import io.uassetd.daemon.util.CompressionLevels;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.crypto.AesKey;
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
import java.util.List;

/**
 * {@code clone_mod_iostore}: copies a mod container under a new name ({@code output_path} is the
 * new bundle's base): every chunk, path and store entry the same, the container id that of the new
 * name, compressed as the source is (or as asked), and a companion pak listing its files.
 */
public final class CloneModIoStoreAction extends TypedAction<CloneModIoStoreAction.Request, CloneModIoStoreAction.Cloned> {
    /** The request. */
    public record Request(@Field(value = "the source .utoc", required = true) Path file_path,
                          @Field(value = "the new bundle's base path (X or X.utoc)", required = true) Path output_path,
                          @Field("compression of the copy (default: the source's; Oodle falls back as oodle_fallback says)") String compression,
                          @Field(CompressionLevels.HELP) Integer compression_level,
                          @Field(value = Bundles.OODLE_FALLBACK, dflt = "Zlib") String oodle_fallback,
                          @Field(value = "AES-256 key of an encrypted source (the copy is encrypted with it too)", cli = "--aes") String aes_key,
                          @Field("key of the companion pak (encrypted with the game's scheme)") String pak_aes,
                          @Field(value = "game profile whose scheme encrypts the companion pak: none, marvel_rivals", dflt = "marvel_rivals")
                          String game,
                          @Field(value = "write the companion pak", dflt = "true") boolean companion_pak) {
    }

    public CloneModIoStoreAction() {
        super("clone_mod_iostore", "Copies a mod IoStore container under a new name, with a companion pak", "clone_mod_iostore",
                "file_path", "output_path");
    }

    /** Reply data. */
    public record Cloned(String file_path, String output_path, String utoc_path, String ucas_path, String pak_path,
            int chunk_count, int package_count, String compression, List<String> files) {
    }

    @Override
    protected Done<Cloned> run(Request q, ActionContext ctx) throws Exception {
        Path utoc = Bundles.requireUtoc(q.file_path());
        Path out = Bundles.utocOf(q.output_path()).toAbsolutePath();
        if (out.normalize().equals(utoc.toAbsolutePath().normalize())) {
            throw ActionException.invalid("output_path names the source container; a clone needs a new name");
        }
        AesKey key = Keys.parse(q.aes_key());
        AesKey pakKey = Keys.parse(q.pak_aes());
        GameProfile game;
        try {
            game = GameProfile.of(q.game());
        } catch (RuntimeException e) {
            throw ActionException.invalid(e.getMessage());
        }
        ContainerCopy.Snapshot s = Bundles.snapshot(utoc, key, ctx);
        CompressionMethod m = q.compression() != null ? Bundles.method(q.compression(), q.oodle_fallback(), ctx.services().codecs(), ctx)
                : s.method() == CompressionMethod.NONE ? CompressionMethod.NONE
                : Bundles.method(s.method().unrealName(), q.oodle_fallback(), ctx.services().codecs(), ctx);
        BundleWriter.Result r = ContainerCopy.write(s, out, new ContainerCopy.Options(m, s.encrypted() ? key : null, pakKey, true,
                q.companion_pak(), game, ctx.services().compute()),
                CompressionLevels.codecs(q.compression_level(), m, ctx.services().codecs()), ctx);
        return Done.of("Cloned " + utoc + " to " + r.utoc(), new Cloned(utoc.toString(), r.utoc().toString(),
                r.utoc().toString(), r.ucas().get(0).toString(), Bundles.str(r.pak()), r.chunkCount(),
                r.header().packageIds().size(), m.unrealName(), r.files()));
    }
}
