package io.uassetd.codecs.iostore.toc;

import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.iostore.internal.IoBits;
import io.uassetd.codecs.io.ByteWriter;

/**
 * FIoDirectoryIndexEntry, 16 bytes: a directory's name (string-table index), first child
 * directory, next sibling directory and first file; {@link #NONE} (0xFFFFFFFF) where absent.
 */
public record DirectoryEntry(int name, int firstChild, int nextSibling, int firstFile) {
    public static final int SIZE = 16;
    public static final int NONE = -1;

    public static DirectoryEntry read(ByteReader r) {
        return new DirectoryEntry(r.i32(), r.i32(), r.i32(), r.i32());
    }

    public void write(ByteWriter w) {
        IoBits.i32(IoBits.i32(IoBits.i32(IoBits.i32(w, name), firstChild), nextSibling), firstFile);
    }
}
