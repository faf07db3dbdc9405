package io.uassetd.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** The files of a folder as a comparable value, for the tests that check a set of outputs is all old or all new. */
public final class FileSets {
    private FileSets() {
    }

    /** File name -> SHA-256 (hex) of each entry directly in {@code dir}, by name. */
    public static Map<String, String> digests(Path dir) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.toList()) {
                out.put(p.getFileName().toString(), HexFormat.of().formatHex(sha256().digest(Files.readAllBytes(p))));
            }
        }
        return out;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
