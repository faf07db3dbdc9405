package io.uassetd.daemon.actions.zen;

import io.uassetd.codecs.asset.version.EngineChoice;
import io.uassetd.codecs.zen.ZenEngine;
import io.uassetd.daemon.action.EngineField;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.hash.Hashes;
import io.uassetd.codecs.zen.ZenPackage;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import java.nio.file.Files;
import java.nio.file.Path;

/** {@code inspect_zen}: the header of a Zen package file (.uzenasset, or a package chunk extracted from a container). */
public final class InspectZenAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("inspect_zen",
            "Header of a Zen package file: sizes and the counts of its name, import, export and export bundle tables",
            FieldSpec.required("file_path", FieldType.STRING, "a Zen package (.uzenasset, or a package chunk extracted from a .ucas)"),
            EngineField.spec("the engine that cooked it"))
            .withCli("inspect_zen", "file_path");

    /** Reply data (UAssetTool's shape plus names, flags, layout and the package id). */
    public record Info(String package_name, String package_id, String layout, long header_size, long cooked_header_size,
                       long package_flags, int name_map_count, int import_map_count, int export_map_count, int export_bundle_count,
                       int bulk_data_count, long export_data_size) {
    }

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        Path f = args.requirePath("file_path");
        if (!Files.isRegularFile(f)) {
            throw ActionException.notFound("Zen package not found: " + f, f.toString());
        }
        EngineVersion requested = EngineField.requested(args);
        byte[] data = Files.readAllBytes(f);
        EngineChoice choice = ZenEngine.of(data, f.getFileName().toString(), requested);
        ZenPackage z;
        try {
            z = ZenPackage.read(data, f.getFileName().toString(), choice.engine());
        } catch (RuntimeException e) {
            throw requested == null ? EngineChoice.explain(e, choice.tried()) : e;
        }
        ctx.usedEngine(choice);
        int bundles = !z.dependencyBundleHeaders().isEmpty() ? z.dependencyBundleHeaders().size()
                : !z.exportBundleHeaders().isEmpty() ? z.exportBundleHeaders().size() : z.exportBundleEntries().size();
        Info info = new Info(z.packageName(), Hashes.hex64(Hashes.cityHash64LowerUtf16(z.packageName())), z.layout().name(),
                z.headerSize(), z.cookedHeaderSize(), z.packageFlags(), z.names().size(), z.importMap().size(), z.exportMap().size(),
                bundles, z.bulkDataMap() == null ? 0 : z.bulkDataMap().size(), z.exportData().length);
        return ActionResult.of(z.packageName() + ": " + info.export_map_count() + " exports", info);
    }
}
