package io.uassetd.codecs.zen;

import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;

/**
 * FDependencyBundleHeader (UE5.3+), 20 bytes: i32 FirstEntryIndex, then u32
 * EntryCount[Command][Command] in the order create-before-create, serialize-before-create,
 * create-before-serialize, serialize-before-serialize. One per export; its entries (FPackageIndex
 * values, 4 bytes each) follow in that order from FirstEntryIndex.
 */
public record DependencyBundleHeader(int firstEntryIndex, int createBeforeCreate, int serializeBeforeCreate,
        int createBeforeSerialize, int serializeBeforeSerialize) {
    public static final int SIZE = 20;

    static DependencyBundleHeader read(ByteReader r) {
        return new DependencyBundleHeader(r.i32(), r.i32(), r.i32(), r.i32(), r.i32());
    }

    void write(ByteWriter w) {
        for (int v : new int[] {firstEntryIndex, createBeforeCreate, serializeBeforeCreate, createBeforeSerialize,
                serializeBeforeSerialize}) {
            ZenSummary.i32(w, v);
        }
    }

    public int total() {
        return createBeforeCreate + serializeBeforeCreate + createBeforeSerialize + serializeBeforeSerialize;
    }
}
