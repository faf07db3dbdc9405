package io.uassetd.codecs.pak;

import io.uassetd.testkit.Fixtures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** The 48 repak fixture packs and their expected contents. */
final class RepakFixtures {
    static final String KEY = "94d25bc3aeb420e0be914edc9d5435a1eaab5f2864e09e94019ac205b727a7de";
    static final String MOUNT = "../mount/point/root/";
    static final long SEED = 0x205C5A7DL;
    static final List<String> VERSIONS = List.of("v5", "v7", "v8a", "v8b", "v9", "v11");
    static final List<String> VARIANTS = List.of("", "_compress", "_compress_encrypt", "_compress_encrypt_encryptindex",
            "_compress_encryptindex", "_encrypt", "_encrypt_encryptindex", "_encryptindex");

    private RepakFixtures() {
    }

    static Stream<String> all() {
        List<String> out = new ArrayList<>();
        for (String v : VERSIONS) {
            for (String s : VARIANTS) {
                out.add("pack_" + v + s + ".pak");
            }
        }
        return out.stream();
    }

    /** Packs with neither encrypted entries nor an encrypted index. */
    static Stream<String> unencrypted() {
        return all().filter(n -> !n.contains("encrypt"));
    }

    static Path pack(String name) {
        return Fixtures.path("repak/packs/" + name);
    }

    static Path root() {
        return Fixtures.path("repak/pack/root");
    }

    static boolean needsKey(String name) {
        return name.contains("encrypt");
    }

    static PakVersion version(String name) {
        String v = name.substring(5, name.indexOf('_', 5) < 0 ? name.indexOf('.') : name.indexOf('_', 5));
        return PakVersion.parse(v);
    }

    /** path relative to root ('/' separated) -> sha256 hex, sorted. */
    static Map<String, String> sha256Tree(Path dir) {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s.filter(Files::isRegularFile)::iterator) {
                out.put(dir.relativize(p).toString().replace('\\', '/'), sha256(Files.readAllBytes(p)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    static String sha256(byte[] b) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
