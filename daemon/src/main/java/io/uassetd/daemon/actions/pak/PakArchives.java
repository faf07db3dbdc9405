package io.uassetd.daemon.actions.pak;

import io.uassetd.codecs.open.PackageOpener;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.crypto.EncryptionScheme;
import io.uassetd.codecs.game.GameProfile;
import io.uassetd.codecs.pak.PakEntry;
import io.uassetd.codecs.pak.PakReadOptions;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.cache.CacheKey;
import io.uassetd.daemon.cache.Lease;
import io.uassetd.daemon.cache.ResourceCache;
import io.uassetd.daemon.util.Keys;
import java.nio.file.Path;

/** Opens paks through the daemon's cache (keyed by file, size, mtime, key and scheme). */
final class PakArchives {
    static final String HASH_CHECK = "check each unencrypted entry's SHA-1 while copying it (one pass; an altered entry fails and is not"
            + " written); --no-hash-check skips it";
    static final String FILE_PATH = "the .pak file";
    static final String AES_KEY = "AES-256 key as hex (with or without 0x) or base64";
    static final String SCHEME = "encryption scheme of the pak: standard, word_swap, or a game profile's name for its scheme"
            + " (none, marvel_rivals)";
    static final String FILTER = "globs (*, ?, **) or substrings; an entry passes when it matches any";

    /** What a request that reads a pak names: the file, its key and its encryption scheme. */
    interface Source {
        Path file_path();

        String aes_key();

        String encryption_scheme();
    }

    private PakArchives() {
    }

    static AesKey key(String text) {
        return Keys.parse(text);
    }

    static EncryptionScheme scheme(String name) {
        try {
            return GameProfile.encryptionSchemeNamed(name);
        } catch (IllegalArgumentException e) {
            throw ActionException.invalid(e.getMessage());
        }
    }

    /** Opens (or reuses) the pak named by {@code file_path} with the request's key and scheme. */
    static Lease<PakReader> open(Source q, ActionContext ctx) throws Exception {
        Path file = q.file_path();
        PackageOpener.checkFile(file, "Pak file");
        AesKey key = key(q.aes_key());
        EncryptionScheme scheme = scheme(q.encryption_scheme());
        String qualifier = Keys.qualifier(key) + "/" + scheme.name();
        CacheKey ck = CacheKey.ofFile("pak", file, qualifier);
        PakReadOptions options = new PakReadOptions(key, scheme, ctx.services().codecs());
        Lease<PakReader> lease = ctx.services().cache().acquire(ck, () -> {
            PakReader r = PakReader.open(file, options);
            return new ResourceCache.Loaded<>(r, estimate(r));
        });
        lease.get().warnings().forEach(ctx::warn);
        return lease;
    }

    /** Retained bytes of an opened pak: its entry table. */
    static long estimate(PakReader r) {
        long b = 4096;
        for (PakEntry e : r.entries()) {
            b += 160 + 2L * e.path().length();
        }
        return b;
    }
}
