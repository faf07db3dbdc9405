package io.uassetd.codecs.asset.property;

/**
 * Class-specific data that follows an export's properties, read into an editable model: DataTable
 * rows ({@link DataTableRows}), a string table, an enum's names, a user-defined struct's fields and
 * default instance (package {@code property.classdata}). Each writes back exactly the bytes it was
 * read from while unchanged; what follows it and is not understood stays raw in
 * {@link PropertyExportContent#extras()}.
 */
public interface ClassData {
    /** Serializes the data (starting with the UObject GUID flag each model reads first). */
    void write(PropertyWriter w);

    /** Values kept raw inside the model (0 when everything parsed). */
    default int rawCount() {
        return 0;
    }
}
