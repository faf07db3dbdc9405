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
 * <p>The lists and the export area are not copied: read only.
 */
public final class LegacyHeader {
    private final String name;
    private final boolean split;
    private final PackageFileSummary summary;
    private final NameMap names;
    private final List<ObjectImport> imports;
    private final List<ObjectExport> exports;
    private final List<PackageIndex> preloadDependencies;
    private final List<DataResource> dataResources;
    private final byte[] exportArea;

    LegacyHeader(String name, boolean split, PackageFileSummary summary, NameMap names, List<ObjectImport> imports,
            List<ObjectExport> exports, List<PackageIndex> preloadDependencies, List<DataResource> dataResources,
            byte[] exportArea) {
        this.name = name;
        this.split = split;
        this.summary = summary;
        this.names = names;
        this.imports = imports;
        this.exports = exports;
        this.preloadDependencies = preloadDependencies;
        this.dataResources = dataResources;
        this.exportArea = exportArea;
    }

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

    /** The file name used in messages. */
    public String name() {
        return name;
    }

    /** True when the package is a .uasset + .uexp pair. */
    public boolean isSplit() {
        return split;
    }

    public PackageFileSummary summary() {
        return summary;
    }

    public PackageVersion version() {
        return summary.version();
    }

    public NameMap names() {
        return names;
    }

    public List<ObjectImport> imports() {
        return imports;
    }

    /** The export map entries. */
    public List<ObjectExport> exports() {
        return exports;
    }

    public List<PackageIndex> preloadDependencies() {
        return preloadDependencies;
    }

    /** The data resource table (UE5.2+), or null when absent. */
    public List<DataResource> dataResources() {
        return dataResources;
    }

    /**
     * The bytes from TotalHeaderSize to the end of the package (a split package's .uexp, not copied),
     * or null when header tables follow the exports.
     */
    public byte[] exportArea() {
        return exportArea;
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
