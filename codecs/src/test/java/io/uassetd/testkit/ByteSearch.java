package io.uassetd.testkit;

/** Finding byte sequences in fixture files (to patch or check them in tests). */
public final class ByteSearch {
    private ByteSearch() {
    }

    /** The first index of {@code needle} in {@code hay}, or -1. */
    public static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int k = 0; k < needle.length; k++) {
                if (hay[i + k] != needle[k]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
