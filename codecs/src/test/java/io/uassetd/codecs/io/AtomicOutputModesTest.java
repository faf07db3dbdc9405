package io.uassetd.codecs.io;

import static io.uassetd.testkit.FileModesKit.mode;
import static io.uassetd.testkit.FileModesKit.plainMode;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files written through {@link AtomicOutput} get the modes a plain write would give them. */
class AtomicOutputModesTest {
    @Test
    void aNewFileGetsTheModeOfAPlainWriteAndAReplacedFileKeepsItsMode(@TempDir Path dir) throws Exception {
        String plain = plainMode(dir, "plain.bin");
        Path made = dir.resolve("made.bin");
        AtomicOutput.write(made, new byte[] {1, 2, 3});
        // the process umask applies as to any new file (Files.createTempFile would give rw-------)
        assertThat(mode(made)).isEqualTo(plain);
        Files.setPosixFilePermissions(made, PosixFilePermissions.fromString("rw-r-----"));
        AtomicOutput.write(made, new byte[] {4, 5});
        assertThat(mode(made)).isEqualTo("rw-r-----");
        assertThat(Files.readAllBytes(made)).containsExactly(4, 5);
        Files.setPosixFilePermissions(made, PosixFilePermissions.fromString("rwxrwxrwx"));
        AtomicOutput.write(made, new byte[] {6});
        assertThat(mode(made)).isEqualTo("rwxrwxrwx");
        try (var s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString()).sorted().toList()).containsExactly("made.bin", "plain.bin");
        }
    }
}
