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
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import io.uassetd.daemon.cache.CacheKey;
import io.uassetd.daemon.cache.Lease;
import io.uassetd.daemon.cache.ResourceCache;
import io.uassetd.daemon.util.Keys;
import java.nio.file.Files;
import java.nio.file.Path;

/** Opens paks through the daemon's cache (keyed by file, size, mtime, key and scheme). */
final class PakArchives {
    static final FieldSpec HASH_CHECK = FieldSpec.optional("hash_check", FieldType.BOOLEAN, true,
            "check each unencrypted entry's SHA-1 while copying it (one pass; an altered entry fails and is not written); "
            + "--no-hash-check skips it").cli("--hash-check");
    static final FieldSpec FILE_PATH = FieldSpec.required("file_path", FieldType.STRING, "the .pak file");
    static final FieldSpec AES_KEY = FieldSpec.optional("aes_key", FieldType.STRING, null,
            "AES-256 key as hex (with or without 0x) or base64").cli("--aes");
    static final FieldSpec SCHEME = FieldSpec.optional("encryption_scheme", FieldType.STRING, "standard",
            "encryption scheme of the pak: " + EncryptionScheme.names() + ", or a game profile's name for its scheme (" + GameProfile.names() + ")");
    static final FieldSpec FILTER = FieldSpec.optional("filter_patterns", FieldType.STRING_LIST, null,
            "globs (*, ?, **) or substrings; an entry passes when it matches any").cli("--filter");

    private PakArchives() {
    }

    static AesKey key(Args args) {
        return Keys.parse(args.string("aes_key"));
    }

    static EncryptionScheme scheme(Args args) {
        try {
            return GameProfile.encryptionSchemeNamed(args.string("encryption_scheme"));
        } catch (IllegalArgumentException e) {
            throw ActionException.invalid(e.getMessage());
        }
    }

    /** Opens (or reuses) the pak named by {@code file_path} with the request's key and scheme. */
    static Lease<PakReader> open(Args args, ActionContext ctx) throws Exception {
        Path file = args.requirePath("file_path");
        PackageOpener.checkFile(file, "Pak file");
        AesKey key = key(args);
        EncryptionScheme scheme = scheme(args);
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
