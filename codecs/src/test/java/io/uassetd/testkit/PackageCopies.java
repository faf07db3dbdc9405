package io.uassetd.testkit;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.ObjectImport;
import io.uassetd.codecs.asset.PackageBuilder;
import io.uassetd.codecs.asset.PackageFileSummary;
import java.util.function.UnaryOperator;

/** A {@link PackageBuilder} holding every part of a parsed package, to rebuild it or extend it. */
public final class PackageCopies {
    private PackageCopies() {
    }

    /** A builder with the package's summary fields, names, imports, exports (raw data) and tables, in order. */
    public static PackageBuilder builderOf(AssetPackage p) {
        return builderOf(p, UnaryOperator.identity());
    }

    /** {@link #builderOf(AssetPackage)} with each import replaced by {@code importMap}'s result. */
    public static PackageBuilder builderOf(AssetPackage p, UnaryOperator<ObjectImport> importMap) {
        PackageFileSummary s = p.summary();
        PackageBuilder b = PackageBuilder.cooked(s.version(), s.isUnversioned())
                .legacyUE3Version(s.legacyUE3Version())
                .legacyFileVersion(s.legacyFileVersion())
                .customVersions(s.customVersions())
                .packageName(s.packageName())
                .packageFlags(s.packageFlags())
                .packageSource(s.packageSource())
                .chunkIds(s.chunkIds())
                .engineVersions(s.savedByEngineVersion(), s.compatibleWithEngineVersion())
                .assetRegistryData(p.assetRegistryData())
                .headerTail(p.headerTail())
                .namesReferencedFromExportData(s.namesReferencedFromExportDataCount())
                .split(p.isSplit());
        if (s.guid() != null) {
            b.guid(s.guid());
        }
        if (s.savedHash() != null) {
            b.savedHash(s.savedHash());
        }
        p.names().entries().forEach(b::addName);
        p.imports().forEach(i -> b.addImport(importMap.apply(i)));
        for (Export e : p.exports()) {
            b.addExport(e.entry(), e.rawData(), p.dependsMap().get(e.index()));
        }
        p.softObjectPaths().forEach(b::addSoftObjectPath);
        p.softPackageReferences().forEach(b::addSoftPackageReference);
        b.preloadDependencies(s.preloadDependencyCount() >= 0 ? p.preloadDependencies() : null);
        b.dataResources(p.dataResourceVersion(), p.dataResources());
        return b;
    }
}
