package io.uassetd.codecs.io;

import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Direct buffers of one size, kept between uses. Bytes that only pass through (a stored pak entry
 * going from one file to another, hashed on the way) then move between the kernel and native memory
 * without the copies a heap array costs (the JDK copies heap buffers through a temporary direct one
 * on every read and write) and without zeroing a new array each time. At most {@code keep} buffers
 * are held while unused; a buffer taken and never given back is simply collected.
 */
public final class DirectBufferPool {
    private final int size;
    private final int keep;
    private final ConcurrentLinkedQueue<ByteBuffer> free = new ConcurrentLinkedQueue<>();
    private final AtomicInteger kept = new AtomicInteger();

    public DirectBufferPool(int size, int keep) {
        if (size <= 0 || keep < 0) {
            throw new IllegalArgumentException("size " + size + ", keep " + keep);
        }
        this.size = size;
        this.keep = keep;
    }

    /** A cleared buffer of the pool's size: a kept one, else a new one. */
    public ByteBuffer take() {
        ByteBuffer b = free.poll();
        if (b == null) {
            return ByteBuffer.allocateDirect(size);
        }
        kept.decrementAndGet();
        return b.clear();
    }

    /** Gives a buffer taken from this pool back; the caller must not use it afterwards. */
    public void give(ByteBuffer b) {
        if (b.capacity() != size || !b.isDirect()) {
            throw new IllegalArgumentException("not a buffer of this pool");
        }
        if (kept.incrementAndGet() <= keep) {
            free.offer(b);
        } else {
            kept.decrementAndGet();
        }
    }

    /** How many buffers are held unused (for tests). */
    int held() {
        return kept.get();
    }
}
