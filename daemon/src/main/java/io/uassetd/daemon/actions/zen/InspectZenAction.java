package io.uassetd.daemon.actions.zen;

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
            FieldSpec.optional("engine_version", FieldType.STRING, "UE5_3", "the engine that cooked it (UE4_26 ... UE5_7)"))
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
        EngineVersion engine;
        try {
            engine = EngineVersion.parse(args.string("engine_version"));
        } catch (RuntimeException e) {
            throw ActionException.invalid("Field 'engine_version': unknown engine version '" + args.string("engine_version") + "'");
        }
        ZenPackage z = ZenPackage.read(Files.readAllBytes(f), f.getFileName().toString(), engine);
        int bundles = !z.dependencyBundleHeaders().isEmpty() ? z.dependencyBundleHeaders().size()
                : !z.exportBundleHeaders().isEmpty() ? z.exportBundleHeaders().size() : z.exportBundleEntries().size();
        Info info = new Info(z.packageName(), Hashes.hex64(Hashes.cityHash64LowerUtf16(z.packageName())), z.layout().name(),
                z.headerSize(), z.cookedHeaderSize(), z.packageFlags(), z.names().size(), z.importMap().size(), z.exportMap().size(),
                bundles, z.bulkDataMap() == null ? 0 : z.bulkDataMap().size(), z.exportData().length);
        return ActionResult.of(z.packageName() + ": " + info.export_map_count() + " exports", info);
    }
}
