package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.client.UassetdClient;
import io.uassetd.codecs.iostore.scriptobjects.ScriptObjectsDatabase;
import io.uassetd.protocol.Reply;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The script-objects database (with the class set import resolution builds from it) is a cache
 * entry of its own, counted at its measured size and freed by eviction: a daemon with a 5 MiB
 * cache over the UE5.8 (36,979 objects) and UE5.2 (30,101 objects) global containers.
 */
class ScriptObjectsCacheTest {
    static final String KEY_HEX = "435545345061727365466978747572654145534b657930313233343536373839";
    static final long CAPACITY = 5L << 20;

    static Reply call(UassetdClient d, String action, Map<String, ?> fields) throws Exception {
        return d.send(action, fields).get(120, TimeUnit.SECONDS);
    }

    /** Each entry as its kind and identity, the identity less its AES-key qualifier. */
    static List<String> items(JsonNode stats) {
        List<String> out = new ArrayList<>();
        // the identity less its key qualifier (a hash of the AES key)
        stats.get("items").forEach(i -> out.add(i.get("kind").textValue() + " " + i.get("identity").textValue().replaceAll("#key:[0-9a-f]+", "")));
        return out;
    }

    static long bytesOf(JsonNode stats, String kind) {
        for (JsonNode i : stats.get("items")) {
            if (i.get("kind").textValue().equals(kind)) {
                return i.get("bytes").longValue();
            }
        }
        throw new AssertionError("no " + kind + " entry in " + stats);
    }

    @Test
    void scriptObjectsAreAnEntryOfTheirOwnAtTheirMeasuredSizeAndEvictionFreesThem(@TempDir Path out) throws Exception {
        Path ue58 = Fixtures.path("cue4parse/UE5_8/IoStore/Tagged").toRealPath();
        Path ue52 = Fixtures.path("unrealmodding/iostore").toRealPath();
        try (UassetdClient d = UassetdClient.spawnJar(Daemon.jar(), "--cache-mb", "5")) {
            Reply so = call(d, "extract_script_objects", Map.of("file_path", ue58.toString(), "aes_key", KEY_HEX,
                    "output_path", out.resolve("ue58.bin").toString()));
            assertThat(so.success()).as(so.message()).isTrue();
            long db58 = ScriptObjectsDatabase.read(out.resolve("ue58.bin")).retainedBytes();

            JsonNode first = call(d, "cache_stats", Map.of()).dataTree();
            assertThat(first.get("capacity_bytes").longValue()).isEqualTo(CAPACITY);
            assertThat(items(first)).containsExactly(
                    "package_store " + ue58,
                    "script_objects " + ue58.resolve("global.utoc"));
            long store58 = bytesOf(first, "package_store");
            assertThat(bytesOf(first, "script_objects")).isEqualTo(db58);
            // the database dwarfs the containers' own estimate: 3.8 MB (compact since "Memory, round 2"; 20.5 MB
            // before) against 0.2 MB
            assertThat(db58).isGreaterThan(10 * store58);
            assertThat(first.get("bytes").longValue()).isEqualTo(store58 + db58);

            // A second request is served from both entries.
            assertThat(call(d, "extract_script_objects", Map.of("file_path", ue58.toString(), "aes_key", KEY_HEX,
                    "output_path", out.resolve("again.bin").toString())).success()).isTrue();
            JsonNode second = call(d, "cache_stats", Map.of()).dataTree();
            assertThat(second.get("misses").longValue()).isEqualTo(first.get("misses").longValue());
            assertThat(second.get("hits").longValue()).isEqualTo(first.get("hits").longValue() + 2);

            // The UE5.2 store and its database do not fit beside the UE5.8 ones: the older two are evicted.
            Reply info = call(d, "package_store_info", Map.of("game_paks", ue52.toString()));
            assertThat(info.dataTree().get("script_object_count").intValue()).isEqualTo(30_101);
            Reply so52 = call(d, "extract_script_objects", Map.of("file_path", ue52.toString(),
                    "output_path", out.resolve("ue52.bin").toString()));
            assertThat(so52.success()).as(so52.message()).isTrue();
            long db52 = ScriptObjectsDatabase.read(out.resolve("ue52.bin")).retainedBytes();
            assertThat(db58 + db52).isGreaterThan(CAPACITY);
            JsonNode third = call(d, "cache_stats", Map.of()).dataTree();
            assertThat(items(third)).containsExactly(
                    "package_store " + ue52,
                    "script_objects " + ue52.resolve("global.utoc"));
            assertThat(third.get("evictions").longValue()).isEqualTo(2);
            assertThat(bytesOf(third, "script_objects")).isEqualTo(db52);
            assertThat(third.get("bytes").longValue()).isEqualTo(bytesOf(third, "package_store") + db52)
                    .isLessThanOrEqualTo(CAPACITY);

            // Clearing drops them too.
            call(d, "cache_stats", Map.of("clear", true));
            JsonNode cleared = call(d, "cache_stats", Map.of()).dataTree();
            assertThat(cleared.get("items")).isEmpty();
            assertThat(cleared.get("bytes").longValue()).isZero();
            assertThat(cleared.get("evictions").longValue()).isEqualTo(4);

            // A ScriptObjects.bin given to a conversion is an entry of its own, keyed by the file.
            Reply converted = call(d, "extract_iostore_legacy", Map.of("game_paks", ue58.toString(), "aes_key", List.of(KEY_HEX),
                    "script_objects", out.resolve("ue58.bin").toString(), "filter_patterns", List.of("DA_AllProperties"),
                    "output_path", out.resolve("legacy").toString()));
            assertThat(converted.success()).as(converted.message()).isTrue();
            assertThat(converted.dataTree().get("failed_count").intValue()).isZero();
            JsonNode fromBin = call(d, "cache_stats", Map.of()).dataTree();
            assertThat(items(fromBin)).containsExactly(
                    "package_store " + ue58 + "|script_objects:" + out.resolve("ue58.bin").toAbsolutePath().normalize(),
                    "script_objects " + out.resolve("ue58.bin").toRealPath());
            assertThat(bytesOf(fromBin, "script_objects")).isEqualTo(db58);
        }
    }
}
