package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.version.ObjectVersion;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.core.PackageIndex;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a package: serializes every region in the original order, recomputes the summary's counts
 * and offsets, the export serial sizes and offsets and the thumbnail offsets from the new layout,
 * then serializes the offset-bearing tables again. An unedited package comes out byte-identical.
 */
final class PackageSerializer {
    private final AssetPackage p;

    PackageSerializer(AssetPackage p) {
        this.p = p;
    }

    /** The package bytes: the header part (.uasset) and the rest (.uexp, empty for a single-file package). */
    AssetPackage.Bytes serialize() {
        byte[][] exportData = new byte[p.exports().size()][];
        for (Export e : p.exports()) {
            exportData[e.index()] = e.serialize(p);
        }
        List<Region> regions = effectiveRegions();
        byte[][] parts = new byte[regions.size()][];
        fill(parts, regions, exportData);
        long[] starts = new long[regions.size()];
        long pos = 0;
        for (int i = 0; i < regions.size(); i++) {
            starts[i] = pos;
            pos += parts[i].length;
        }
        Region last = regions.get(regions.size() - 1);
        OffsetRemap remap = new OffsetRemap(regions, starts, last.end(), pos);
        updateLayout(remap, regions, starts, exportData);
        // only the summary, the export map and the thumbnail table hold offsets or sizes: the rest is as in the first pass
        byte[][] again = parts.clone();
        for (int i = 0; i < regions.size(); i++) {
            Region.Kind kind = regions.get(i).kind();
            if (kind == Region.Kind.SUMMARY || kind == Region.Kind.EXPORT_MAP || kind == Region.Kind.THUMBNAIL_TABLE) {
                again[i] = table(kind);
                if (again[i].length != parts[i].length) {
                    throw new IllegalStateException(kind + " changed size between passes");
                }
            }
        }
        long headerSize = p.summary().totalHeaderSize();
        if (pos > Integer.MAX_VALUE) {
            throw new IllegalStateException("Package larger than 2 GiB cannot be written in memory");
        }
        // the parts copied straight into the header and the rest (one copy each)
        if (p.isSplit() && headerSize > pos) {
            throw new IllegalArgumentException("Header of " + headerSize + " bytes is larger than the package (" + pos + " bytes)");
        }
        int split = p.isSplit() ? (int) headerSize : (int) pos;
        byte[] head = new byte[split];
        byte[] tail = new byte[(int) pos - split];
        int at = 0;
        for (byte[] part : again) {
            int inHead = Math.max(0, Math.min(part.length, split - at));
            if (inHead > 0) {
                System.arraycopy(part, 0, head, at, inHead);
            }
            if (inHead < part.length) {
                System.arraycopy(part, inHead, tail, at + inHead - split, part.length - inHead);
            }
            at += part.length;
        }
        return new AssetPackage.Bytes(head, p.isSplit() ? tail : new byte[0]);
    }

    /**
     * The package's regions plus an empty region for each table that has rows now but had none on
     * disk, placed where Unreal's save order puts it.
     */
    private List<Region> effectiveRegions() {
        List<Region> out = new ArrayList<>(p.regions());
        var v = p.version();
        ensureAfter(out, Region.Kind.SOFT_OBJECT_PATHS, !p.softObjectPaths().isEmpty()
                && v.atLeast(ObjectVersionUE5.ADD_SOFTOBJECTPATH_LIST), Region.Kind.NAME_MAP);
        ensureAfter(out, Region.Kind.IMPORT_MAP, !p.imports().isEmpty(), Region.Kind.SOFT_OBJECT_PATHS, Region.Kind.NAME_MAP);
        ensureAfter(out, Region.Kind.SOFT_PACKAGE_REFERENCES, !p.softPackageReferences().isEmpty()
                && v.atLeast(ObjectVersion.ADD_STRING_ASSET_REFERENCES_MAP),
                Region.Kind.DEPENDS_MAP, Region.Kind.EXPORT_MAP, Region.Kind.IMPORT_MAP, Region.Kind.NAME_MAP);
        if (!p.preloadDependencies().isEmpty() && out.stream().noneMatch(r -> r.kind() == Region.Kind.PRELOAD_DEPENDENCIES)
                && v.atLeast(ObjectVersion.PRELOAD_DEPENDENCIES_IN_COOKED_EXPORTS)) {
            long end = p.summary().totalHeaderSize();
            int at = 0;
            while (at < out.size() && out.get(at).start() < end) {
                at++;
            }
            out.add(at, new Region(Region.Kind.PRELOAD_DEPENDENCIES, -1, end, 0, null));
        }
        return out;
    }

    private static void ensureAfter(List<Region> out, Region.Kind kind, boolean needed, Region.Kind... after) {
        if (!needed || out.stream().anyMatch(r -> r.kind() == kind)) {
            return;
        }
        for (Region.Kind pred : after) {
            for (int i = out.size() - 1; i >= 0; i--) {
                if (out.get(i).kind() == pred) {
                    out.add(i + 1, new Region(kind, -1, out.get(i).end(), 0, null));
                    return;
                }
            }
        }
        throw new IllegalStateException("No place for a new " + kind + " table");
    }

    private void fill(byte[][] parts, List<Region> regions, byte[][] exportData) {
        for (int i = 0; i < regions.size(); i++) {
            Region r = regions.get(i);
            parts[i] = switch (r.kind()) {
                case RAW -> r.raw();
                case EXPORT_DATA -> exportData[r.exportIndex()];
                default -> table(r.kind());
            };
        }
    }

    /** One table serialized with the package's current content. */
    byte[] table(Region.Kind kind) {
        PackageFileSummary s = p.summary();
        PackageWriter w = new PackageWriter(s.version(), s.filterEditorOnly());
        table(kind, w);
        return w.toByteArray();
    }

    /** One table serialized with the package's current content, appended to {@code w}. */
    void table(Region.Kind kind, PackageWriter w) {
        PackageFileSummary s = p.summary();
        switch (kind) {
            case SUMMARY -> s.write(w);
            case NAME_MAP -> p.names().write(w);
            case SOFT_OBJECT_PATHS -> p.softObjectPaths().forEach(e -> e.write(w));
            case IMPORT_MAP -> {
                boolean names = ObjectImport.storesPackageNames(p.imports());
                p.imports().forEach(i -> i.write(w, names));
            }
            case EXPORT_MAP -> p.exports().forEach(e -> e.entry().write(w, s.hasUnversionedProperties()));
            case DEPENDS_MAP -> {
                for (List<PackageIndex> list : p.dependsMap()) {
                    w.writeI32(list.size());
                    list.forEach(w::writePackageIndex);
                }
            }
            case SOFT_PACKAGE_REFERENCES -> p.softPackageReferences().forEach(e -> e.write(w));
            case SEARCHABLE_NAMES -> {
                w.writeI32(p.searchableNames().size());
                p.searchableNames().forEach(n -> n.write(w));
            }
            case THUMBNAIL_TABLE -> {
                w.writeI32(p.thumbnails().size());
                p.thumbnails().forEach(t -> t.write(w));
            }
            case PRELOAD_DEPENDENCIES -> p.preloadDependencies().forEach(w::writePackageIndex);
            case DATA_RESOURCES -> {
                w.writeI32(p.dataResourceVersion());
                w.writeI32(p.dataResources().size());
                p.dataResources().forEach(d -> d.write(w, p.dataResourceVersion()));
            }
            default -> throw new IllegalStateException("Not a table: " + kind);
        }
    }

    private void updateLayout(OffsetRemap m, List<Region> regions, long[] starts, byte[][] exportData) {
        PackageFileSummary s = p.summary();
        int oldNames = s.nameCount();
        int names = p.names().size();
        int referenced = s.namesReferencedFromExportDataCount() == oldNames ? names
                : s.namesReferencedFromExportDataCount() + names - oldNames;
        int preload = s.preloadDependencyCount() >= 0 || !p.preloadDependencies().isEmpty()
                ? p.preloadDependencies().size() : s.preloadDependencyCount();
        p.replaceSummary(s.withCounts(names, p.softObjectPaths().size(), p.exports().size(), p.imports().size(),
                p.softPackageReferences().size(), preload, referenced).relocated(m));

        for (int i = 0; i < regions.size(); i++) {
            Region r = regions.get(i);
            if (r.kind() == Region.Kind.EXPORT_DATA) {
                Export e = p.exports().get(r.exportIndex());
                e.setEntry(e.entry().withSerial(exportData[r.exportIndex()].length, starts[i]));
            }
        }
        if (p.thumbnails() != null) {
            List<ThumbnailEntry> moved = new ArrayList<>(p.thumbnails().size());
            for (ThumbnailEntry t : p.thumbnails()) {
                moved.add(new ThumbnailEntry(t.objectClassName(), t.objectPathWithoutPackageName(), m.mapOffset(t.fileOffset())));
            }
            p.setThumbnails(moved);
        }
    }
}
