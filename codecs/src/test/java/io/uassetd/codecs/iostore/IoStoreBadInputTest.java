package io.uassetd.codecs.iostore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.iostore.toc.TocReader;
import io.uassetd.codecs.task.TaskMonitor;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Damaged inputs fail with the project's exceptions (never another type), and nothing is written. */
class IoStoreBadInputTest {
    private static final Codecs CODECS = Codecs.standard();
    private static final ContainerKeys KEY = ContainerKeys.of(AesKey.of(IoStoreFixtures.CUE4PARSE_KEY));

    /** A container in {@code dir}: a copy of the fixture's .utoc (replaced by {@code toc}) and copies of its .ucas files. */
    static Path stage(Path dir, Path fixtureToc, byte[] toc) throws Exception {
        Path utoc = dir.resolve(fixtureToc.getFileName());
        Files.write(utoc, toc);
        String base = fixtureToc.getFileName().toString().replace(".utoc", "");
        try (Stream<Path> s = Files.list(fixtureToc.getParent())) {
            for (Path p : s.filter(p -> p.getFileName().toString().startsWith(base) && p.toString().endsWith(".ucas"))
                    .toList()) {
                Path link = dir.resolve(p.getFileName());
                if (!Files.exists(link)) {
                    Files.copy(p, link);
                }
            }
        }
        return utoc;
    }

    /** Opens, lists, summarizes and reads every chunk; returns normally or throws a FormatException. */
    static void exercise(Path utoc) {
        try (IoStoreContainer c = IoStoreContainer.open(utoc, KEY, CODECS)) {
            c.files();
            c.summary();
            for (int i = 0; i < c.chunkCount(); i++) {
                c.readChunk(i);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Tagged/Oodle", "Tagged/OodleEncrypted", "Tagged/OodlePartitioned", "Unversioned/Uncompressed"})
    void truncatedTocsFailAtEveryLength(String variant) throws Exception {
        String[] v = variant.split("/");
        byte[] toc = Files.readAllBytes(IoStoreFixtures.ue58(v[0], v[1]));
        for (int cut = 0; cut < toc.length; cut += (cut < 200 ? 1 : 7)) {
            byte[] part = Arrays.copyOf(toc, cut);
            assertThatThrownBy(() -> TocReader.read(part, "cut.utoc")).as("cut at %d", cut)
                    .isInstanceOf(CorruptDataException.class);
        }
    }

    @Test
    void truncatedSmallTocsFailAtEveryLength() throws Exception {
        for (String rel : new String[] {"unrealmodding/iostore/global.utoc", "cue4parse/UE5_8/IoStore/Tagged/global.utoc",
                "cue4parse/UE5_8/Patch/IoStore/CUE4ParseFixtures-PatchBase.utoc"}) {
            byte[] toc = Files.readAllBytes(Fixtures.path(rel));
            for (int cut = 0; cut < toc.length; cut++) {
                byte[] part = Arrays.copyOf(toc, cut);
                assertThatThrownBy(() -> TocReader.read(part, "cut.utoc")).isInstanceOf(CorruptDataException.class);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Tagged/Uncompressed", "Tagged/Zlib", "Tagged/OodleEncrypted", "Tagged/OodlePartitioned"})
    void bitFlippedTocsFailCleanlyOrStillWork(String variant, @TempDir Path tmp) throws Exception {
        String[] v = variant.split("/");
        Path fixture = IoStoreFixtures.ue58(v[0], v[1]);
        byte[] toc = Files.readAllBytes(fixture);
        Random rnd = new Random(variant.hashCode());
        int failures = 0;
        int rounds = variant.endsWith("Uncompressed") ? 200 : 80;
        for (int round = 0; round < rounds; round++) {
            byte[] bad = toc.clone();
            // half the flips hit the header and tables, where they matter most
            int pos = round % 2 == 0 ? rnd.nextInt(Math.min(bad.length, 144 + 112 * 22)) : rnd.nextInt(bad.length);
            bad[pos] ^= (byte) (1 << rnd.nextInt(8));
            Path utoc = stage(tmp, fixture, bad);
            try {
                exercise(utoc);
            } catch (FormatException e) {
                failures++;
                assertThat(e.getMessage()).isNotBlank();
            } catch (RuntimeException e) {
                throw new AssertionError("Flip at " + pos + " raised " + e, e);
            }
        }
        assertThat(failures).isPositive();
    }

    @Test
    void newerTocVersionIsRefusedByNumber() throws Exception {
        byte[] toc = Files.readAllBytes(IoStoreFixtures.ue58("Tagged", "Oodle"));
        toc[16] = 11;
        assertThatThrownBy(() -> TocReader.read(toc, "v11.utoc")).isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("TOC version 11").hasMessageContaining("v11.utoc");
        // 9 (AddedSourceHashes) reads the version 8 layout plus the source hash count: one byte more does not add up
        byte[] longer = java.util.Arrays.copyOf(toc, toc.length + 1);
        longer[16] = 9;
        assertThatThrownBy(() -> TocReader.read(longer, "v9.utoc")).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("v9.utoc").hasMessageContaining("do not add up");
        toc[16] = 0;
        assertThatThrownBy(() -> TocReader.read(toc, "v0.utoc")).isInstanceOf(UnsupportedVersionException.class);
        toc[0] = 'X';
        assertThatThrownBy(() -> TocReader.read(toc, "magic.utoc")).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("magic");
    }

    @Test
    void ucasShorterThanTheTocSaysIsTruncatedAndExtractsNothing(@TempDir Path tmp) throws Exception {
        Path fixture = IoStoreFixtures.ue58("Tagged", "Uncompressed");
        Path utoc = tmp.resolve(fixture.getFileName());
        Files.copy(fixture, utoc);
        Path ucasSrc = fixture.resolveSibling(fixture.getFileName().toString().replace(".utoc", ".ucas"));
        byte[] ucas = Files.readAllBytes(ucasSrc);
        Files.write(tmp.resolve(ucasSrc.getFileName()), Arrays.copyOf(ucas, ucas.length / 2));
        Path out = tmp.resolve("out");
        try (IoStoreContainer c = IoStoreContainer.open(utoc, KEY, CODECS)) {
            int last = 0;
            for (int i = 0; i < c.chunkCount(); i++) {
                if (c.toc().offsetAndLengths().get(i).offset() > c.toc().offsetAndLengths().get(last).offset()) {
                    last = i;
                }
            }
            int chunk = last;
            assertThatThrownBy(() -> c.readChunk(chunk)).isInstanceOf(TruncatedDataException.class)
                    .hasMessageContaining(ucasSrc.getFileName().toString()).hasMessageContaining("Truncated .ucas");
            assertThatThrownBy(() -> c.extractChunk(chunk, out.resolve("x.bin"), TaskMonitor.NONE))
                    .isInstanceOf(TruncatedDataException.class);
        }
        assertThat(out.resolve("x.bin")).doesNotExist();
        try (Stream<Path> s = Files.walk(tmp)) {
            assertThat(s.map(Path::toString)).noneMatch(n -> n.endsWith(".tmp"));
        }
    }

    @Test
    void missingPartitionIsNamed(@TempDir Path tmp) throws Exception {
        Path fixture = IoStoreFixtures.ue58("Tagged", "OodlePartitioned");
        Path utoc = stage(tmp, fixture, Files.readAllBytes(fixture));
        Files.delete(tmp.resolve("CUE4ParseFixtures-Minimal-OodlePartitioned-Windows_s2.ucas"));
        try (IoStoreContainer c = IoStoreContainer.open(utoc, KEY, CODECS)) {
            int failed = 0;
            for (int i = 0; i < c.chunkCount(); i++) {
                try {
                    c.readChunk(i);
                } catch (CorruptDataException e) {
                    assertThat(e.getMessage()).contains("Missing partition file "
                            + "CUE4ParseFixtures-Minimal-OodlePartitioned-Windows_s2.ucas");
                    failed++;
                }
            }
            assertThat(failed).isPositive().isLessThan(c.chunkCount());
            assertThat(c.summary().partitions().get(2).present()).isFalse();
        }
    }

    @Test
    void corruptBlockDataIsCorruptNotAnotherException(@TempDir Path tmp) throws Exception {
        Path fixture = IoStoreFixtures.ue58("Tagged", "Oodle");
        Path utoc = tmp.resolve(fixture.getFileName());
        Files.copy(fixture, utoc);
        Path ucasSrc = fixture.resolveSibling(fixture.getFileName().toString().replace(".utoc", ".ucas"));
        byte[] ucas = Files.readAllBytes(ucasSrc);
        Random rnd = new Random(7);
        for (int i = 0; i < ucas.length; i += 64) {
            ucas[i + rnd.nextInt(64)] ^= (byte) (1 << rnd.nextInt(8));
        }
        Files.write(tmp.resolve(ucasSrc.getFileName()), ucas);
        try (IoStoreContainer c = IoStoreContainer.open(utoc, KEY, CODECS)) {
            int failed = 0;
            for (int i = 0; i < c.chunkCount(); i++) {
                try {
                    byte[] data = c.readChunk(i);
                    assertThat(data).hasSize((int) c.chunkSize(i));
                } catch (CorruptDataException e) {
                    failed++;
                }
            }
            assertThat(failed).isPositive();
        }
    }
}
