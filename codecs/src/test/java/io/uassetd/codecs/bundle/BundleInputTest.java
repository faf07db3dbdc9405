package io.uassetd.codecs.bundle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.testkit.Fixtures;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A folder's inputs listed on a pool are the ones listed on the caller's thread, in the same order; a linked folder is listed too. */
class BundleInputTest {
    private static final ForkJoinPool POOL = new ForkJoinPool(4);

    @AfterAll
    static void stop() {
        POOL.shutdown();
    }

    private static List<String> paths(List<BundleInput> in) {
        return in.stream().map(BundleInput::path).toList();
    }

    @Test
    void theWholeFixtureTreeListsTheSameInParallel() throws Exception {
        Path root = Fixtures.root();
        List<String> one = paths(BundleInput.of(List.of(root), null, null));
        List<String> many = paths(BundleInput.of(List.of(root), null, null, POOL));
        long files;
        try (var s = Files.walk(root)) {
            files = s.filter(Files::isRegularFile).count();
        }
        assertThat(one).hasSize((int) files);
        assertThat(many).containsExactlyElementsOf(one);
        assertThat(one).isSorted();
    }

    @Test
    void linksToFilesAreTakenLinksToFoldersAreNotFollowed(@TempDir Path tmp) throws Exception {
        Path mod = Files.createDirectories(tmp.resolve("mod/Game/Content/A/B"));
        Files.write(mod.resolve("X.uasset"), new byte[] {1});
        Files.write(tmp.resolve("mod/Game/Content/A/Y.uexp"), new byte[] {2});
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Files.write(elsewhere.resolve("Z.uasset"), new byte[] {3});
        Files.createSymbolicLink(tmp.resolve("mod/Game/Content/Z.uasset"), elsewhere.resolve("Z.uasset"));
        Files.createSymbolicLink(tmp.resolve("mod/Game/Content/Linked"), elsewhere);
        Files.createSymbolicLink(tmp.resolve("mod/Game/Content/Dangling.uasset"), tmp.resolve("nowhere"));
        Files.createDirectories(tmp.resolve("mod/Empty/Deeper"));
        List<String> expected = List.of("Game/Content/A/B/X.uasset", "Game/Content/A/Y.uexp", "Game/Content/Z.uasset");
        Path in = tmp.resolve("mod");
        assertThat(paths(BundleInput.of(List.of(in), null, null))).containsExactlyElementsOf(expected);
        assertThat(paths(BundleInput.of(List.of(in), null, null, POOL))).containsExactlyElementsOf(expected);
        assertThat(BundleInput.of(List.of(in), null, null, POOL).get(2).read()).containsExactly(3);
        // the folder given may itself be a link to the mod: listed as the folder it points to, either way
        Path linked = Files.createSymbolicLink(tmp.resolve("linked-mod"), in);
        assertThat(paths(BundleInput.of(List.of(linked), null, null))).containsExactlyElementsOf(expected);
        assertThat(paths(BundleInput.of(List.of(linked), null, null, POOL))).containsExactlyElementsOf(expected);
    }

    @Test
    void aMissingFolderIsNamed(@TempDir Path tmp) {
        Path gone = tmp.resolve("gone");
        assertThatThrownBy(() -> BundleInput.of(List.of(gone), null, null, POOL)).isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining(gone.toString());
    }
}
