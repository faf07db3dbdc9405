package io.uassetd.daemon.actions.json;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.json.UAssetJson;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import io.uassetd.daemon.actions.asset.AssetFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** {@code import_from_json}: JSON text (json_data) to a package at file_path (.uasset/.umap + .uexp, written atomically). */
public final class ImportFromJsonAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("import_from_json",
            "Writes the package a UAssetAPI-schema JSON text describes to file_path",
            FieldSpec.required("file_path", FieldType.STRING, "the package to write (.uasset or .umap; the .uexp goes beside it)"),
            FieldSpec.required("json_data", FieldType.STRING, "the JSON text (as to_json / export_to_json write it)"),
            AssetFiles.USMAP);

    /** Reply data. */
    public record Imported(String path, long size) {
    }

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        Path file = args.requirePath("file_path");
        byte[] json = args.requireString("json_data").getBytes(StandardCharsets.UTF_8);
        AssetPackage.Bytes bytes = UAssetJson.toPackageBytes(UAssetJson.parse(json, "json_data"), file.getFileName().toString(),
                AssetFiles.usmap(args, ctx));
        bytes.writeTo(file);
        return ActionResult.of("Imported " + file, new Imported(file.toString(), (long) bytes.header().length + bytes.exports().length));
    }
}
