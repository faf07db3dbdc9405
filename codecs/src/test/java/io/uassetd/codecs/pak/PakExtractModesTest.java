package io.uassetd.codecs.pak;

import static io.uassetd.testkit.FileModesKit.mode;
import static io.uassetd.testkit.FileModesKit.plainMode;
import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.task.TaskMonitor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Extracting a real repak pak: files in folders the extraction makes get the mode of a plain write
 * (their targets are known new, so nothing is looked up), and a file the extraction replaces in a
 * folder that existed keeps its mode, on one thread and on several.
 */
class PakExtractModesTest {
    @Test
    void newFilesGetThePlainModeAndReplacedFilesKeepTheirs(@TempDir Path tmp) throws Exception {
        String plain = plainMode(tmp, "plain");
        for (int threads : new int[] {1, 4}) {
            Path out = tmp.resolve("out" + threads);
            try (PakReader r = PakReader.open(RepakFixtures.pack("pack_v11.pak"))) {
                PakExtractResult first = r.extractAll(out, p -> true, TaskMonitor.NONE, threads);
                assertThat(first.failures()).isEmpty();
                assertThat(RepakFixtures.sha256Tree(out)).isEqualTo(RepakFixtures.sha256Tree(RepakFixtures.root()));
                for (String f : first.files()) {
                    assertThat(mode(out.resolve(f))).as(f).isEqualTo(plain);
                }
                Files.setPosixFilePermissions(out.resolve("test.txt"), PosixFilePermissions.fromString("rw-r-----"));
                Files.setPosixFilePermissions(out.resolve("directory/nested.txt"), PosixFilePermissions.fromString("rwx------"));
                Files.writeString(out.resolve("directory/nested.txt"), "stale");
                PakExtractResult second = r.extractAll(out, p -> true, TaskMonitor.NONE, threads);
                assertThat(second.failures()).isEmpty();
                assertThat(RepakFixtures.sha256Tree(out)).isEqualTo(RepakFixtures.sha256Tree(RepakFixtures.root()));
                assertThat(mode(out.resolve("test.txt"))).isEqualTo("rw-r-----");
                assertThat(mode(out.resolve("directory/nested.txt"))).isEqualTo("rwx------");
                assertThat(mode(out.resolve("zeros.bin"))).isEqualTo(plain);
            }
        }
    }
}
