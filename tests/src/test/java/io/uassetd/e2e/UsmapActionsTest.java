package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.client.UassetdClient;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.testkit.Fixtures;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Mappings through the daemon: counts, the four compressions, the cache, and USMAP_PATH. */
class UsmapActionsTest extends SharedDaemon {
    @Test
    void countsMatchAndEveryCompressionGivesTheSameMappings() throws Exception {
        JsonNode blank = call("inspect_usmap", Map.of("usmap_path", Fixtures.path("uassetapi/TestUE5_4/BlankGame/BlankGame_Dumper-7.usmap").toString())).dataTree();
        assertThat(List.of(blank.get("name_count").intValue(), blank.get("enum_count").intValue(), blank.get("schema_count").intValue()))
                .containsExactly(31_948, 1_565, 7_657);
        JsonNode explicit = call("inspect_usmap", Map.of("usmap_path",
                Fixtures.path("uassetapi/TestUE5_6/BpThirdPerson/ExplicitEnumValuesExample.usmap").toString())).dataTree();
        assertThat(List.of(explicit.get("name_count").intValue(), explicit.get("enum_count").intValue(), explicit.get("schema_count").intValue()))
                .containsExactly(36_767, 1_739, 9_230);
        JsonNode first = null;
        for (String c : List.of("Uncompressed", "Oodle", "Brotli", "Zstandard")) {
            JsonNode d = call("inspect_usmap", Map.of("usmap_path", Fixtures.path("cue4parse/UE5_8/Mappings/CUE4ParseFixtures-" + c + ".usmap").toString(),
                    "struct", "Actor")).dataTree();
            assertThat(d.get("properties")).as(c).isNotEmpty();
            if (first == null) {
                first = d;
            } else {
                assertThat(d.get("properties")).as(c).isEqualTo(first.get("properties"));
                assertThat(d.get("schema_count")).isEqualTo(first.get("schema_count"));
            }
        }
        long misses = call("cache_stats", Map.of()).dataTree().get("misses").longValue();
        call("inspect_usmap", Map.of("usmap_path", Fixtures.path("cue4parse/UE5_8/Mappings/CUE4ParseFixtures-Oodle.usmap").toString()));
        assertThat(call("cache_stats", Map.of()).dataTree().get("misses").longValue()).isEqualTo(misses);
        assertThat(call("inspect_usmap", Map.of("usmap_path", Fixtures.path("uassetapi/TestJson/Outriders.usmap").toString(), "struct", "NoSuchStruct"))
                .errorCode()).isEqualTo(ErrorCode.NOT_FOUND);
    }

    @Test
    void usmapPathFallsBackToTheEnvironmentVariable() throws Exception {
        String usmap = Fixtures.path("unrealmodding/ue5/palia.usmap").toString();
        java.util.List<String> cmd = Daemon.command("serve");
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("USMAP_PATH", usmap);
        Process p = pb.redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (UassetdClient c = UassetdClient.attach(p.getInputStream(), p.getOutputStream())) {
            var r = c.send("inspect_usmap", Map.of()).get(60, TimeUnit.SECONDS);
            assertThat(r.success()).as(r.message()).isTrue();
            assertThat(r.dataTree().get("usmap_path").textValue()).isEqualTo(usmap);
        }
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void debugAssetInfoShowsTheLayout() throws Exception {
        JsonNode d = call("debug_asset_info", Map.of("file_path", Fixtures.path("uassetapi/TestJson/Items.uasset").toString())).dataTree();
        assertThat(d.get("summary").get("detected_type").textValue()).isEqualTo("StringTable");
        assertThat(d.get("split").booleanValue()).isTrue();
        assertThat(d.get("layout").toString()).contains("NAME_MAP").contains("EXPORT_DATA[0]");
    }
}
