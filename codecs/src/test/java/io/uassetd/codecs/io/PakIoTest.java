package io.uassetd.codecs.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.TruncatedDataException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PakIoTest {
    @TempDir
    Path tmp;

    @Test
    void readerRoundTripsWriterValues() {
        ByteWriter w = new ByteWriter(4);
        w.u8(0xFE).u16(0xBEEF).u32(0xFFFFFFFFL).u64(Long.MAX_VALUE).fstring("abc").fstring("h\u00e9llo\u4e16").fstring("");
        ByteReader r = ByteReader.of("t.bin", 100, w.toByteArray(), "Test");
        assertThat(r.u8()).isEqualTo(0xFE);
        assertThat(r.u16()).isEqualTo(0xBEEF);
        assertThat(r.u32()).isEqualTo(0xFFFFFFFFL);
        assertThat(r.u64()).isEqualTo(Long.MAX_VALUE);
        assertThat(r.fstring()).isEqualTo("abc");
        assertThat(r.fstring()).isEqualTo("h\u00e9llo\u4e16");
        assertThat(r.fstring()).isEmpty();
        assertThat(r.remaining()).isZero();
        assertThatThrownBy(r::u8).isInstanceOf(TruncatedDataException.class)
                .hasMessageContaining("t.bin").hasMessageContaining("Test");
    }

    @Test
    void countsAndStringsAreCheckedBeforeAllocating() {
        byte[] hugeCount = new ByteWriter().u32(0x7FFFFFFF).toByteArray();
        assertThatThrownBy(() -> ByteReader.of("x", 0, hugeCount, "S").count(8, "entry"))
                .isInstanceOf(CorruptDataException.class).hasMessageContaining("Implausible entry count");
        // one FString codec for every format: a length beyond the bytes left is truncation, found before allocating
        assertThatThrownBy(() -> ByteReader.of("x", 0, hugeCount, "S").fstring())
                .isInstanceOf(TruncatedDataException.class).hasMessageContaining("String of 2147483647 characters runs past the end");
        byte[] minLength = new ByteWriter().u32(0x80000000L).toByteArray();
        assertThatThrownBy(() -> ByteReader.of("x", 0, minLength, "S").fstring())
                .isInstanceOf(CorruptDataException.class).hasMessageContaining("Implausible string length");
        byte[] noNul = new ByteWriter().u32(2).u8('a').u8('b').toByteArray();
        assertThatThrownBy(() -> ByteReader.of("x", 0, noNul, "S").fstring()).isInstanceOf(CorruptDataException.class);
        assertThat(ByteReader.of("x", 0, noNul, "S").fstringUtf8()).isEqualTo("ab");
    }

    @Test
    void coverageMergesRangesAndReportsGaps() {
        Coverage c = new Coverage();
        c.add(10, 20);
        c.add(0, 5);
        c.add(15, 30);
        c.add(5, 8);
        assertThat(c.covered()).isEqualTo(28);
        assertThat(c.gaps(40)).containsExactly(new long[] {8, 10}, new long[] {30, 40});
    }

    @Test
    void safePathsRefuseEscapes() {
        assertThat(SafePaths.resolve(tmp, "a/b\\c.txt", "p")).isEqualTo(tmp.toAbsolutePath().resolve("a/b/c.txt"));
        assertThat(SafePaths.resolve(tmp, "./a//b", "p")).isEqualTo(tmp.toAbsolutePath().resolve("a/b"));
        for (String bad : new String[] {"../x", "a/../../x", "/etc/passwd", "C:/x", "c:x", "a\u0000b", "", "..", "\\\\server\\x"}) {
            assertThatThrownBy(() -> SafePaths.resolve(tmp, bad, "p.pak")).as(bad)
                    .isInstanceOf(CorruptDataException.class).hasMessageContaining("p.pak");
        }
    }

    @Test
    void atomicOutputCommitsOrLeavesNothing() throws Exception {
        Path target = tmp.resolve("sub/out.bin");
        try (AtomicOutput out = AtomicOutput.create(target)) {
            new ChannelSink(out.channel(), 0).write(new byte[] {1, 2, 3});
        }
        assertThat(target).doesNotExist();
        assertThat(Files.list(tmp.resolve("sub"))).isEmpty();
        try (AtomicOutput out = AtomicOutput.create(target)) {
            new ChannelSink(out.channel(), 0).write(new byte[] {1, 2, 3});
            out.commit();
        }
        assertThat(Files.readAllBytes(target)).containsExactly(1, 2, 3);
        assertThat(Files.list(tmp.resolve("sub"))).hasSize(1);
        // the output has the permissions any new file gets here (umask applied), not a temp file's 0600
        Path plain = tmp.resolve("sub/plain.bin");
        Files.write(plain, new byte[] {1});
        if (Files.getFileStore(plain).supportsFileAttributeView("posix")) {
            assertThat(Files.getPosixFilePermissions(target)).isEqualTo(Files.getPosixFilePermissions(plain));
        }
    }

    @Test
    void fileSourceChecksRanges() throws Exception {
        Path f = tmp.resolve("f.bin");
        Files.write(f, new byte[100]);
        try (FileSource s = FileSource.open(f)) {
            Coverage c = new Coverage();
            s.recordInto(c);
            assertThat(s.read(90, 10, "Tail").remaining()).isEqualTo(10);
            assertThatThrownBy(() -> s.read(95, 10, "Tail")).isInstanceOf(TruncatedDataException.class)
                    .hasMessageContaining("exceeds file size 100").hasMessageContaining("f.bin");
            assertThat(c.covered()).isEqualTo(10);
        }
    }
}
