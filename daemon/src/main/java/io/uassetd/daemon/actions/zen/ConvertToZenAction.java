package io.uassetd.daemon.actions.zen;

import io.uassetd.codecs.open.PackageOpener;
import io.uassetd.codecs.asset.PackageEngine;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.hash.Hashes;
import io.uassetd.codecs.io.AtomicOutput;
import io.uassetd.codecs.zen.write.LegacyToZen;
import io.uassetd.codecs.zen.write.ZenConversion;
import io.uassetd.codecs.zen.write.ZenTarget;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code convert_to_zen}: a legacy cooked package (.uasset/.umap + .uexp) becomes a Zen package
 * (.uzenasset), written through a temporary file; the reply carries what a container header needs
 * of it (package id, imported packages, export count) and the bulk data chunks that go beside it.
 */
public final class ConvertToZenAction extends TypedAction<ConvertToZenAction.Request, ConvertToZenAction.Converted> {
    /** The usmap_path of both conversions: UAssetTool's clients send it; neither reads properties. */
    static final String USMAP_HELP = "accepted for UAssetTool compatibility; the conversion does not read properties, so it needs no mappings";

    /** The request. */
    public record Request(@Field(value = "the .uasset or .umap (its .uexp and .ubulk are read too)", required = true) Path file_path,
                          @Field(value = ConvertToZenAction.USMAP_HELP, cli = "--usmap") String usmap_path,
                          @Field("the .uzenasset to write (default: the input with .uzenasset)") Path output_path,
                          @Field("target engine, also the engine unversioned packages are read as cooked by (auto: the package's own, detected)")
                          EngineVersion engine_version,
                          @Field("the package path (/Game/...) when the package does not store it (UE4 cooks)") String package_name,
                          @Field("UAssetTool's to_zen flag; convert_to_zen adds no material tags (create_mod_iostore's mesh fix does), so it"
                                  + " changes nothing") boolean no_material_tags) {
    }

    public ConvertToZenAction() {
        super("convert_to_zen", "Converts a legacy cooked package (.uasset + .uexp) into a Zen package (.uzenasset)", "to_zen", "file_path");
    }

    /** One bulk data chunk the package brings. */
    public record Chunk(String chunk_type, String extension, long size) {
    }

    /** Reply data: UAssetTool's {output_path, size} plus the package's store entry. */
    public record Converted(String output_path, long size, String package_name, String package_id, String engine_version,
                            String layout, int export_count, int import_count, int export_bundle_count,
                            List<String> imported_packages, List<Chunk> bulk_chunks, String source_package, String culture,
                            List<String> notes) {
    }

    @Override
    protected Done<Converted> run(Request q, ActionContext ctx) throws Exception {
        Path in = q.file_path();
        PackageOpener.checkPackage(in);
        EngineVersion requested = q.engine_version();
        if (requested != null) {
            target(requested); // an engine without a Zen writer is refused before anything is read
        }
        PackageEngine.Opened opened = PackageEngine.open(in, requested, null);
        AssetPackage legacy = opened.pkg();
        EngineVersion engine = opened.choice().engine();
        ZenTarget target = target(engine);
        // an unversioned cook rarely tells the releases of one Zen layout apart (UE5.4 and 5.5 cooks read alike, and a
        // legacy package records no Zen layout): the reply lists the releases the evidence leaves that write this same package
        ctx.usedEngine(opened.choice().keeping(c -> sameZenLayout(c, engine)));
        ctx.checkCancelled();
        ZenConversion z = LegacyToZen.convert(legacy, q.package_name(), target, LegacyToZen.companions(in));
        Path out = q.output_path() != null ? q.output_path() : AssetPackage.sibling(in, ".uzenasset");
        AtomicOutput.write(out, z.zenPackage());
        List<Chunk> chunks = z.bulkChunks().stream()
                .map(c -> new Chunk(c.type().name(), c.extension(), c.data().length)).toList();
        Converted data = new Converted(out.toString(), z.zenPackage().length, z.packageName(), Hashes.hex64(z.packageId()),
                engine.name(), z.layout().name(), z.exportCount(), z.model().importMap().size(),
                z.storeEntry().exportBundleCount(), z.storeEntry().importedPackages().stream().map(Hashes::hex64).toList(),
                chunks, z.sourcePackageName(), z.culture(), z.notes());
        return Done.of("Converted " + z.packageName() + " to " + out, data);
    }

    private static boolean sameZenLayout(EngineVersion a, EngineVersion b) {
        try {
            return a.zenLayout() == b.zenLayout();
        } catch (UnsupportedVersionException e) {
            return false;
        }
    }

    private static ZenTarget target(EngineVersion engine) {
        try {
            return ZenTarget.of(engine);
        } catch (UnsupportedVersionException e) {
            throw ActionException.invalid("Field 'engine_version': " + e.getMessage());
        }
    }
}
