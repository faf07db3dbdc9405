package io.uassetd.codecs.oodle;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Word loads and stores on byte arrays (callers keep the index in range). */
final class Bytes {
    private static final VarHandle LE64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle BE64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private Bytes() {
    }

    static long le64(byte[] b, int i) {
        return (long) LE64.get(b, i);
    }

    static long be64(byte[] b, int i) {
        return (long) BE64.get(b, i);
    }

    static void put64(byte[] b, int i, long v) {
        LE64.set(b, i, v);
    }
}
