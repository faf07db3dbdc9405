package io.uassetd.codecs.iostore.toc;

import io.uassetd.codecs.iostore.internal.LeReader;
import io.uassetd.codecs.iostore.internal.LeWriter;

/**
 * FIoFileIndexEntry, 12 bytes: a file's name (string-table index), the next file in its directory
 * ({@link DirectoryEntry#NONE} at the end) and its user data: the TOC entry index of its chunk.
 */
public record FileEntry(int name, int nextFile, int userData) {
    public static final int SIZE = 12;

    public static FileEntry read(LeReader r) {
        return new FileEntry(r.readI32(), r.readI32(), r.readI32());
    }

    public void write(LeWriter w) {
        w.i32(name).i32(nextFile).i32(userData);
    }
}
