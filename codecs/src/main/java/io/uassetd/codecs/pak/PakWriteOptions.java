package io.uassetd.codecs.pak;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.crypto.EncryptionScheme;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * How to write a pak.
 *
 * @param version V3..V15 (V8A and V8B selectable)
 * @param mountPoint e.g. {@code ../../../}
 * @param pathHashSeed the V10+ path hash seed
 * @param compression default method for entries (NONE: stored); a {@link PakSource} may override it
 * @param key AES key, or null for no encryption; at V15 the standard scheme encrypts with AES-CTR as
 *     UE6.0's UnrealPak does (see {@link #ctr()}), older versions and other schemes with AES-ECB
 * @param encryptIndex encrypt the index (needs a key)
 * @param encryptEntries encrypt entry data (needs a key)
 * @param blockSize compression block size (64 KiB as UnrealPak)
 * @param storeIncompressible store an entry uncompressed when compression does not make it smaller
 * @param executor runs block compression in parallel; null (the default): a pool of one thread per
 *     core, created for each write and shut down after it
 * @param durable fsync the pak before it is renamed into place (default true)
 */
public record PakWriteOptions(PakVersion version, String mountPoint, long pathHashSeed, CompressionMethod compression,
        AesKey key, EncryptionScheme scheme, boolean encryptIndex, boolean encryptEntries, Codecs codecs, int blockSize,
        boolean storeIncompressible, Executor executor, boolean durable) {

    public PakWriteOptions {
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(mountPoint, "mountPoint");
        Objects.requireNonNull(compression, "compression");
        Objects.requireNonNull(scheme, "scheme");
        Objects.requireNonNull(codecs, "codecs");
        if (!version.writable()) {
            throw new IllegalArgumentException("Cannot write pak version " + version + " (V3..V15 only)");
        }
        if ((encryptIndex || encryptEntries) && key == null) {
            throw new IllegalArgumentException("Encryption needs an AES key");
        }
        if (encryptIndex && version.before(PakVersion.INDEX_ENCRYPTION)) {
            throw new IllegalArgumentException("Index encryption needs V4 or later");
        }
        if (blockSize < 2048 || blockSize > (1 << 24) || blockSize % 16 != 0) {
            throw new IllegalArgumentException("Bad compression block size " + blockSize);
        }
    }

    /**
     * Whether encrypted parts are AES-CTR: pak V15 (PakFile_Version_EncryptionMethod) under the
     * standard scheme, as the UE6.0 fixtures are; each encrypted entry and index region gets a fresh
     * random 12-byte IV recorded in the index or the footer.
     */
    public boolean ctr() {
        return key != null && version.atLeast(PakVersion.ENCRYPTION_METHOD) && scheme == EncryptionScheme.STANDARD
                && (encryptIndex || encryptEntries);
    }

    /** V11, mount point {@code ../../../}, seed 0, no compression, no key. */
    public static PakWriteOptions defaults() {
        return new PakWriteOptions(PakVersion.FNV64_BUG_FIX, "../../../", 0, CompressionMethod.NONE, null,
                EncryptionScheme.STANDARD, false, false, Codecs.standard(), 1 << 16, true, null, true);
    }

    public PakWriteOptions withVersion(PakVersion v) {
        return new PakWriteOptions(v, mountPoint, pathHashSeed, compression, key, scheme, encryptIndex, encryptEntries, codecs,
                blockSize, storeIncompressible, executor, durable);
    }

    public PakWriteOptions withMountPoint(String m) {
        return new PakWriteOptions(version, m, pathHashSeed, compression, key, scheme, encryptIndex, encryptEntries, codecs,
                blockSize, storeIncompressible, executor, durable);
    }

    public PakWriteOptions withPathHashSeed(long s) {
        return new PakWriteOptions(version, mountPoint, s, compression, key, scheme, encryptIndex, encryptEntries, codecs,
                blockSize, storeIncompressible, executor, durable);
    }

    public PakWriteOptions withCompression(CompressionMethod m) {
        return new PakWriteOptions(version, mountPoint, pathHashSeed, m, key, scheme, encryptIndex, encryptEntries, codecs,
                blockSize, storeIncompressible, executor, durable);
    }

    /** Sets the key and what to encrypt. */
    public PakWriteOptions withEncryption(AesKey k, EncryptionScheme s, boolean index, boolean entries) {
        return new PakWriteOptions(version, mountPoint, pathHashSeed, compression, k, s, index, entries, codecs,
                blockSize, storeIncompressible, executor, durable);
    }

    public PakWriteOptions withCodecs(Codecs c) {
        return new PakWriteOptions(version, mountPoint, pathHashSeed, compression, key, scheme, encryptIndex, encryptEntries, c,
                blockSize, storeIncompressible, executor, durable);
    }

    public PakWriteOptions withStoreIncompressible(boolean b) {
        return new PakWriteOptions(version, mountPoint, pathHashSeed, compression, key, scheme, encryptIndex, encryptEntries, codecs,
                blockSize, b, executor, durable);
    }

    public PakWriteOptions withExecutor(Executor e) {
        return new PakWriteOptions(version, mountPoint, pathHashSeed, compression, key, scheme, encryptIndex, encryptEntries, codecs,
                blockSize, storeIncompressible, e, durable);
    }

    public PakWriteOptions withDurable(boolean d) {
        return new PakWriteOptions(version, mountPoint, pathHashSeed, compression, key, scheme, encryptIndex, encryptEntries, codecs,
                blockSize, storeIncompressible, executor, d);
    }
}
