package io.uassetd.daemon.actions.asset;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.codecs.asset.json.FlagNames;
import java.nio.file.Path;

/** {@code get_asset_summary}: a package's flags, guid, property format and table sizes. */
public final class AssetSummaryAction extends TypedAction<AssetFiles.Request, AssetSummaryAction.Summary> {
    public AssetSummaryAction() {
        super("get_asset_summary", "Package flags, guid, property format and table counts of a package");
    }

    /**
     * Reply data: UAssetTool's shape (flags and object versions as names, as UAssetAPI's enums print
     * them), plus the numbers ({@code package_flags_value}, {@code object_version_ue4/ue5}) and the
     * licensee and legacy file versions.
     */
    public record Summary(String file_path, String file_name, String detected_type, String package_flags, String package_guid,
                          boolean has_unversioned_properties, boolean uses_event_driven_loader, int name_count, int import_count,
                          int export_count, String file_version_ue4, String file_version_ue5, boolean unversioned, long package_flags_value,
                          int object_version_ue4, int object_version_ue5, int file_version_licensee, int legacy_file_version) {
    }

    /** ObjectVersion as UAssetAPI names it (VER_UE4_...; UNKNOWN for 0; the number when it has no name). */
    static String ue4Name(int v) {
        if (v == 0) {
            return "UNKNOWN";
        }
        for (var o : io.uassetd.codecs.asset.version.ObjectVersion.values()) {
            if (o.value() == v) {
                return "VER_UE4_" + o.name();
            }
        }
        return Integer.toString(v);
    }

    /** ObjectVersionUE5 as UAssetAPI names it (UNKNOWN for 0; the number when it has no name). */
    static String ue5Name(int v) {
        if (v == 0) {
            return "UNKNOWN";
        }
        for (var o : io.uassetd.codecs.asset.version.ObjectVersionUE5.values()) {
            if (o.value() == v) {
                return o.name();
            }
        }
        return Integer.toString(v);
    }

    /** What UAssetAPI prints for a package without a guid (cooked packages). */
    static final String ZERO_GUID = "00000000-0000-0000-0000-000000000000";

    static Summary summarize(Path file, AssetPackage p) {
        var s = p.summary();
        return new Summary(file.toString(), file.getFileName().toString(), AssetFiles.assetType(p),
                FlagNames.packageFlags(p.packageFlags()), p.packageGuid() == null ? ZERO_GUID : p.packageGuid().toString(),
                p.hasUnversionedProperties(), p.usesEventDrivenLoader(), p.names().size(), p.imports().size(), p.exports().size(),
                ue4Name(s.fileVersionUE4()), ue5Name(s.fileVersionUE5()), s.isUnversioned(), Integer.toUnsignedLong(p.packageFlags()),
                s.fileVersionUE4(), s.fileVersionUE5(), s.fileVersionLicensee(), s.legacyFileVersion().value());
    }

    @Override
    protected Done<Summary> run(AssetFiles.Request q, ActionContext ctx) {
        Path f = q.file_path();
        AssetPackage p = AssetFiles.open(f, q.engine_version(), ctx);
        return Done.of("Summary of " + f.getFileName(), summarize(f, p));
    }
}
