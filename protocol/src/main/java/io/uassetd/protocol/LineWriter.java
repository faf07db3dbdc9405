package io.uassetd.protocol;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * Writes whole protocol lines: one JSON value, one {@code \n}, one flush, under one lock, so lines
 * from concurrent requests never interleave. Once the peer has gone away (a write fails), later
 * writes are dropped and {@link #isBroken()} turns true.
 */
public final class LineWriter {
    private final OutputStream out;
    private final Object lock = new Object();
    private volatile boolean broken;

    public LineWriter(OutputStream out) {
        this.out = out;
    }

    /** Serializes {@code value} with the protocol mapper and writes it as one line. */
    public void write(Object value) {
        byte[] bytes;
        try {
            bytes = Json.mapper().writeValueAsBytes(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        writeRaw(bytes);
    }

    /** Writes already-encoded JSON bytes (which must hold no newline) as one line. */
    public void writeRaw(byte[] json) {
        synchronized (lock) {
            if (broken) {
                return;
            }
            try {
                out.write(json);
                out.write('\n');
                out.flush();
            } catch (IOException e) {
                broken = true;
            }
        }
    }

    public boolean isBroken() {
        return broken;
    }
}
