package io.uassetd.codecs.pak;

import io.uassetd.codecs.io.PathFilter;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.error.CancelledException;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import io.uassetd.codecs.task.TaskMonitor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The public API pieces around reading and writing: filters, sources, records, cancellation. */
class PakApiTest {
    @TempDir
    Path tmp;

    @Test
    void filterPatternsAreGlobsOrSubstrings() {
        PathFilter f = PathFilter.of(List.of("*.png", "Directory/"));
        assertThat(f.test("test.png")).isTrue();
        assertThat(f.test("sub/test.png")).isTrue(); // a glob without '/' also tries the file name
        assertThat(PathFilter.of(List.of("sub/*.png")).test("a/sub/x.png")).isFalse(); // a glob with '/' anchors at the start
        assertThat(f.test("directory/nested.txt")).isTrue();
        assertThat(f.test("test.txt")).isFalse();
        assertThat(PathFilter.of(List.of("**/*.TXT")).test("a/b/c.txt")).isTrue();
        assertThat(PathFilter.of(List.of()).test("anything")).isTrue();
        assertThat(PathFilter.of(List.of("../mount/point/root/test.*")).test("../mount/point/root/", "test.txt")).isTrue();
    }

    @Test
    void sourcesFromABasePathAreRelativeAndSorted() throws Exception {
        Files.createDirectories(tmp.resolve("b/c"));
        Files.writeString(tmp.resolve("b/c/x.txt"), "x");
        Files.writeString(tmp.resolve("a.txt"), "a");
        List<PakSource> s = PakSource.files(tmp, List.of(tmp.resolve("b/c/x.txt"), tmp.resolve("a.txt")));
        assertThat(s).extracting(PakSource::path).containsExactly("a.txt", "b/c/x.txt");
        assertThatThrownBy(() -> PakSource.files(tmp.resolve("b"), List.of(tmp.resolve("a.txt"))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PakSource.bytes("../x", new byte[1])).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void encodedEntriesKeep64BitOffsetsAndSizes() {
        PakEntryRecord big = new PakEntryRecord(0x1_2345_6789L, 0x1_0000_0010L, 0x2_0000_0000L, 1, 0, null,
                List.of(new PakBlock(89, 89 + 0x8000), new PakBlock(89 + 0x8000, 89 + 0x8000 + 0x10)), 0, 0x10000);
        ByteWriter w = new ByteWriter();
        big.writeEncoded(w);
        PakEntryRecord back = PakEntryRecord.readEncoded(ByteReader.of("x", 0, w.toByteArray(), "t"), PakVersion.FNV64_BUG_FIX);
        assertThat(back.offset()).isEqualTo(big.offset());
        assertThat(back.size()).isEqualTo(big.size());
        assertThat(back.uncompressedSize()).isEqualTo(big.uncompressedSize());
        assertThat(back.blockSize()).isEqualTo(0x10000);
        assertThat(back.blocks()).isEqualTo(big.blocks());
    }

    @Test
    void versionsParseByUserName() {
        assertThat(PakVersion.parse("v8a")).isEqualTo(PakVersion.FNAME_BASED_COMPRESSION_4_SLOTS);
        assertThat(PakVersion.parse("8")).isEqualTo(PakVersion.FNAME_BASED_COMPRESSION);
        assertThat(PakVersion.parse("V11").onDisk()).isEqualTo(11);
        assertThat(PakVersion.FNAME_BASED_COMPRESSION_4_SLOTS.footerSize()).isEqualTo(189);
        assertThat(PakVersion.FROZEN_INDEX.footerSize()).isEqualTo(222);
        assertThat(PakVersion.FNV64_BUG_FIX.footerSize()).isEqualTo(221);
        assertThat(PakVersion.RELATIVE_CHUNK_OFFSETS.footerSize()).isEqualTo(45);
        assertThat(PakVersion.INITIAL.writable()).isFalse();
        assertThat(PakVersion.SORTED_DIRECTORY_INDEX.footerSize()).isEqualTo(221);
        assertThat(PakVersion.PAKCHUNK_INDEX.footerSize()).isEqualTo(225);
        assertThat(PakVersion.ENCRYPTION_METHOD.footerSize()).isEqualTo(262);
        assertThat(PakVersion.parse("v15")).isEqualTo(PakVersion.latest());
        assertThatThrownBy(() -> PakVersion.parse("v16")).isInstanceOf(io.uassetd.codecs.error.UnsupportedVersionException.class)
                .hasMessageContaining("Pak version 16 is newer than the newest supported version 15");
        assertThatThrownBy(() -> PakVersion.parse("v99x")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void cancelledExtractionStopsAndLeavesOnlyCompleteFiles() throws Exception {
        AtomicInteger progress = new AtomicInteger();
        TaskMonitor cancelAfterOne = new TaskMonitor() {
            @Override
            public boolean isCancelled() {
                return progress.get() >= 1;
            }

            @Override
            public void progress(long done, long total, String item) {
                progress.incrementAndGet();
            }
        };
        try (PakReader r = PakReader.open(RepakFixtures.pack("pack_v11_compress.pak"))) {
            assertThatThrownBy(() -> r.extractAll(tmp, p -> true, cancelAfterOne, 1)).isInstanceOf(CancelledException.class);
        }
        try (var s = Files.walk(tmp)) {
            List<Path> files = s.filter(Files::isRegularFile).toList();
            assertThat(files).hasSize(1);
            assertThat(RepakFixtures.sha256(Files.readAllBytes(files.get(0))))
                    .isEqualTo(RepakFixtures.sha256(Files.readAllBytes(RepakFixtures.root().resolve(tmp.relativize(files.get(0))))));
        }
    }

    @Test
    void extractOneEntryByPathWithOrWithoutMountPoint() throws Exception {
        try (PakReader r = PakReader.open(RepakFixtures.pack("pack_v9_compress_encrypt.pak"),
                PakReadOptions.defaults().withKey(RepakFixtures.KEY))) {
            PakEntry e = r.find("../mount/point/root/directory/nested.txt").orElseThrow();
            assertThat(r.find("directory\\nested.txt")).contains(e);
            assertThat(r.find("missing.txt")).isEmpty();
            Path out = tmp.resolve("x/nested.txt");
            assertThat(r.extractTo(e, out)).isEqualTo(596);
            assertThat(Files.readAllBytes(out)).isEqualTo(Files.readAllBytes(RepakFixtures.root().resolve("directory/nested.txt")));
        }
    }

    /** A pak assembled record by record (the writer starts at V3): two files, optionally one deleted. */
    private Path handMade(PakVersion v, boolean withDeleted) throws Exception {
        byte[] a = "first file".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] b = "second".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        ByteWriter w = new ByteWriter();
        List<PakLegacyIndex.Item> items = new java.util.ArrayList<>();
        for (Object[] f : new Object[][] {{"dir/a.txt", a, 0}, {"b.txt", b, 0}, {"gone.txt", new byte[0], PakEntryRecord.FLAG_DELETED}}) {
            if ((int) f[2] != 0 && !withDeleted) {
                continue;
            }
            byte[] data = (byte[]) f[1];
            PakEntryRecord rec = new PakEntryRecord(w.size(), data.length, data.length, 0, v == PakVersion.INITIAL ? 42 : 0,
                    PakIndexLoader.sha1(data, data.length), List.of(), (int) f[2], 0);
            rec.write(w, v, true);
            w.bytes(data);
            items.add(new PakLegacyIndex.Item((String) f[0], rec));
        }
        ByteWriter iw = new ByteWriter();
        new PakLegacyIndex("../../../", items).write(iw, v);
        byte[] index = iw.toByteArray();
        long indexOffset = w.size();
        w.bytes(index);
        List<String> names = java.util.Collections.nCopies(v.compressionSlots(), "");
        new PakFooter(new byte[16], false, v, indexOffset, index.length, PakIndexLoader.sha1(index, index.length), false, names)
                .write(w);
        Path p = tmp.resolve(v + ".pak");
        Files.write(p, w.toByteArray());
        return p;
    }

    @Test
    void versionsOneAndTwoAndDeletionRecordsRead() throws Exception {
        for (PakVersion v : new PakVersion[] {PakVersion.INITIAL, PakVersion.NO_TIMESTAMPS, PakVersion.DELETE_RECORDS}) {
            boolean deleted = v == PakVersion.DELETE_RECORDS;
            Path p = handMade(v, deleted);
            io.uassetd.codecs.io.Coverage cov = new io.uassetd.codecs.io.Coverage();
            try (PakReader r = PakReader.open(p, PakReadOptions.defaults(), cov)) {
                assertThat(r.info().version()).isEqualTo(v);
                assertThat(r.entries()).hasSize(deleted ? 3 : 2);
                if (v == PakVersion.INITIAL) {
                    assertThat(r.entries().get(0).record().timestamp()).isEqualTo(42);
                }
                Path out = tmp.resolve("out-" + v);
                PakExtractResult res = r.extractAll(out, x -> true, TaskMonitor.NONE);
                assertThat(res.files()).containsExactly("dir/a.txt", "b.txt");
                assertThat(Files.readString(out.resolve("dir/a.txt"))).isEqualTo("first file");
                assertThat(r.verifyAll(TaskMonitor.NONE)).isEmpty();
                if (deleted) {
                    PakEntry gone = r.find("gone.txt").orElseThrow();
                    assertThat(gone.deleted()).isTrue();
                    assertThatThrownBy(() -> r.openEntry(gone)).isInstanceOf(io.uassetd.codecs.error.CorruptDataException.class)
                            .hasMessageContaining("deletion record");
                }
            }
            assertThat(cov.gaps(Files.size(p)).stream().mapToLong(g -> g[1] - g[0]).sum())
                    .as("only the deletion record's header is never read").isEqualTo(deleted ? 53 : 0);
        }
    }
}
