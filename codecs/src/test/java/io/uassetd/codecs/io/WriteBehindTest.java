package io.uassetd.codecs.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Forces start every STEP bytes, one at a time, and a durable output's file is whole after its commit. */
class WriteBehindTest {
    /** A file channel that counts its forces and can hold them until released. */
    private static final class Counting extends FileChannel {
        final FileChannel in;
        final AtomicInteger forces = new AtomicInteger();
        volatile CountDownLatch hold = new CountDownLatch(0);

        Counting(FileChannel in) {
            this.in = in;
        }

        @Override
        public void force(boolean metaData) throws IOException {
            forces.incrementAndGet();
            try {
                hold.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            in.force(metaData);
        }

        @Override public int read(ByteBuffer dst) throws IOException { return in.read(dst); }
        @Override public long read(ByteBuffer[] dsts, int offset, int length) throws IOException { return in.read(dsts, offset, length); }
        @Override public int write(ByteBuffer src) throws IOException { return in.write(src); }
        @Override public long write(ByteBuffer[] srcs, int offset, int length) throws IOException { return in.write(srcs, offset, length); }
        @Override public long position() throws IOException { return in.position(); }
        @Override public FileChannel position(long p) throws IOException { in.position(p); return this; }
        @Override public long size() throws IOException { return in.size(); }
        @Override public FileChannel truncate(long size) throws IOException { in.truncate(size); return this; }
        @Override public long transferTo(long position, long count, WritableByteChannel target) throws IOException { return in.transferTo(position, count, target); }
        @Override public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException { return in.transferFrom(src, position, count); }
        @Override public int read(ByteBuffer dst, long position) throws IOException { return in.read(dst, position); }
        @Override public int write(ByteBuffer src, long position) throws IOException { return in.write(src, position); }
        @Override public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException { return in.map(mode, position, size); }
        @Override public FileLock lock(long position, long size, boolean shared) throws IOException { return in.lock(position, size, shared); }
        @Override public FileLock tryLock(long position, long size, boolean shared) throws IOException { return in.tryLock(position, size, shared); }
        @Override protected void implCloseChannel() throws IOException { in.close(); }
    }

    @Test
    void aForceStartsEveryStepAndOneAtATime(@TempDir Path tmp) throws Exception {
        try (Counting ch = new Counting(FileChannel.open(tmp.resolve("f"), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE))) {
            WriteBehind wb = new WriteBehind(ch);
            wb.wrote(WriteBehind.STEP - 1);
            wb.await();
            assertThat(ch.forces.get()).isZero();
            ch.hold = new CountDownLatch(1);
            wb.wrote(1); // a step: the first force starts and is held
            for (int i = 0; i < 200 && ch.forces.get() == 0; i++) {
                Thread.sleep(5);
            }
            assertThat(ch.forces.get()).isEqualTo(1);
            wb.wrote(3 * WriteBehind.STEP); // while it runs, no second one
            assertThat(ch.forces.get()).isEqualTo(1);
            ch.hold.countDown();
            wb.await();
            wb.wrote(1); // the bytes left over from before start the next one
            wb.await();
            assertThat(ch.forces.get()).isEqualTo(2);
            wb.wrote(WriteBehind.STEP - 1);
            wb.await();
            assertThat(ch.forces.get()).isEqualTo(2);
        }
    }

    @Test
    void aDurableOutputWrittenInStepsIsWholeAfterItsCommit(@TempDir Path tmp) throws Exception {
        Path target = tmp.resolve("big.pak");
        byte[] block = new byte[1 << 20];
        try (AtomicOutput out = AtomicOutput.create(target)) {
            assertThat(out.writeBehind()).isNotNull();
            ChannelSink sink = new ChannelSink(out.channel(), 0, out.writeBehind());
            for (int i = 0; i < 10; i++) {
                java.util.Arrays.fill(block, (byte) i);
                sink.write(block);
            }
            assertThat(out.writeBehind().started()).isTrue();
            out.commit();
        }
        byte[] back = Files.readAllBytes(target);
        assertThat(back).hasSize(10 << 20);
        for (int i = 0; i < 10; i++) {
            assertThat(back[i << 20]).isEqualTo((byte) i);
            assertThat(back[(i << 20) + (1 << 20) - 1]).isEqualTo((byte) i);
        }
        assertThat(AtomicOutput.create(tmp.resolve("quick"), false).writeBehind()).isNull();
    }

    @Test
    void aDurableSetWrittenInStepsCommitsWholeAndAnAbandonedOneLeavesNothing(@TempDir Path tmp) throws Exception {
        byte[] block = new byte[1 << 20];
        Path kept = tmp.resolve("out/Kept.ucas");
        try (AtomicFileSet set = AtomicFileSet.open()) {
            FileChannel ch = set.stage(kept);
            for (int i = 0; i < 9; i++) {
                java.util.Arrays.fill(block, (byte) (i + 1));
                ch.write(ByteBuffer.wrap(block));
                set.wrote(ch, block.length);
            }
            set.commit();
        }
        byte[] back = Files.readAllBytes(kept);
        assertThat(back).hasSize(9 << 20);
        assertThat(back[(9 << 20) - 1]).isEqualTo((byte) 9);
        try (AtomicFileSet set = AtomicFileSet.open()) {
            FileChannel ch = set.stage(tmp.resolve("out/Dropped.ucas"));
            for (int i = 0; i < 9; i++) {
                ch.write(ByteBuffer.wrap(block));
                set.wrote(ch, block.length);
            }
        }
        try (var s = Files.list(tmp.resolve("out"))) {
            assertThat(s.map(p -> p.getFileName().toString()).toList()).containsExactly("Kept.ucas");
        }
    }
}
