package io.uassetd.daemon.cache;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * Identifies a cached resource: its {@code kind} (e.g. "pak"), an identity (canonical path plus
 * any extra qualifier such as a hashed AES key), and a {@code stamp} of the file's size and
 * modification time. A file that changed gets a new stamp, so it is never served stale.
 */
public record CacheKey(String kind, String identity, String stamp) {
    public CacheKey {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(identity, "identity");
        Objects.requireNonNull(stamp, "stamp");
    }

    /** A key for one file, by canonical path, size and modification time. */
    public static CacheKey ofFile(String kind, Path file, String qualifier) throws IOException {
        Path real = file.toRealPath();
        return new CacheKey(kind, real + qualifierSuffix(qualifier), stampOf(real));
    }

    /** A key for a set of files (e.g. a Paks folder): identity from {@code root}, stamp from every file. */
    public static CacheKey ofFiles(String kind, Path root, List<Path> files, String qualifier) throws IOException {
        Path real = root.toRealPath();
        StringBuilder sb = new StringBuilder();
        for (Path f : files) {
            sb.append(f.toRealPath()).append('=').append(stampOf(f.toRealPath())).append(';');
        }
        return new CacheKey(kind, real + qualifierSuffix(qualifier), "files:" + sha256(sb.toString()));
    }

    private static String qualifierSuffix(String qualifier) {
        return qualifier == null || qualifier.isEmpty() ? "" : "#" + qualifier;
    }

    private static String stampOf(Path real) throws IOException {
        BasicFileAttributes a = Files.readAttributes(real, BasicFileAttributes.class);
        return a.size() + "@" + a.lastModifiedTime().toInstant() + (a.fileKey() == null ? "" : "/" + a.fileKey());
    }

    /** A qualifier that names a secret (an AES key) without keeping it: a short SHA-256 prefix. */
    public static String secretQualifier(String secret) {
        return secret == null || secret.isEmpty() ? "" : "key:" + sha256(secret).substring(0, 16);
    }

    private static String sha256(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
