package io.uassetd.codecs.zen;

import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;

/** FExportBundleEntry, 8 bytes: u32 LocalExportIndex, u32 CommandType (0 Create, 1 Serialize). */
public record ExportBundleEntry(int localExportIndex, int commandType) {
    public static final int SIZE = 8;
    public static final int CREATE = 0;
    public static final int SERIALIZE = 1;

    static ExportBundleEntry read(ByteReader r, int exportCount) {
        long at = r.offset();
        int index = r.i32();
        int command = r.i32();
        if (index < 0 || index >= exportCount || (command != CREATE && command != SERIALIZE)) {
            throw new CorruptDataException("Export bundle entry (export " + index + ", command "
                    + command + ") does not name one of " + exportCount + " exports with Create or Serialize",
                    r.source(), at, "FExportBundleEntry");
        }
        return new ExportBundleEntry(index, command);
    }

    void write(ByteWriter w) {
        ZenSummary.i32(w, localExportIndex);
        ZenSummary.i32(w, commandType);
    }
}
