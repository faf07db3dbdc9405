package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.asset.version.PackageVersion;
import java.util.ArrayList;
import java.util.List;

/**
 * What a conversion to Zen reads of a legacy package: the summary, the name map, the import map,
 * the export map entries, the preload dependencies, the data resources and the bytes after the
 * header (the .uexp) as one range. {@link #read} takes it from the files with the parser of
 * {@link AssetPackage} (the same field readers and checks) without building the object model: no
 * per-export copies, no raw spans, and a split package's .uexp array kept as it is; {@link #of}
 * takes the same from a package already read (or edited).
 *
 * <p>The lists and the export area are not copied: read only. {@code split}: a .uasset + .uexp
 * pair; {@code exports}: the export map entries; {@code dataResources}: null when absent;
 * {@code exportArea}: the bytes from TotalHeaderSize to the end of the package (a split package's
 * .uexp), or null when header tables follow the exports. {@code name}: the file name in messages.
 */
public record LegacyHeader(String name, boolean split, PackageFileSummary summary, NameMap names,
        List<ObjectImport> imports, List<ObjectExport> exports, List<PackageIndex> preloadDependencies,
        List<DataResource> dataResources, byte[] exportArea) {

    /**
     * Reads the header tables of a legacy package ({@code uexp} the .uexp content or null) for
     * {@code engine}, as {@link AssetPackage#read} reads them, with the same errors for the tables it
     * reads (the depends map, soft package references, searchable names and thumbnails, which a
     * conversion does not use, are not read). A single-file package, or one whose export data does
     * not all lie after the header, is read through the object model.
     */
    public static LegacyHeader read(byte[] header, byte[] uexp, String fileName, EngineVersion engine) {
        return PackageParser.parseHeader(header, uexp, fileName, engine);
    }

    /** The same parts taken from a package's object model; the export area is {@link AssetPackage#storedExportArea()}. */
    public static LegacyHeader of(AssetPackage p) {
        List<ObjectExport> entries = new ArrayList<>(p.exports().size());
        for (Export e : p.exports()) {
            entries.add(e.entry());
        }
        return new LegacyHeader(p.name(), p.isSplit(), p.summary(), p.names(), p.imports(), entries,
                p.preloadDependencies(), p.dataResources(), p.storedExportArea());
    }

    public PackageVersion version() {
        return summary.version();
    }

    /** The display string of an FName of this package ({@link AssetPackage#name(FName)}). */
    public String name(FName n) {
        return AssetPackage.render(names, n, name);
    }

    /** Export {@code index}'s preload dependencies ({@link AssetPackage#preloadDependenciesOf}). */
    public AssetPackage.PreloadDependencies preloadDependenciesOf(int index) {
        return AssetPackage.preloadDependencies(exports.get(index), index, preloadDependencies, name);
    }
}
