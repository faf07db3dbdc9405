package io.uassetd.codecs.zen.convert;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.io.OutputFolders;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.testkit.ZenLegacyFixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every file Zen -> legacy extraction writes for the 97 packages of each CUE4Parse UE5.8 container
 * (Tagged and Unversioned: .uasset/.umap, .uexp, .ubulk), byte for byte: the SHA-256 of each file
 * against the list in {@code zen-legacy-ue58-<mode>.sha256}, made by the converter before the speed
 * work of issue 29 (the speed work must not change a byte). The headers themselves are checked
 * against the real cooked UE5.8 legacy packages by {@code CookedHeaderSizeTest} and the round trips.
 * Run with {@code -Duassetd.regenerate=true} to rewrite the lists after a deliberate output change.
 */
class ExtractedBytesTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Tagged", "Unversioned"})
    void everyExtractedFileIsByteIdentical(String mode, @TempDir Path out) throws IOException {
        try (PackageStore store = ZenLegacyFixtures.store(mode)) {
            OutputFolders folders = new OutputFolders(out);
            var scripts = store.scriptObjects().orElseThrow();
            List<Long> ids = new ArrayList<>(store.packageIds());
            ids.sort(Long::compareUnsigned);
            for (long id : ids) {
                ZenToLegacy.convert(store, scripts, id, EngineVersion.UE5_8, ZenToLegacy.Unresolved.RECOVER).extractUnder(out, folders);
            }
        }
        TreeMap<String, String> hashes = new TreeMap<>();
        try (Stream<Path> s = Files.walk(out)) {
            for (Path p : (Iterable<Path>) s.filter(Files::isRegularFile)::iterator) {
                hashes.put(out.relativize(p).toString().replace('\\', '/'), sha256(Files.readAllBytes(p)));
            }
        }
        StringBuilder text = new StringBuilder();
        hashes.forEach((path, hash) -> text.append(hash).append("  ").append(path).append('\n'));
        String name = "zen-legacy-ue58-" + mode.toLowerCase(java.util.Locale.ROOT) + ".sha256";
        if (Boolean.getBoolean("uassetd.regenerate")) {
            Path res = Path.of("src/test/resources/zenlegacy").resolve(name);
            Files.createDirectories(res.getParent());
            Files.writeString(res, text.toString());
        }
        String expected;
        try (var in = ExtractedBytesTest.class.getResourceAsStream("/zenlegacy/" + name)) {
            assertThat(in).as(name + " on the test classpath").isNotNull();
            expected = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(hashes).hasSizeGreaterThan(190);
        assertThat(text.toString().lines().toList()).containsExactlyElementsOf(expected.lines().toList());
    }

    private static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
