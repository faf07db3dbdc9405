package io.uassetd.daemon.actions.bundle;

import io.uassetd.codecs.bundle.BundleInput;
import io.uassetd.daemon.action.EngineField;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.iostore.ContainerKeys;
import io.uassetd.codecs.iostore.IoStoreContainer;
import io.uassetd.codecs.bundle.ContainerCopy;
import io.uassetd.codecs.open.BundleEngines;
import io.uassetd.codecs.open.PackageOpener;
import io.uassetd.codecs.game.GameProfile;
import io.uassetd.codecs.bundle.IoStoreProfile;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import io.uassetd.daemon.util.Keys;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** Fields and choices the bundle actions share: profile, compression, keys, output names. */
final class Bundles {
    static final FieldSpec COMPRESS = FieldSpec.optional("compress", FieldType.BOOLEAN, true,
            "compress the chunks (the container header is always stored)");
    static final FieldSpec COMPRESSION = FieldSpec.optional("compression", FieldType.STRING, "Oodle",
            "the method when compressing: Oodle (needs the native library), Zlib, LZ4, Zstd");
    static final FieldSpec OODLE_FALLBACK = FieldSpec.optional("oodle_fallback", FieldType.STRING, "Zlib",
            "what to use when Oodle is asked for but the native library is not loaded: Zlib or None (said in warnings)");
    static final FieldSpec AES_KEY = FieldSpec.optional("aes_key", FieldType.STRING, null,
            "AES-256 key (hex or base64): encrypts the companion pak (game profile's scheme); with obfuscate also the container");
    static final FieldSpec PAK_AES = FieldSpec.optional("pak_aes", FieldType.STRING, null, "the same as aes_key (UAssetTool's CLI name)");
    static final FieldSpec OBFUSCATE = FieldSpec.optional("obfuscate", FieldType.BOOLEAN, false,
            "encrypt the .utoc/.ucas too (directory index and every block) with the key");
    static final FieldSpec ENGINE = EngineField.spec(
            "the engine to write for (a UE5 release); auto: the game profile's engine (" + GameProfile.DEFAULT.name() + ": "
                    + GameProfile.DEFAULT.engine() + "); with game none, detected from the input packages");
    static final FieldSpec GAME = FieldSpec.optional("game", FieldType.STRING, null,
            "game profile: " + GameProfile.names() + " (default " + GameProfile.DEFAULT.name()
                    + " unless engine_version is given)");
    static final FieldSpec MOUNT = FieldSpec.optional("mount_point", FieldType.STRING, "../../../",
            "mount point of the container's directory index and the companion pak");

    private Bundles() {
    }

    /**
     * The profile a request asks for: game (default marvel_rivals unless engine_version names an
     * engine) and engine (auto: the game's); the engine is recorded for the reply.
     */
    static IoStoreProfile profile(Args args, ActionContext ctx) {
        return profile(args, ctx, List.of());
    }

    /**
     * {@link #profile(Args, ActionContext)}; with {@code game: none} and no {@code engine_version},
     * the engine is detected from the packages among {@code inputs} (see {@link BundleEngines#detect}).
     */
    static IoStoreProfile profile(Args args, ActionContext ctx, List<BundleInput> inputs) {
        try {
            BundleEngines.Chosen c = BundleEngines.profile(EngineField.requested(args), args.has("game") ? args.string("game") : null,
                    inputs, ctx::warn);
            ctx.usedEngine(c.choice());
            return c.profile();
        } catch (UnsupportedVersionException e) {
            if (e.structure() != null) {
                // a format version the release needs and this build does not write (UE6_0's TOC 10): the
                // version is unsupported, the request is not wrong
                throw e;
            }
            throw ActionException.invalid(e.getMessage());
        }
    }

    /** The compression to use; an unavailable method falls back as {@code oodle_fallback} says, with a warning. */
    static CompressionMethod method(Args args, Codecs codecs, ActionContext ctx) {
        if (!args.bool("compress")) {
            return CompressionMethod.NONE;
        }
        return method(args.string("compression"), args, codecs, ctx);
    }

    /** The method {@code name} names, or its fallback when it cannot compress here (with a warning). */
    static CompressionMethod method(String name, Args args, Codecs codecs, ActionContext ctx) {
        CompressionMethod m = parse(name, "compression");
        if (m == CompressionMethod.NONE || codecs.canCompress(m)) {
            return m;
        }
        CompressionMethod fallback = parse(args.string("oodle_fallback"), "oodle_fallback");
        if (fallback != CompressionMethod.NONE && !codecs.canCompress(fallback)) {
            fallback = CompressionMethod.NONE;
        }
        ctx.warn(m.unrealName() + " compression is not available here (" + codecs.get(m).backend() + "); "
                + (fallback == CompressionMethod.NONE ? "the chunks are stored uncompressed" : "the chunks are compressed with "
                + fallback.unrealName()));
        return fallback;
    }

    static CompressionMethod parse(String name, String field) {
        if (name == null || name.isBlank() || name.equalsIgnoreCase("none") || name.equalsIgnoreCase("false")) {
            return CompressionMethod.NONE;
        }
        return CompressionMethod.byName(name).orElseThrow(() -> ActionException.invalid(
                "Field '" + field + "' names an unknown compression method '" + name + "' (Oodle, Zlib, LZ4, Zstd, None)"));
    }

    /** The key from {@code aes_key} or {@code pak_aes} (the action declares both); null when neither is given. */
    static AesKey key(Args args) {
        AesKey a = Keys.parse(args.string("aes_key"));
        AesKey b = Keys.parse(args.string("pak_aes"));
        if (a != null && b != null && !a.equals(b)) {
            throw ActionException.invalid("Fields 'aes_key' and 'pak_aes' name different keys");
        }
        return a != null ? a : b;
    }

    /**
     * The .utoc of an output base ({@code mods/MyMod_P} or {@code mods/MyMod_P.utoc}; a
     * {@code .pak}/{@code .ucas} name is taken as its base too).
     */
    static Path utocOf(Path output) {
        String f = output.getFileName().toString();
        String lower = f.toLowerCase(Locale.ROOT);
        for (String ext : List.of(".utoc", ".ucas", ".pak")) {
            if (lower.endsWith(ext)) {
                return output.resolveSibling(f.substring(0, f.length() - ext.length()) + ".utoc");
            }
        }
        return output.resolveSibling(f + ".utoc");
    }

    /** The {@code file_path} of a container request: an existing .utoc. */
    static Path requireUtoc(Args args) {
        Path utoc = args.requirePath("file_path");
        PackageOpener.checkFile(utoc, "Container");
        if (!utoc.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".utoc")) {
            throw ActionException.notFound("Container not found (a .utoc): " + utoc, utoc.toString());
        }
        return utoc;
    }

    /**
     * The container's content, read whole and closed again before anything is written (a copy may
     * replace its source).
     */
    static ContainerCopy.Snapshot snapshot(Path utoc, AesKey key, ActionContext ctx) {
        try (IoStoreContainer src = IoStoreContainer.open(utoc, ContainerKeys.of(key), ctx.services().codecs())) {
            if (src.isEncrypted() && !src.canDecrypt()) {
                throw ActionException.invalid("The container is encrypted: give its aes_key");
            }
            return ContainerCopy.read(src, ctx);
        }
    }

    static String str(Path p) {
        return p == null ? null : p.toString();
    }
}
