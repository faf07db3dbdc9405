package io.uassetd.daemon.actions.asset;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.version.CustomVersion;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.TypedAction;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code debug_asset_info}: the summary plus versions, custom versions and the byte layout of every part of the file. */
public final class DebugAssetInfoAction extends TypedAction<AssetFiles.Request, DebugAssetInfoAction.Debug> {
    public DebugAssetInfoAction() {
        super("debug_asset_info", "Summary, package version, custom versions and the byte layout of every section of a package");
    }

    /** One custom version. */
    public record Custom(String key, int version, String name) {
    }

    /** An export as UAssetTool lists it (UAssetAPI's export class name, e.g. NormalExport, is uassetd's content kind here). */
    public record ExportEntry(@JsonProperty("ExportType") String ExportType, @JsonProperty("ObjectName") String ObjectName,
            @JsonProperty("ClassName") String ClassName) {
    }

    /** Reply data: UAssetTool's {@code Exports}, {@code Imports} (object names) and {@code DetectedType}, then uassetd's. */
    public record Debug(@JsonProperty("Exports") List<ExportEntry> Exports, @JsonProperty("Imports") List<String> Imports,
                        @JsonProperty("DetectedType") String DetectedType, AssetSummaryAction.Summary summary,
                        String package_version, int total_header_size, boolean split, List<Custom> custom_versions, List<String> layout) {
    }

    @Override
    protected Done<Debug> run(AssetFiles.Request q, ActionContext ctx) {
        Path f = q.file_path();
        AssetPackage p = AssetFiles.open(f, q.engine_version(), ctx);
        List<Custom> customs = new ArrayList<>();
        for (CustomVersion c : p.summary().customVersions().versions()) {
            customs.add(new Custom(c.key().toString(), c.version(), c.friendlyName() == null ? null : c.friendlyName().toString()));
        }
        List<ExportEntry> exports = new ArrayList<>();
        for (var e : p.exports()) {
            exports.add(new ExportEntry(e.content() == null ? "RawExport" : e.content().getClass().getSimpleName(),
                    p.name(e.entry().objectName()), p.className(e)));
        }
        List<String> imports = new ArrayList<>();
        for (var i : p.importInfos()) {
            imports.add(i.objectName());
        }
        Debug d = new Debug(List.copyOf(exports), List.copyOf(imports), AssetFiles.assetType(p), AssetSummaryAction.summarize(f, p), p.version().toString(), p.summary().totalHeaderSize(), p.isSplit(),
                List.copyOf(customs), p.describeLayout());
        return Done.of("Debug info of " + f.getFileName(), d);
    }
}
