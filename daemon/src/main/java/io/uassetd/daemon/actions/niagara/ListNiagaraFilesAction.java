package io.uassetd.daemon.actions.niagara;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.niagara.NiagaraDataInterface;
import io.uassetd.codecs.asset.niagara.NiagaraInterfaceKind;
import io.uassetd.codecs.asset.niagara.NiagaraSystemAsset;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.actions.asset.AssetEdits;
import io.uassetd.daemon.actions.asset.AssetFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** {@code list_niagara_files}: the NiagaraSystems under a folder with their colour curve counts. */
public final class ListNiagaraFilesAction extends TypedAction<ListNiagaraFilesAction.Request, ListNiagaraFilesAction.Listing> {
    /** The request. */
    public record Request(@Field(value = "the folder to search", required = true) Path file_path,
                          @Field(value = AssetFiles.USMAP_HELP, cli = "--usmap") String usmap_path,
                          @Field(AssetFiles.ENGINE_HELP) EngineVersion engine_version) {
    }

    public ListNiagaraFilesAction() {
        super("list_niagara_files",
                "The NiagaraSystem packages under a folder (searched recursively) with their colour curve and data interface counts",
                "list_niagara_files", "file_path");
    }

    /** One NiagaraSystem. */
    public record NiagaraFile(String path, String file_name, int color_curve_count, int total_color_count,
                              int array_color_count, int data_interface_count) {
    }

    /** A package that could not be read. */
    public record Failure(String item, String error) {
    }

    /** Reply data. */
    public record Listing(String folder, int scanned_count, int file_count, List<NiagaraFile> files, List<Failure> failures) {
    }

    @Override
    protected Done<Listing> run(Request q, Args args, ActionContext ctx) throws Exception {
        Path folder = q.file_path();
        if (!Files.isDirectory(folder)) {
            throw ActionException.notFound("Folder not found: " + folder, folder.toString());
        }
        Usmap usmap = AssetFiles.usmap(args, ctx);
        List<Path> packages;
        try (Stream<Path> s = Files.walk(folder)) {
            packages = s.filter(p -> p.toString().endsWith(".uasset") && Files.isRegularFile(p)).sorted().toList();
        }
        List<NiagaraFile> files = new ArrayList<>();
        List<Failure> failures = new ArrayList<>();
        int done = 0;
        for (Path p : packages) {
            ctx.progress(done++, packages.size(), p.toString());
            try {
                AssetPackage pkg = AssetFiles.open(p, q.engine_version(), ctx);
                if (!NiagaraSystemAsset.isNiagaraSystem(pkg)) {
                    continue;
                }
                if (pkg.hasUnversionedProperties() && usmap == null) {
                    failures.add(new Failure(p.toString(), "unversioned properties: give usmap_path"));
                    continue;
                }
                NiagaraSystemAsset ns = NiagaraSystemAsset.open(pkg, usmap);
                List<NiagaraDataInterface> curves = ns.of(NiagaraInterfaceKind.COLOR_CURVE);
                files.add(new NiagaraFile(p.toString(), p.getFileName().toString(), curves.size(),
                        curves.stream().mapToInt(NiagaraDataInterface::entryCount).sum(),
                        ns.of(NiagaraInterfaceKind.ARRAY_COLOR).size(), ns.interfaces().size()));
            } catch (RuntimeException e) {
                failures.add(new Failure(p.toString(), e.getMessage()));
            }
        }
        ctx.progress(packages.size(), packages.size(), null);
        return Done.of(files.size() + " NiagaraSystems in " + packages.size() + " packages",
                new Listing(folder.toString(), packages.size(), files.size(), files, failures));
    }
}
