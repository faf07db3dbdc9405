package io.uassetd.daemon.actions.pak;

import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.game.GameProfile;
import io.uassetd.codecs.pak.CompanionPak;
import io.uassetd.codecs.pak.PakWriteResult;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code create_companion_pak}: the small pak that accompanies an IoStore bundle: one uncompressed
 * {@code chunknames} entry listing the bundle's files, encrypted with the Marvel Rivals scheme
 * when a key is given.
 */
public final class CreateCompanionPakAction extends TypedAction<CreateCompanionPakAction.Request, CreateCompanionPakAction.Created> {
    /** The request. */
    public record Request(@Field(value = CreatePakAction.OUTPUT, required = true) Path output_path,
                          @Field(value = "the bundle's files, as paths relative to the mount point", required = true) List<String> file_paths,
                          @Field(value = CreatePakAction.BASE, cli = "--root") Path base_path,
                          @Field(value = CreatePakAction.MOUNT, dflt = "../../../") String mount_point,
                          @Field(value = CreatePakAction.SEED, dflt = "0") long path_hash_seed,
                          @Field("AES-256 key: encrypts with the game profile's scheme") String aes_key,
                          @Field(value = "game profile whose companion-pak layout and encryption scheme are written: none, marvel_rivals",
                                  dflt = "marvel_rivals") String game) {
    }

    /** Reply data. */
    public record Created(String output_path, int file_count, List<String> files) {
    }

    public CreateCompanionPakAction() {
        super("create_companion_pak", "Writes the companion .pak of an IoStore bundle (a chunknames entry listing the bundle's files)",
                "create_companion_pak", "output_path", "file_paths");
    }

    @Override
    protected Done<Created> run(Request q, ActionContext ctx) throws Exception {
        Path out = q.output_path();
        List<String> files = new ArrayList<>();
        Path base = q.base_path();
        for (String f : q.file_paths()) {
            String name = f.replace('\\', '/');
            Path given = Args.toPath("file_paths", f);
            if (base != null && given.isAbsolute()) {
                Path rel = base.toAbsolutePath().normalize().relativize(given.toAbsolutePath().normalize());
                name = rel.toString().replace('\\', '/');
            }
            if (name.isEmpty() || name.startsWith("../")) {
                throw ActionException.invalid("File path '" + f + "' is not under base_path");
            }
            files.add(name);
        }
        AesKey key = PakArchives.key(q.aes_key());
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        GameProfile game;
        try {
            game = GameProfile.of(q.game());
        } catch (UnsupportedVersionException e) {
            throw ActionException.invalid("Field 'game': " + e.getMessage());
        }
        PakWriteResult r = CompanionPak.write(out, files, key, game.companionPak(), q.mount_point(), q.path_hash_seed());
        r.warnings().forEach(ctx::warn);
        return Done.of("Created companion pak " + out, new Created(out.toString(), files.size(), List.copyOf(files)));
    }
}
