package io.uassetd.codecs.zen.write;

import io.uassetd.codecs.iostore.header.StoreEntry;
import io.uassetd.codecs.iostore.ZenLayout;
import io.uassetd.codecs.zen.ZenPackage;
import java.util.List;

/**
 * A legacy package converted to Zen: the package chunk's bytes (header + export data), the store
 * entry the container header lists for it, and the bulk-data chunks to store next to it. The parsed
 * model of the bytes is made on first request.
 */
public final class ZenConversion {
    private final String packageName;
    private final long packageId;
    private final byte[] zenPackage;
    private final ZenLayout layout;
    private final StoreEntry storeEntry;
    private final List<BulkChunk> bulkChunks;
    private final List<String> notes;
    private final String sourcePackageName;
    private final String culture;
    private volatile ZenPackage model;

    /**
     * @param packageName e.g. {@code /Game/Maps/Map}
     * @param packageId FPackageId: CityHash64 of the lower-cased package name as UTF-16LE
     * @param zenPackage the package chunk (a .uzenasset file holds exactly these bytes)
     * @param layout the Zen header layout the bytes follow
     * @param storeEntry FFilePackageStoreEntry: export count and export bundle count (UE4 to UE5.2
     *     container headers store them; from NoExportInfo on they are not written), the imported package
     *     ids in the order the header's package imports index them, and the shader map hashes (empty:
     *     a legacy package does not list them)
     * @param bulkChunks the companions (.ubulk, .uptnl, .m.ubulk) present, in that order
     * @param notes what the conversion decided that a reader may want to know (e.g. a package name
     *     taken from the name map)
     * @param sourcePackageName for a localized package ({@code /Game/L10N/fr/X}), the package it
     *     localizes ({@code /Game/X}); else null
     * @param culture for a localized package, its culture ({@code fr}); else null
     */
    public ZenConversion(String packageName, long packageId, byte[] zenPackage, ZenLayout layout, StoreEntry storeEntry,
            List<BulkChunk> bulkChunks, List<String> notes, String sourcePackageName, String culture) {
        this.packageName = packageName;
        this.packageId = packageId;
        this.zenPackage = zenPackage;
        this.layout = layout;
        this.storeEntry = storeEntry;
        this.bulkChunks = List.copyOf(bulkChunks);
        this.notes = List.copyOf(notes);
        this.sourcePackageName = sourcePackageName;
        this.culture = culture;
    }

    /** The package a localized package localizes (for the container header's localized packages), or null. */
    public String sourcePackageName() {
        return sourcePackageName;
    }

    /** The culture of a localized package, or null. */
    public String culture() {
        return culture;
    }

    public String packageName() {
        return packageName;
    }

    public long packageId() {
        return packageId;
    }

    /** The package chunk's bytes (not copied: do not modify). */
    public byte[] zenPackage() {
        return zenPackage;
    }

    public ZenLayout layout() {
        return layout;
    }

    public StoreEntry storeEntry() {
        return storeEntry;
    }

    public List<BulkChunk> bulkChunks() {
        return bulkChunks;
    }

    public List<String> notes() {
        return notes;
    }

    public int exportCount() {
        return storeEntry.exportCount();
    }

    /** The package bytes parsed back (every offset as written). */
    public ZenPackage model() {
        ZenPackage m = model;
        if (m == null) {
            m = ZenPackage.read(zenPackage, packageName, layout);
            model = m;
        }
        return m;
    }
}
