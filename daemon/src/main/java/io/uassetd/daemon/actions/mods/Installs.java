package io.uassetd.daemon.actions.mods;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.codecs.asset.json.UAssetJson;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.crypto.EncryptionScheme;
import io.uassetd.codecs.game.GameProfile;
import io.uassetd.codecs.open.PackageOpener;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.actions.usmap.Mappings;
import io.uassetd.daemon.util.Keys;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** What the install actions share: keys, scheme, folders, the package opener and a scratch folder. */
final class Installs {
    private Installs() {
    }

    /** {@code aes_key} then {@code aes_keys}, parsed; empty for none. */
    static List<AesKey> keys(String aesKey, List<String> more) {
        List<AesKey> out = new ArrayList<>();
        AesKey k = Keys.parse(aesKey);
        if (k != null) {
            out.add(k);
        }
        if (more != null) {
            for (String s : more) {
                AesKey m = Keys.parse(s);
                if (m != null && !out.contains(m)) {
                    out.add(m);
                }
            }
        }
        return out;
    }

    static EncryptionScheme scheme(String name) {
        try {
            return GameProfile.encryptionSchemeNamed(name);
        } catch (IllegalArgumentException e) {
            throw ActionException.invalid(e.getMessage());
        }
    }

    /** A folder the request names: NOT_FOUND when absent, INVALID_ARGUMENT when it is a file. */
    static Path folder(Path p, String field) {
        if (!Files.exists(p)) {
            throw ActionException.notFound("Folder not found: " + p + " (" + field + ")", p.toString());
        }
        if (!Files.isDirectory(p)) {
            throw ActionException.invalid("Field '" + field + "' must name a folder of paks and IoStore containers, not a file: " + p);
        }
        return p;
    }

    /** The request's package opener: its engine and mappings, mappings read through the daemon's cache. */
    static PackageOpener opener(EngineVersion engine, Path usmap, ActionContext ctx) {
        return new PackageOpener(engine, usmap, null, file -> {
            try (var lease = Mappings.open(ctx, file)) {
                return lease.get().usmap();
            }
        }, ctx::warn, ctx.engineBatch());
    }

    /** A legacy package on disk as its UAssetAPI-schema JSON tree, through {@code opener}. */
    static JsonNode tree(PackageOpener opener, Path uasset, ActionContext ctx) throws Exception {
        PackageOpener.Opened o = opener.open(uasset);
        ctx.usedEngine(o.choice());
        return UAssetJson.toTree(o.pkg(), o.mappings());
    }

    /** A legacy package's JSON tree when it holds a DataTable or StringTable, else null (its tree is not made). */
    static JsonNode tableTree(PackageOpener opener, Path uasset, ActionContext ctx) throws Exception {
        PackageOpener.Opened o = opener.open(uasset);
        ctx.usedEngine(o.choice());
        return io.uassetd.codecs.mods.ModConflicts.tableTree(o.pkg(), o.mappings());
    }

    static Path scratch() throws IOException {
        return Files.createTempDirectory("uassetd-installs");
    }

    static void delete(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // best effort
                }
            });
        } catch (IOException e) {
            // best effort
        }
    }
}
