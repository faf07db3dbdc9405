package io.uassetd.codecs.iostore.header;

import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import io.uassetd.codecs.iostore.internal.IoBits;
import java.util.ArrayList;
import java.util.List;

/**
 * FFilePackageStoreEntry, decoded: UE4.26/4.27's FPackageStoreEntry takes 32 bytes (uint64 export
 * bundles size, int32 export count, int32 export-bundle count, uint32 load order, uint32 pad, the
 * imported-packages view; no shader map hashes); UE5's takes 24 bytes before {@link ContainerHeaderVersion#NO_EXPORT_INFO}
 * (int32 export count, int32 export-bundle count, then two array views), 16 bytes from it on (the
 * two array views only). An array view is a u32 element count and a u32 offset from the view to its
 * data inside the store-entries buffer. Export counts are -1 where the version stores none.
 *
 * @param importedPackages FPackageIds this package imports
 * @param shaderMapHashes FSHAHash values, 20 bytes each
 * @param exportBundlesSize UE4 only: the size of the package's chunk (0 in UE5 entries)
 * @param loadOrder UE4 only: the package's load order (0 in UE5 entries)
 */
public record StoreEntry(int exportCount, int exportBundleCount, List<Long> importedPackages,
        List<byte[]> shaderMapHashes, long exportBundlesSize, long loadOrder) {
    public StoreEntry {
        importedPackages = List.copyOf(importedPackages);
        shaderMapHashes = List.copyOf(shaderMapHashes);
    }

    /** A UE5 entry (no export bundles size or load order). */
    public StoreEntry(int exportCount, int exportBundleCount, List<Long> importedPackages, List<byte[]> shaderMapHashes) {
        this(exportCount, exportBundleCount, importedPackages, shaderMapHashes, 0, 0);
    }

    /** Size of the fixed part in a version. */
    public static int size(ContainerHeaderVersion v) {
        if (v == ContainerHeaderVersion.UE4) {
            return 32;
        }
        if (v == ContainerHeaderVersion.UE4_SHORT_ENTRIES) {
            return 16;
        }
        return v.atLeast(ContainerHeaderVersion.NO_EXPORT_INFO) ? 16 : 24;
    }

    /** Reads the entry whose fixed part starts at {@code pos} of the store-entries buffer {@code b}. */
    public static StoreEntry read(ByteReader b, int pos, ContainerHeaderVersion v) {
        b.position(pos);
        if (v == ContainerHeaderVersion.UE4) {
            return readUe4(b);
        }
        int exports = -1;
        int bundles = -1;
        if (size(v) == 24 || v == ContainerHeaderVersion.UE4_SHORT_ENTRIES) {
            exports = b.i32();
            bundles = b.i32();
        }
        int viewPos = b.position();
        List<Long> imports = importedPackages(b, viewPos);
        if (v == ContainerHeaderVersion.UE4_SHORT_ENTRIES) {
            return new StoreEntry(exports, bundles, imports, List.of());
        }
        b.position(viewPos + 8);
        long hnum = b.u32();
        long hoff = b.u32();
        List<byte[]> hashes = new ArrayList<>();
        if (hnum > 0) {
            b.position(view(b, viewPos + 8, hoff, hnum, 20, "shader map hashes"));
            for (long k = 0; k < hnum; k++) {
                hashes.add(b.bytes(20));
            }
        }
        return new StoreEntry(exports, bundles, imports, hashes);
    }

    private static StoreEntry readUe4(ByteReader b) {
        long bundlesSize = b.raw64();
        int exports = b.i32();
        int bundles = b.i32();
        long loadOrder = b.u32();
        b.u32(); // pad
        List<Long> imports = importedPackages(b, b.position());
        return new StoreEntry(exports, bundles, imports, List.of(), bundlesSize, loadOrder);
    }

    /** The imported-packages array view at {@code viewPos} (u32 count, u32 offset from the view) and its FPackageIds. */
    private static List<Long> importedPackages(ByteReader b, int viewPos) {
        b.position(viewPos);
        long num = b.u32();
        long off = b.u32();
        List<Long> imports = new ArrayList<>();
        if (num > 0) {
            b.position(view(b, viewPos, off, num, 8, "imported packages"));
            for (long k = 0; k < num; k++) {
                imports.add(b.raw64());
            }
        }
        return imports;
    }

    private static int view(ByteReader b, int viewPos, long off, long num, int elem, String what) {
        long start = viewPos + off;
        if (start > b.size() || num * elem > b.size() - start) {
            throw new CorruptDataException("Store entry " + what + " (" + num + " at +" + off + ") run past the "
                    + b.size() + "-byte buffer", b.source(), b.offset(), "FFilePackageStoreEntry");
        }
        return (int) start;
    }

    /** Bytes this entry's arrays take in the store-entries buffer. */
    public long arraysSize() {
        return 8L * importedPackages.size() + 20L * shaderMapHashes.size();
    }

    /**
     * Writes the fixed part of an entry placed {@code entryAt} bytes into the store-entries buffer
     * whose arrays were placed (by the first pass) at {@code arraysAt}: imported packages first,
     * then shader map hashes. Each view stores its offset from itself; empty arrays store 0.
     */
    public void writeFixed(ByteWriter w, long entryAt, long arraysAt, ContainerHeaderVersion v) {
        if (v.isUe4()) {
            if (!shaderMapHashes.isEmpty()) {
                throw new IllegalArgumentException("UE4 store entries hold no shader map hashes");
            }
            if (v == ContainerHeaderVersion.UE4) {
                w.u64(exportBundlesSize);
            }
            IoBits.i32(w, exportCount);
            IoBits.i32(w, exportBundleCount);
            if (v == ContainerHeaderVersion.UE4) {
                w.u32(loadOrder).u32(0);
            }
            long viewAt = entryAt + size(v) - 8;
            w.u32(importedPackages.size()).u32(importedPackages.isEmpty() ? 0 : arraysAt - viewAt);
            return;
        }
        if (size(v) == 24) {
            IoBits.i32(w, exportCount);
            IoBits.i32(w, exportBundleCount);
        }
        long viewAt = entryAt + size(v) - 16;
        w.u32(importedPackages.size()).u32(importedPackages.isEmpty() ? 0 : arraysAt - viewAt);
        long hashesAt = arraysAt + 8L * importedPackages.size();
        w.u32(shaderMapHashes.size()).u32(shaderMapHashes.isEmpty() ? 0 : hashesAt - (viewAt + 8));
    }

    /** Writes the arrays (the second pass, after every fixed part). */
    public void writeArrays(ByteWriter w) {
        for (long id : importedPackages) {
            w.u64(id);
        }
        for (byte[] h : shaderMapHashes) {
            w.bytes(h);
        }
    }
}
