package io.uassetd.codecs.asset;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * One export of a package: its export map entry and its data. The data is kept as the raw bytes
 * read from the package until someone sets parsed {@link ExportContent}; the writer then uses the
 * content, so an unedited export is written back byte for byte.
 */
public final class Export {
    private final int index;
    private ObjectExport entry;
    private byte[] rawData;
    private ExportContent content;

    Export(int index, ObjectExport entry, byte[] rawData) {
        this.index = index;
        this.entry = entry;
        this.rawData = rawData;
    }

    /** Zero-based index in the export map (FPackageIndex value = index + 1). */
    public int index() {
        return index;
    }

    public ObjectExport entry() {
        return entry;
    }

    /** Replaces the export map entry (serial size and offset are recomputed on write). */
    public void setEntry(ObjectExport entry) {
        this.entry = entry;
    }

    /** The export's bytes as read (or as last set with {@link #setRawData}). */
    public byte[] rawData() {
        return rawData.clone();
    }

    /** The export's bytes as a read-only little-endian view (no copy). */
    public ByteBuffer rawBuffer() {
        return ByteBuffer.wrap(rawData).asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
    }

    public int rawSize() {
        return rawData.length;
    }

    /** Replaces the raw bytes and drops any parsed content. */
    public void setRawData(byte[] data) {
        this.rawData = data.clone();
        this.content = null;
    }

    /** The parsed content, or null when the export is kept raw. */
    public ExportContent content() {
        return content;
    }

    /** Attaches parsed content; the writer serializes from it. Null returns to the raw bytes. */
    public void setContent(ExportContent content) {
        this.content = content;
    }

    public byte[] serialize(AssetPackage pkg) {
        if (content == null) {
            return rawData;
        }
        byte[] out = content.serialize(pkg, this);
        if (out == null) {
            throw new IllegalStateException("Export " + index + " content serialized to null");
        }
        return out;
    }

    @Override
    public String toString() {
        return "Export[" + index + ", " + rawData.length + " bytes" + (content == null ? "" : ", parsed") + "]";
    }

    boolean sameRaw(byte[] other) {
        return Arrays.equals(rawData, other);
    }
}
