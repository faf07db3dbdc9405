package io.uassetd.daemon.actions.zen;

import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.codecs.open.PackageOpener;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.hash.Hashes;
import io.uassetd.codecs.zen.ZenPackage;
import io.uassetd.daemon.action.ActionContext;
import java.nio.file.Path;

/** {@code inspect_zen}: the header of a Zen package file (.uzenasset, or a package chunk extracted from a container). */
public final class InspectZenAction extends TypedAction<InspectZenAction.Request, InspectZenAction.Info> {
    /** The request. */
    public record Request(@Field(value = "a Zen package (.uzenasset, or a package chunk extracted from a .ucas)", required = true) Path file_path,
                          @Field("the engine that cooked it") EngineVersion engine_version) {
    }

    public InspectZenAction() {
        super("inspect_zen", "Header of a Zen package file: sizes and the counts of its name, import, export and export bundle tables",
                "inspect_zen", "file_path");
    }

    /** Reply data (UAssetTool's shape plus names, flags, layout and the package id). */
    public record Info(String package_name, String package_id, String layout, long header_size, long cooked_header_size,
                       long package_flags, int name_map_count, int import_map_count, int export_map_count, int export_bundle_count,
                       int bulk_data_count, long export_data_size) {
    }

    @Override
    protected Done<Info> run(Request r, ActionContext ctx) throws Exception {
        Path f = r.file_path();
        PackageOpener.ZenOpened opened = PackageOpener.withoutMappings(r.engine_version(), ctx.engineBatch()).openZen(f, null);
        ctx.usedEngine(opened.choice());
        ZenPackage z = opened.pkg();
        int bundles = !z.dependencyBundleHeaders().isEmpty() ? z.dependencyBundleHeaders().size()
                : !z.exportBundleHeaders().isEmpty() ? z.exportBundleHeaders().size() : z.exportBundleEntries().size();
        Info info = new Info(z.packageName(), Hashes.hex64(Hashes.cityHash64LowerUtf16(z.packageName())), z.layout().name(),
                z.headerSize(), z.cookedHeaderSize(), z.packageFlags(), z.names().size(), z.importMap().size(), z.exportMap().size(),
                bundles, z.bulkDataMap() == null ? 0 : z.bulkDataMap().size(), z.exportData().length);
        return Done.of(z.packageName() + ": " + info.export_map_count() + " exports", info);
    }
}
