package io.uassetd.codecs.iostore;

import io.uassetd.codecs.iostore.header.StoreEntry;

/**
 * Where a package store found a package: the container (and its position in the store's priority
 * order, 0 = lowest), the TOC entry of its package-data chunk, and its store entry.
 */
public record PackageLocation(long packageId, IoStoreContainer container, int containerOrder, int chunkIndex,
        StoreEntry storeEntry) {
}
