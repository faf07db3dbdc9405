package io.uassetd.codecs.zen.write;

import io.uassetd.codecs.iostore.header.StoreEntry;
import io.uassetd.codecs.zen.ZenPackage;
import java.util.List;

/**
 * A legacy package converted to Zen: the package chunk's bytes (header + export data), the parsed
 * model of the same bytes, the store entry the container header lists for it, and the bulk-data
 * chunks to store next to it.
 *
 * @param packageName e.g. {@code /Game/Maps/Map}
 * @param packageId FPackageId: CityHash64 of the lower-cased package name as UTF-16LE
 * @param zenPackage the package chunk (a .uzenasset file holds exactly these bytes)
 * @param storeEntry FFilePackageStoreEntry: export count and export bundle count (UE4 to UE5.2
 *     container headers store them; from NoExportInfo on they are ignored), the imported package ids
 *     in the order the header's package imports index them, and the shader map hashes (empty: a
 *     legacy package does not list them)
 * @param bulkChunks the companions (.ubulk, .uptnl, .m.ubulk) present, in that order
 * @param notes what the conversion decided that a reader may want to know (e.g. a package name
 *     taken from the name map)
 */
public record ZenConversion(String packageName, long packageId, byte[] zenPackage, ZenPackage model,
        StoreEntry storeEntry, List<BulkChunk> bulkChunks, List<String> notes) {
    public ZenConversion {
        bulkChunks = List.copyOf(bulkChunks);
        notes = List.copyOf(notes);
    }

    public int exportCount() {
        return model.exportMap().size();
    }
}
