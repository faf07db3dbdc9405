package io.uassetd.codecs.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputFoldersTest {
    @Test
    void aFolderMadeByTheExtractionIsNewAndOneThatExistedIsNot(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("old"));
        OutputFolders folders = new OutputFolders(dir);
        assertThat(folders.prepare(dir.resolve("a/b/one.txt"))).isTrue();
        assertThat(dir.resolve("a/b")).isDirectory();
        assertThat(folders.prepare(dir.resolve("a/b/two.txt"))).isTrue();
        assertThat(folders.prepare(dir.resolve("old/three.txt"))).isFalse();
        assertThat(folders.prepare(dir.resolve("old/four.txt"))).isFalse();
        // a second extraction into the same place finds the folders there
        OutputFolders again = new OutputFolders(dir);
        assertThat(again.prepare(dir.resolve("a/b/one.txt"))).isFalse();
    }
}
