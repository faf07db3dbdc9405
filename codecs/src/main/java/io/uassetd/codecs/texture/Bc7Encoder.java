package io.uassetd.codecs.texture;

/** BC7 block encoder (not yet written). */
final class Bc7Encoder {
    static final boolean AVAILABLE = false;

    Bc7Encoder(EncodeOptions opt) {
    }

    void encode(int[] px, byte[] out, int o) {
        throw new UnsupportedOperationException("BC7 encoder");
    }
}
