package io.uassetd.codecs.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class DirectBufferPoolTest {
    @Test
    void buffersComeBackClearedAndAtMostKeepAreHeld() {
        DirectBufferPool pool = new DirectBufferPool(4096, 2);
        ByteBuffer a = pool.take();
        assertThat(a.isDirect()).isTrue();
        assertThat(a.capacity()).isEqualTo(4096);
        a.put(new byte[100]).limit(200);
        pool.give(a);
        assertThat(pool.held()).isEqualTo(1);
        ByteBuffer again = pool.take();
        assertThat(again).isSameAs(a);
        assertThat(again.position()).isZero();
        assertThat(again.limit()).isEqualTo(4096);
        assertThat(pool.held()).isZero();
        ByteBuffer b = pool.take();
        ByteBuffer c = pool.take();
        assertThat(b).isNotSameAs(again).isNotSameAs(c);
        pool.give(again);
        pool.give(b);
        pool.give(c); // a third is not kept
        assertThat(pool.held()).isEqualTo(2);
    }

    @Test
    void refusesBuffersThatAreNotItsOwnSize() {
        DirectBufferPool pool = new DirectBufferPool(4096, 2);
        assertThatThrownBy(() -> pool.give(ByteBuffer.allocateDirect(1024))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> pool.give(ByteBuffer.allocate(4096))).isInstanceOf(IllegalArgumentException.class);
        assertThat(pool.held()).isZero();
    }
}
