package io.uassetd.daemon.actions.asset;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.version.CustomVersion;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code debug_asset_info}: the summary plus versions, custom versions and the byte layout of every part of the file. */
public final class DebugAssetInfoAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("debug_asset_info",
            "Summary, package version, custom versions and the byte layout of every section of a package",
            AssetFiles.FILE, AssetFiles.ENGINE, AssetFiles.USMAP);

    /** One custom version. */
    public record Custom(String key, int version, String name) {
    }

    /** An export as UAssetTool lists it (UAssetAPI's export class name, e.g. NormalExport, is uassetd's content kind here). */
    public record ExportEntry(@com.fasterxml.jackson.annotation.JsonProperty("ExportType") String ExportType, @com.fasterxml.jackson.annotation.JsonProperty("ObjectName") String ObjectName,
            @com.fasterxml.jackson.annotation.JsonProperty("ClassName") String ClassName) {
    }

    /** Reply data: UAssetTool's {@code Exports}, {@code Imports} (object names) and {@code DetectedType}, then uassetd's. */
    public record Debug(@com.fasterxml.jackson.annotation.JsonProperty("Exports") List<ExportEntry> Exports, @com.fasterxml.jackson.annotation.JsonProperty("Imports") List<String> Imports,
                        @com.fasterxml.jackson.annotation.JsonProperty("DetectedType") String DetectedType, AssetSummaryAction.Summary summary,
                        String package_version, int total_header_size, boolean split, List<Custom> custom_versions, List<String> layout) {
    }

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) {
        Path f = args.requirePath("file_path");
        AssetPackage p = AssetFiles.open(f, AssetFiles.engine(args), ctx);
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
        return ActionResult.of("Debug info of " + f.getFileName(), d);
    }
}
