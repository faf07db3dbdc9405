package io.uassetd.codecs.asset;

/**
 * Parsed content of an export (properties, then class-specific data), supplied by the layers above
 * the package model. When set on an {@link Export}, the writer serializes the export from it
 * instead of the raw bytes, and the serial size and offsets follow.
 */
public interface ExportContent {
    /**
     * The export's serialized bytes. May add names to the package name map and may update the
     * export's entry (e.g. script serialization offsets) through {@link Export#setEntry}.
     */
    byte[] serialize(AssetPackage pkg, Export export);
}
