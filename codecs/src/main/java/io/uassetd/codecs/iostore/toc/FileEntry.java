package io.uassetd.codecs.iostore.toc;

import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.iostore.internal.IoBits;
import io.uassetd.codecs.io.ByteWriter;

/**
 * FIoFileIndexEntry, 12 bytes: a file's name (string-table index), the next file in its directory
 * ({@link DirectoryEntry#NONE} at the end) and its user data: the TOC entry index of its chunk.
 */
public record FileEntry(int name, int nextFile, int userData) {
    public static final int SIZE = 12;

    public static FileEntry read(ByteReader r) {
        return new FileEntry(r.i32(), r.i32(), r.i32());
    }

    public void write(ByteWriter w) {
        IoBits.i32(IoBits.i32(IoBits.i32(w, name), nextFile), userData);
    }
}
