package io.uassetd.daemon.actions.json;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.json.UAssetJson;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.actions.asset.AssetFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** {@code import_from_json}: JSON text (json_data) to a package at file_path (.uasset/.umap + .uexp, written atomically). */
public final class ImportFromJsonAction extends TypedAction<ImportFromJsonAction.Request, ImportFromJsonAction.Imported> {
    /** The request. */
    public record Request(@Field(value = "the package to write (.uasset or .umap; the .uexp goes beside it)", required = true) Path file_path,
                          @Field(value = "the JSON text (as to_json / export_to_json write it)", required = true) String json_data,
                          @Field(value = AssetFiles.USMAP_HELP, cli = "--usmap") String usmap_path) {
    }

    public ImportFromJsonAction() {
        super("import_from_json", "Writes the package a UAssetAPI-schema JSON text describes to file_path");
    }

    /** Reply data. */
    public record Imported(String path, long size) {
    }

    @Override
    protected Done<Imported> run(Request q, Args args, ActionContext ctx) throws Exception {
        Path file = q.file_path();
        byte[] json = q.json_data().getBytes(StandardCharsets.UTF_8);
        AssetPackage.Bytes bytes = UAssetJson.toPackageBytes(UAssetJson.parse(json, "json_data"), file.getFileName().toString(),
                AssetFiles.usmap(args, ctx));
        bytes.writeTo(file);
        return Done.of("Imported " + file, new Imported(file.toString(), (long) bytes.header().length + bytes.exports().length));
    }
}
