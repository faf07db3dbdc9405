package io.uassetd.daemon.actions.pak;

import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.game.GameProfile;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.pak.CompanionPak;
import io.uassetd.codecs.pak.PakWriteResult;
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
 * {@code create_companion_pak}: the small pak that accompanies an IoStore bundle: one uncompressed
 * {@code chunknames} entry listing the bundle's files, encrypted with the Marvel Rivals scheme
 * when a key is given.
 */
public final class CreateCompanionPakAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("create_companion_pak",
            "Writes the companion .pak of an IoStore bundle (a chunknames entry listing the bundle's files)",
            CreatePakAction.OUTPUT,
            FieldSpec.required("file_paths", FieldType.STRING_LIST, "the bundle's files, as paths relative to the mount point"),
            CreatePakAction.BASE, CreatePakAction.MOUNT, CreatePakAction.SEED,
            FieldSpec.optional("aes_key", FieldType.STRING, null, "AES-256 key: encrypts with the game profile's scheme"),
            FieldSpec.optional("game", FieldType.STRING, GameProfile.DEFAULT.name(),
                    "game profile whose companion-pak layout and encryption scheme are written: " + GameProfile.names()))
            .withCli("create_companion_pak", "output_path", "file_paths");

    /** Reply data. */
    public record Created(String output_path, int file_count, List<String> files) {
    }

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        Path out = args.requirePath("output_path");
        List<String> files = new ArrayList<>();
        Path base = args.path("base_path");
        for (String f : args.strings("file_paths")) {
            String name = f.replace('\\', '/');
            if (base != null && Path.of(f).isAbsolute()) {
                Path rel = base.toAbsolutePath().normalize().relativize(Path.of(f).toAbsolutePath().normalize());
                name = rel.toString().replace('\\', '/');
            }
            if (name.isEmpty() || name.startsWith("../")) {
                throw ActionException.invalid("File path '" + f + "' is not under base_path");
            }
            files.add(name);
        }
        if (files.isEmpty()) {
            throw ActionException.invalid("Field 'file_paths' is empty: list the bundle's files");
        }
        AesKey key = PakArchives.key(args);
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        GameProfile game;
        try {
            game = GameProfile.of(args.string("game"));
        } catch (UnsupportedVersionException e) {
            throw ActionException.invalid("Field 'game': " + e.getMessage());
        }
        PakWriteResult r = CompanionPak.write(out, files, key, game.companionPak(), args.string("mount_point"), args.integer("path_hash_seed"));
        r.warnings().forEach(ctx::warn);
        return ActionResult.of("Created companion pak " + out, new Created(out.toString(), files.size(), List.copyOf(files)));
    }
}
