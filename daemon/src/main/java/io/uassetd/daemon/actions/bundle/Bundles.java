package io.uassetd.daemon.actions.bundle;

import io.uassetd.codecs.bundle.BundleInput;
import io.uassetd.codecs.asset.version.EngineVersion;
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
import io.uassetd.daemon.util.Keys;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** Fields and choices the bundle actions share: profile, compression, keys, output names. */
final class Bundles {
    static final String COMPRESSION = "the method when compressing: Oodle (needs the native library), Zlib, LZ4, Zstd";
    static final String OODLE_FALLBACK = "what to use when Oodle is asked for but the native library is not loaded: Zlib or None (said in"
            + " warnings)";
    static final String ENGINE = "the engine to write for (a UE5 release); auto: the game profile's engine (marvel_rivals: UE5_3);"
            + " with game none, detected from the input packages";
    static final String GAME = "game profile: none, marvel_rivals (default marvel_rivals unless engine_version is given)";
    static final String MOUNT = "mount point of the container's directory index and the companion pak";

    private Bundles() {
    }

    /**
     * The profile a request asks for: {@code gameName} (default marvel_rivals unless
     * {@code engine} names an engine) and engine (null, auto: the game's); the engine is recorded
     * for the reply. With {@code game: none} and no engine, the engine is detected from the
     * packages among {@code inputs} (see {@link BundleEngines#detect}).
     */
    static IoStoreProfile profile(String gameName, EngineVersion engine, ActionContext ctx, List<BundleInput> inputs) {
        try {
            BundleEngines.Chosen c = BundleEngines.profile(engine, gameName, inputs, ctx::warn);
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

    /** The method {@code name} names, or its fallback ({@code oodleFallback}) when it cannot compress here (with a warning). */
    static CompressionMethod method(String name, String oodleFallback, Codecs codecs, ActionContext ctx) {
        CompressionMethod m = parse(name, "compression");
        if (m == CompressionMethod.NONE || codecs.canCompress(m)) {
            return m;
        }
        CompressionMethod fallback = parse(oodleFallback, "oodle_fallback");
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

    /** The {@code file_path} of a container request, checked: an existing .utoc. */
    static Path requireUtoc(Path utoc) {
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
