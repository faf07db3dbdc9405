package io.uassetd.codecs.zen.write;

import io.uassetd.codecs.asset.LegacyHeader;
import io.uassetd.codecs.asset.ObjectExport;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.iostore.header.MappedName;
import io.uassetd.codecs.iostore.scriptobjects.PackageObjectIndex;
import io.uassetd.codecs.zen.ExportMapEntry;
import java.util.ArrayList;
import java.util.List;

/**
 * The Zen export map of a legacy package: one FExportMapEntry per export, its name stored in the
 * Zen name map, its outer/class/super/template as FPackageObjectIndex (exports by index, imports as
 * the Zen import map names them), and its public export hash when it is public (RF_Public or
 * bGeneratePublicHash): UE5 the hash of its package-relative path, UE4 its global import index
 * (else Null). UE5 serial offsets count from the end of the legacy header, UE4 ones are kept.
 */
final class ZenExports {
    private static final int RF_PUBLIC = 0x1;

    private ZenExports() {
    }

    static List<ExportMapEntry> build(LegacyHeader pkg, LegacyPaths paths, ZenNames names, ZenImports imports,
            boolean ue4, long headerSize) {
        List<ExportMapEntry> out = new ArrayList<>(pkg.exports().size());
        for (int i = 0; i < pkg.exports().size(); i++) {
            ObjectExport e = pkg.exports().get(i);
            MappedName name = names.store(pkg.names().get(e.objectName().index()), e.objectName().number());
            boolean pub = (e.objectFlags() & RF_PUBLIC) != 0 || e.generatePublicHash();
            long hash;
            if (ue4) {
                hash = pub ? ZenImports.globalImportIndex(paths.of(PackageIndex.ofExport(i)).full()).raw() : -1L;
            } else {
                hash = pub ? ZenImports.publicExportHash(paths.of(PackageIndex.ofExport(i)).relative()) : 0;
            }
            int filter = e.notForServer() ? ExportMapEntry.FILTER_NOT_FOR_SERVER
                    : e.notForClient() ? ExportMapEntry.FILTER_NOT_FOR_CLIENT : 0;
            long offset = ue4 ? e.serialOffset() : e.serialOffset() - headerSize;
            if (offset < 0) {
                throw new ZenWriteException("Export " + i + " starts at " + e.serialOffset() + ", inside the "
                        + headerSize + "-byte header", pkg.name(), "ExportMap");
            }
            out.add(new ExportMapEntry(offset, e.serialSize(), name, index(imports, e.outerIndex()),
                    index(imports, e.classIndex()), index(imports, e.superIndex()), index(imports, e.templateIndex()),
                    hash, e.objectFlags(), filter, 0));
        }
        return out;
    }

    static PackageObjectIndex index(ZenImports imports, PackageIndex i) {
        if (i.isNull()) {
            return PackageObjectIndex.NULL;
        }
        if (i.isExport()) {
            return new PackageObjectIndex(i.exportIndex());
        }
        return imports.importMap.get(i.importIndex());
    }
}
