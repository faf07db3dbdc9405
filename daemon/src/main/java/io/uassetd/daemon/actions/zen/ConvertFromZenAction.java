package io.uassetd.daemon.actions.zen;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.version.EngineChoice;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.hash.Hashes;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.zen.ZenPackage;
import io.uassetd.codecs.zen.convert.LegacyOutput;
import io.uassetd.codecs.zen.convert.ZenToLegacy;
import io.uassetd.codecs.zen.write.LegacyToZen;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.actions.iostore.PackageStores;
import io.uassetd.daemon.cache.Lease;
import io.uassetd.daemon.util.Keys;
import io.uassetd.codecs.open.PackageOpener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code convert_from_zen}: a loose Zen package ({@code .uzenasset}, as {@code convert_to_zen} writes
 * it, with its .ubulk / .uptnl beside it) becomes a legacy cooked package (.uasset + .uexp and the
 * bulk files). Imports of script objects (/Script/...) are resolved through the game's global
 * container ({@code game_paks}, the Paks folder); without it they are rebuilt from the package's own
 * names where that is certain, and each that is not is said in {@code notes}. UAssetTool names this
 * action (file_path, usmap_path) but never implemented it.
 */
public final class ConvertFromZenAction extends TypedAction<ConvertFromZenAction.Request, ConvertFromZenAction.Converted> {
    /** The request. */
    public record Request(@Field(value = "the .uzenasset (its .ubulk / .uptnl beside it are read too)", required = true) Path file_path,
                          @Field(value = ConvertToZenAction.USMAP_HELP, cli = "--usmap") String usmap_path,
                          @Field("the .uasset (or .umap) to write; default: beside the input, which must not exist yet") Path output_path,
                          @Field("the game's Paks folder: its global container resolves script imports and its packages the imported ones")
                          Path game_paks,
                          @Field("AES key of the game's containers (hex or base64)") String aes_key,
                          @Field("engine the Zen package was cooked by (auto: detected from the package, or the game's containers)")
                          EngineVersion engine_version) {
    }

    public ConvertFromZenAction() {
        super("convert_from_zen", "Converts a loose Zen package (.uzenasset) into a legacy cooked package (.uasset + .uexp)", "from_zen",
                "file_path", "output_path");
    }

    /** Reply data. */
    public record Converted(String output_path, long size, String package_name, String package_id, List<String> files,
            List<String> notes, boolean script_objects) {
    }

    @Override
    protected Done<Converted> run(Request q, ActionContext ctx) throws Exception {
        Path in = q.file_path();
        PackageOpener.checkFile(in, "Zen package"); // absent: NOT_FOUND; a folder: says so
        byte[] data = Files.readAllBytes(in);
        if (AssetPackage.isLegacyPackage(data)) {
            throw ActionException.invalid(in.getFileName() + " is a legacy package already (convert_to_zen makes Zen packages)");
        }
        EngineVersion requested = q.engine_version();
        Path paks = q.game_paks();
        Lease<PackageStore> lease = paks == null ? null : PackageStores.open(ctx, paks, List.of(), Keys.parse(q.aes_key()));
        try {
            PackageStore store = lease == null ? null : lease.get();
            PackageOpener.ZenOpened opened = PackageOpener.withoutMappings(requested, ctx.engineBatch()).openZen(in, store);
            EngineChoice choice = opened.choice();
            ctx.usedEngine(choice);
            ZenPackage pkg = opened.pkg();
            long id = Hashes.cityHash64LowerUtf16(pkg.packageName());
            var scripts = store == null ? null : store.scriptObjects().orElse(null);
            LegacyOutput legacy = ZenToLegacy.convert(pkg, id, null, store, scripts, choice.engine(), ZenToLegacy.Unresolved.RECOVER,
                    LegacyToZen.companions(in));
            Path out = q.output_path();
            if (out == null) {
                out = AssetPackage.sibling(in, legacy.extension());
                if (Files.exists(out)) {
                    throw ActionException.invalid(out + " exists: give output_path (the conversion does not overwrite a package by default)");
                }
            }
            List<Path> written = legacy.write(out);
            return Done.of("Converted " + legacy.packageName() + " to " + out,
                    new Converted(out.toString(), Files.size(out), legacy.packageName(), Hashes.hex64(id),
                            written.stream().map(Path::toString).toList(), legacy.notes(), scripts != null));
        } finally {
            if (lease != null) {
                lease.close();
            }
        }
    }
}
