package io.uassetd.codecs.pak;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.io.Coverage;
import io.uassetd.codecs.task.TaskMonitor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every repak/UnrealPak fixture pack: list, extract, verify, and every byte consumed. */
class PakRepakFixtureTest {
    @TempDir
    Path tmp;

    static java.util.stream.Stream<String> packs() {
        return RepakFixtures.all();
    }

    private static PakReadOptions options(String name) {
        return RepakFixtures.needsKey(name) ? PakReadOptions.defaults().withKey(RepakFixtures.KEY) : PakReadOptions.defaults();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("packs")
    void listsExtractsAndConsumesEveryByte(String name) throws Exception {
        Path file = RepakFixtures.pack(name);
        Coverage coverage = new Coverage();
        try (PakReader pak = PakReader.open(file, options(name), coverage)) {
            PakInfo info = pak.info();
            assertThat(info.version()).isEqualTo(RepakFixtures.version(name));
            assertThat(info.mountPoint()).isEqualTo(RepakFixtures.MOUNT);
            assertThat(info.encryptedIndex()).isEqualTo(name.contains("encryptindex"));
            if (name.equals("pack_v11.pak")) {
                assertThat(info.pathHashSeed()).isEqualTo(RepakFixtures.SEED);
            }
            assertThat(pak.entries()).extracting(PakEntry::path)
                    .containsExactlyInAnyOrder("test.txt", "test.png", "zeros.bin", "directory/nested.txt");
            boolean entriesEncrypted = name.matches(".*_encrypt[_.].*");
            assertThat(pak.entries()).allMatch(e -> e.encrypted() == entriesEncrypted);
            if (name.contains("compress")) {
                assertThat(pak.find("zeros.bin").orElseThrow().compressed()).isTrue();
                assertThat(pak.find("zeros.bin").orElseThrow().compressionName()).isEqualTo("Zlib");
            }
            PakExtractResult r = pak.extractAll(tmp, p -> true, TaskMonitor.NONE);
            assertThat(r.failures()).isEmpty();
            assertThat(r.extractedCount()).isEqualTo(4);
            assertThat(r.bytes()).isEqualTo(446 + 10257 + 2048 + 596);
            assertThat(RepakFixtures.sha256Tree(tmp)).isEqualTo(RepakFixtures.sha256Tree(RepakFixtures.root()));
            assertThat(pak.verifyAll(TaskMonitor.NONE)).isEmpty();
            List<String> gaps = coverage.gaps(Files.size(file)).stream()
                    .map(g -> "[" + g[0] + ", " + g[1] + ")").collect(Collectors.toList());
            assertThat(gaps).as("bytes never read").isEmpty();
        }
    }
}
