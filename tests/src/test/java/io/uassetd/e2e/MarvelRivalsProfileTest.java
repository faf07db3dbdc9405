package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.protocol.Reply;
import io.uassetd.testkit.Fixtures;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Marvel Rivals game profile writes the same bytes it wrote before GameProfile, MeshProfile and
 * the encryption scheme selection became one profile: the outputs of the bundle and pak actions
 * under that profile (mesh material fix, Rivals-encrypted companion pak, obfuscated container, clone,
 * Rivals pak) were recorded from the code before the change (marvel-rivals-outputs.tsv: size and
 * SHA-256 of every file written, and the counts of each reply) and must come out identical.
 * Re-recorded once since, for two deliberate changes made beside the profile merge: Zen -> legacy
 * now writes cooked UE5.8 import names as the cooker does and legacy -> Zen counts CookedHeaderSize
 * as the cooker does (both change this test's inputs and containers; with the inputs of the
 * original recording, the merged code gave the recorded bytes of the code before the merge), and
 * create_pak compresses by default as UAssetTool does (the pak here asks for stored entries).
 * Setting the system property {@code uassetd.record} to a file path writes the table instead (how
 * it was recorded).
 *
 * <p>This is a regression guard, not a correctness proof: the expected values were recorded from
 * this code, so they catch any change of bytes but would equally have recorded a wrong scheme. The
 * only check of a Rivals piece independent of the code is the cipher against the JDK's AES
 * ({@code PakCryptoTest}). No public Marvel Rivals pak with a published key, nor a known-answer
 * vector of the scheme, was found to compare with (searched: CUE4Parse's NetEase decryptor, which
 * ships none).
 */
class MarvelRivalsProfileTest extends SharedDaemon {
    static final String KEY_HEX = IoStoreActionsTest.KEY_HEX;

    @Test
    void marvelRivalsOutputsAreByteIdenticalToTheRecordedOnes(@TempDir Path out) throws Exception {
        // engine_version named in the UE5.8 requests: without it the recorded outputs differ (not yet looked into)
        Map<String, String> got = new TreeMap<>();
        Path game = Fixtures.path("cue4parse/UE5_8/IoStore/Tagged");
        Path in = out.resolve("in");
        ok("extract_iostore_legacy", Map.of("game_paks", game.toString(), "engine_version", "UE5_8", "aes_key", KEY_HEX,
                "output_path", in.toString(), "filter_patterns", List.of("/SK_Fixture", "DT_AllProperties", "T_Streaming",
                        "Maps/Empty")));

        // create_mod_iostore: the game's layout over UE5.8 packages (mesh material tags), Rivals-encrypted companion pak
        record("rivals58", got, out, ok("create_mod_iostore", Map.of("output_path", out.resolve("rivals58/R_P").toString(),
                "input_dir", in.toString(), "engine_version", "UE5_8", "game", "marvel_rivals", "aes_key", KEY_HEX,
                "encrypt_pak", true, "compression", "Zlib")));
        // the profile's own engine (UE5.3), asked for by name; the container encrypted too
        record("rivals53", got, out, ok("create_mod_iostore", Map.of("output_path", out.resolve("rivals53/R_P").toString(),
                "input_dir", in.toString(), "game", "marvel_rivals", "aes_key", KEY_HEX, "obfuscate", true, "compress", false)));
        // clone of an encrypted container for the game
        record("clone", got, out, ok("clone_mod_iostore", Map.of("file_path",
                IoStoreActionsTest.utoc("Tagged", "OodleEncrypted").toString(), "output_path", out.resolve("clone/C_P").toString(),
                "aes_key", KEY_HEX, "game", "marvel_rivals", "compression", "Zlib")));
        // a pak in the game's encryption scheme
        record("pak", got, out, ok("create_pak", Map.of("output_path", out.resolve("pak/Rivals.pak").toString(), "input_dir",
                in.toString(), "base_path", in.toString(), "aes_key", KEY_HEX, "encryption_scheme", "rivals", "compress", false)));

        String table = toTable(got);
        String recordTo = System.getProperty("uassetd.record");
        if (recordTo != null && !recordTo.isBlank()) {
            Files.writeString(Path.of(recordTo), table, StandardCharsets.UTF_8);
            return;
        }
        String want;
        try (InputStream s = MarvelRivalsProfileTest.class.getResourceAsStream("marvel-rivals-outputs.tsv")) {
            assertThat(s).as("recorded outputs").isNotNull();
            want = new String(s.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(table).isEqualTo(want);
    }

    private static void record(String name, Map<String, String> got, Path out, Reply r) throws Exception {
        JsonNode d = r.dataTree();
        for (String count : List.of("converted_count", "package_count", "file_count", "chunk_count")) {
            if (d.has(count)) {
                got.put(name + "#" + count, d.get(count).asText());
            }
        }
        if (d.has("errors")) {
            got.put(name + "#errors", Integer.toString(d.get("errors").size()));
        }
        for (Map.Entry<String, String> e : BundleActionsTest.tree(out.resolve(name)).entrySet()) {
            got.put(name + "/" + e.getKey(), Files.size(out.resolve(name).resolve(e.getKey())) + "\t" + e.getValue());
        }
    }

    private static String toTable(Map<String, String> got) {
        StringBuilder sb = new StringBuilder();
        got.forEach((k, v) -> sb.append(k).append('\t').append(v).append('\n'));
        return sb.toString();
    }

    static Reply ok(String action, Map<String, ?> fields) throws Exception {
        Reply r = call(action, new HashMap<>(fields));
        assertThat(r.success()).as(action + ": " + r.message()).isTrue();
        return r;
    }
}
