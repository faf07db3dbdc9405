package io.uassetd.codecs.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files written through AtomicOutput get the permissions any new file gets there, and no temporary file stays. */
class AtomicOutputTest {
    @TempDir
    Path dir;

    @Test
    void writtenFilesHaveNormalPermissions() throws Exception {
        Assumptions.assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"), "POSIX permissions");
        Path plain = Files.createFile(dir.resolve("plain.bin"));
        Path written = dir.resolve("sub/written.bin");
        AtomicOutput.write(written, new byte[] {1, 2, 3});
        assertThat(Files.readAllBytes(written)).containsExactly(1, 2, 3);
        // the umask's permissions (e.g. rw-r--r--), not the owner-only rw------- of a JDK temporary file
        assertThat(Files.getPosixFilePermissions(written)).isEqualTo(Files.getPosixFilePermissions(plain));
        try (var s = Files.list(written.getParent())) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("written.bin");
        }
    }

    @Test
    void anUncommittedOutputLeavesNothing() throws Exception {
        Path target = dir.resolve("never.bin");
        try (AtomicOutput o = AtomicOutput.create(target)) {
            o.channel().write(java.nio.ByteBuffer.wrap(new byte[] {9}));
        }
        try (var s = Files.list(dir)) {
            assertThat(s).isEmpty();
        }
    }
}
