package io.uassetd.codecs.iostore.toc;

import io.uassetd.codecs.iostore.internal.LeReader;
import io.uassetd.codecs.iostore.internal.LeWriter;

/**
 * FIoDirectoryIndexEntry, 16 bytes: a directory's name (string-table index), first child
 * directory, next sibling directory and first file; {@link #NONE} (0xFFFFFFFF) where absent.
 */
public record DirectoryEntry(int name, int firstChild, int nextSibling, int firstFile) {
    public static final int SIZE = 16;
    public static final int NONE = -1;

    public static DirectoryEntry read(LeReader r) {
        return new DirectoryEntry(r.readI32(), r.readI32(), r.readI32(), r.readI32());
    }

    public void write(LeWriter w) {
        w.i32(name).i32(firstChild).i32(nextSibling).i32(firstFile);
    }
}
