package io.uassetd.codecs.zen.write;

import io.uassetd.codecs.asset.LegacyHeader;
import io.uassetd.codecs.asset.ObjectImport;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.hash.Hashes;
import io.uassetd.codecs.iostore.header.NameBatch;
import io.uassetd.codecs.iostore.scriptobjects.PackageObjectIndex;
import io.uassetd.codecs.zen.ImportedPackageNames;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Zen import map of a legacy package. Import i becomes entry i: a /Script object its script
 * import (the hash of its path), a package itself Null (Zen does not list package objects), an
 * object of another package a package import. UE5: the imported package's index (packages sorted by
 * FPackageId) in the high 32 bits and the index of its public export hash in the low 32 bits; the
 * hashes are listed once each, in the order the imports first need them. UE4.26/4.27: the global
 * import index (the hash of the object's full path, package-import kind), the packages in the order
 * the imports first name them.
 */
final class ZenImports {
    private static final long PACKAGE_IMPORT_KIND = 2L << 62;
    private static final long INDEX_MASK = (1L << 62) - 1;

    /** One imported package: its id and its name as an FName (base text and number). */
    record ImportedPackage(long id, String base, int number) {
    }

    final List<PackageObjectIndex> importMap;
    final List<ImportedPackage> packages;
    final long[] publicExportHashes;

    private ZenImports(List<PackageObjectIndex> importMap, List<ImportedPackage> packages, long[] hashes) {
        this.importMap = importMap;
        this.packages = packages;
        this.publicExportHashes = hashes;
    }

    static ZenImports build(LegacyHeader pkg, LegacyPaths paths, boolean ue4, String file) {
        int n = pkg.imports().size();
        List<PackageObjectIndex> map = new ArrayList<>(n);
        Map<Long, ImportedPackage> packages = new LinkedHashMap<>();
        Map<Long, Integer> hashIndex = new LinkedHashMap<>();
        long[] packageOf = new long[n];
        int[] hashOf = new int[n];
        for (int i = 0; i < n; i++) {
            LegacyPaths.ObjectPath p = paths.of(PackageIndex.ofImport(i));
            if (p.packageName().startsWith("/Script/")) {
                map.add(PackageObjectIndex.scriptImport(p.full()));
                continue;
            }
            if (p.isPackage()) {
                map.add(PackageObjectIndex.NULL);
                continue;
            }
            if (!p.packageName().startsWith("/")) {
                throw new ZenWriteException("Import " + i + " (" + p.full() + ") is neither a /Script object nor an object"
                        + " of a package (its outermost import '" + p.packageName() + "' is not a package path)", file,
                        "ImportMap");
            }
            long id = Hashes.cityHash64LowerUtf16(p.packageName());
            if (!packages.containsKey(id)) {
                ObjectImport root = rootOf(pkg, i);
                packages.put(id, new ImportedPackage(id, pkg.names().get(root.objectName().index()),
                        root.objectName().number()));
            }
            packageOf[i] = id;
            if (ue4) {
                map.add(globalImportIndex(p.full()));
            } else {
                long hash = publicExportHash(p.relative());
                hashOf[i] = hashIndex.computeIfAbsent(hash, h -> hashIndex.size());
                map.add(null);
            }
        }
        List<ImportedPackage> list = new ArrayList<>(packages.values());
        long[] hashes = new long[hashIndex.size()];
        hashIndex.forEach((h, k) -> hashes[k] = h);
        if (!ue4) {
            list.sort((a, b) -> Long.compareUnsigned(a.id(), b.id()));
            Map<Long, Integer> position = new HashMap<>();
            for (int k = 0; k < list.size(); k++) {
                position.put(list.get(k).id(), k);
            }
            for (int i = 0; i < n; i++) {
                if (map.get(i) == null) {
                    long v = ((long) position.get(packageOf[i]) << 32) | (hashOf[i] & 0xFFFFFFFFL);
                    map.set(i, new PackageObjectIndex(PACKAGE_IMPORT_KIND | v));
                }
            }
        }
        return new ZenImports(map, List.copyOf(list), hashes);
    }

    private static ObjectImport rootOf(LegacyHeader pkg, int i) {
        ObjectImport cur = pkg.imports().get(i);
        while (!cur.outerIndex().isNull()) {
            cur = pkg.imports().get(cur.outerIndex().importIndex());
        }
        return cur;
    }

    /** UE5 public export hash: CityHash64 of the lower-cased package-relative path ('/' separators) as UTF-16LE. */
    static long publicExportHash(String relative) {
        return Hashes.cityHash64LowerUtf16(relative);
    }

    /** UE4.26/4.27 global import index of an object of a package: its full path's hash, package-import kind. */
    static PackageObjectIndex globalImportIndex(String fullPath) {
        long h = Hashes.cityHash64LowerUtf16(fullPath.toLowerCase(Locale.ROOT)) & INDEX_MASK;
        return new PackageObjectIndex(PACKAGE_IMPORT_KIND | h);
    }

    List<Long> packageIds() {
        return packages.stream().map(ImportedPackage::id).toList();
    }

    /** UE5.3+ imported package names, in imported package order. */
    ImportedPackageNames names() {
        return new ImportedPackageNames(NameBatch.of(packages.stream().map(ImportedPackage::base).toList()),
                packages.stream().map(ImportedPackage::number).toList());
    }

    @Override
    public String toString() {
        return "ZenImports" + importMap + " " + packages + " " + Arrays.toString(publicExportHashes);
    }
}
