package io.uassetd.codecs.texture;

/** BC6H block encoder (not yet written). */
final class Bc6hEncoder {
    static final boolean AVAILABLE = false;

    Bc6hEncoder(EncodeOptions opt) {
    }

    void encode(float[] px, byte[] out, int o) {
        throw new UnsupportedOperationException("BC6H encoder");
    }
}
