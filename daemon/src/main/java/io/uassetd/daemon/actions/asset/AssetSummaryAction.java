package io.uassetd.daemon.actions.asset;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import java.nio.file.Path;

/** {@code get_asset_summary}: a package's flags, guid, property format and table sizes. */
public final class AssetSummaryAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("get_asset_summary",
            "Package flags, guid, property format and table counts of a package",
            AssetFiles.FILE, AssetFiles.ENGINE, AssetFiles.USMAP);

    /** Reply data (UAssetTool's shape plus the engine/file versions). */
    public record Summary(String file_path, String file_name, String detected_type, long package_flags, String package_guid,
                          boolean has_unversioned_properties, boolean uses_event_driven_loader, int name_count, int import_count,
                          int export_count, boolean unversioned, int file_version_ue4, int file_version_ue5,
                          int file_version_licensee, int legacy_file_version) {
    }

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    static Summary summarize(Path file, AssetPackage p) {
        var s = p.summary();
        return new Summary(file.toString(), file.getFileName().toString(), AssetFiles.assetType(p), Integer.toUnsignedLong(p.packageFlags()),
                p.packageGuid() == null ? null : p.packageGuid().toString(), p.hasUnversionedProperties(), p.usesEventDrivenLoader(),
                p.names().size(), p.imports().size(), p.exports().size(), s.isUnversioned(), s.fileVersionUE4(), s.fileVersionUE5(),
                s.fileVersionLicensee(), s.legacyFileVersion().value());
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) {
        Path f = args.requirePath("file_path");
        AssetPackage p = AssetFiles.open(f, AssetFiles.engine(args), ctx);
        return ActionResult.of("Summary of " + f.getFileName(), summarize(f, p));
    }
}
