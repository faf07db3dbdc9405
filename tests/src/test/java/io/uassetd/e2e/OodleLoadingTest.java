package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.client.UassetdClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The daemon's Oodle loading as users see it through {@code version}. */
class OodleLoadingTest {
    @Test
    void missingLibraryIsReportedWithEveryPlaceTriedAndReadingStillWorks() throws Exception {
        try (UassetdClient c = UassetdClient.spawnJar(Daemon.jar(), "--oodle", "/definitely/not/here/liboo2corelinux64.so.9")) {
            JsonNode v = c.send("version", Map.of()).get(30, TimeUnit.SECONDS).dataTree();
            assertThat(v.get("oodle_native").booleanValue()).isFalse();
            assertThat(v.get("oodle_detail").textValue()).contains("/definitely/not/here").contains("UASSETD_OODLE");
            JsonNode oodle = null;
            for (JsonNode m : v.get("compression_methods")) {
                if (m.get("name").textValue().equals("Oodle")) {
                    oodle = m;
                }
            }
            assertThat(oodle).isNotNull();
            assertThat(oodle.get("decompress").booleanValue()).as("pure-Java decoder").isTrue();
            assertThat(oodle.get("compress").booleanValue()).isFalse();
        }
    }

    @Test
    void libraryGivenWithOodleOptionIsLoadedAndReported() throws Exception {
        // The test build of the native module compiles a stand-in library with Oodle's entry points.
        Path fake = Path.of(System.getProperty("uassetd.repoRoot", ".."), "native", "target", "fake-oodle", "liboo2corelinux64.so.9");
        Assumptions.assumeTrue(Files.isRegularFile(fake), "no C compiler: the native module built no test library at " + fake);
        try (UassetdClient c = UassetdClient.spawnJar(Daemon.jar(), "--oodle", fake.toString())) {
            JsonNode v = c.send("version", Map.of()).get(30, TimeUnit.SECONDS).dataTree();
            assertThat(v.get("oodle_native").booleanValue()).isTrue();
            assertThat(v.get("oodle_backend").textValue()).startsWith("native").contains(fake.getFileName().toString());
        }
    }
}
