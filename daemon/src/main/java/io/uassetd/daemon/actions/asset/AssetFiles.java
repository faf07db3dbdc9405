package io.uassetd.daemon.actions.asset;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.open.PackageOpener;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.ObjectExport;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.EngineField;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.actions.usmap.Mappings;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Supplier;

/** Opening legacy packages for the asset actions, and classifying them. */
public final class AssetFiles {
    /**
     * The message for an export index left out: UAssetTool's default for {@code export_index} is -1,
     * which its property actions refuse with this message, so uassetd does the same.
     */
    public static final String EXPORT_INDEX_REQUIRED = "Export index is required";
    /** Help of a request's {@code file_path} naming one legacy package. */
    public static final String FILE_HELP = "the .uasset or .umap (its .uexp is read too)";
    /** Help of {@code file_paths}. */
    public static final String FILES_HELP = "several packages";
    /** Help of {@code engine_version} (what the engine is used for). */
    public static final String ENGINE_HELP = "engine of unversioned (cooked) packages (versioned packages carry their own)";
    /** Help of {@code usmap_path} (CLI {@code --usmap}). */
    public static final String USMAP_HELP =
            "mappings for unversioned properties (else USMAP_PATH, consulted only for packages that need mappings)";
    /** Help of {@code fail_fast}. */
    public static final String FAIL_FAST_HELP = "stop at the first failed item; the items not yet started are skipped";

    private AssetFiles() {
    }

    /** The request of an action that reads one package: file_path, engine_version, usmap_path. */
    public record Request(@Field(value = FILE_HELP, required = true) Path file_path,
                          @Field(ENGINE_HELP) EngineVersion engine_version,
                          @Field(value = USMAP_HELP, cli = "--usmap") String usmap_path) {
    }

    /** The engine the request names; null for auto (detected per package, see {@link PackageOpener}). */
    public static EngineVersion engine(Args args) {
        return EngineField.requested(args);
    }

    /**
     * The request's package opener (codecs' {@link PackageOpener}): its {@code engine_version},
     * {@code usmap_path} and the {@code USMAP_PATH} environment variable, mappings read through the
     * daemon's cache, warnings into the reply, probe decisions shared by the request.
     */
    public static PackageOpener opener(Args args, ActionContext ctx) {
        String u = args.has("usmap_path") ? args.node("usmap_path").asText() : null;
        String env = args.environment(USMAP_ENV);
        return new PackageOpener(args.declares(EngineField.NAME) ? engine(args) : null, u == null || u.isBlank() ? null : Path.of(u), env == null ? null : Path.of(env),
                file -> {
                    try (var lease = Mappings.open(ctx, file)) {
                        return lease.get().usmap();
                    }
                }, ctx::warn, ctx.engineBatch());
    }

    /**
     * The package opener of a typed request: its engine ({@code null} = detected), its
     * {@code usmap_path} (null = none named), the daemon's {@code USMAP_PATH} as the fallback. A
     * {@code usmap_path} equal to {@code USMAP_PATH} (a typed request's binding fills it from the
     * variable) counts as the fallback, not as named mappings.
     */
    public static PackageOpener opener(EngineVersion engine, Path usmapPath, ActionContext ctx) {
        String env = System.getenv(USMAP_ENV);
        Path envPath = env == null || env.isBlank() ? null : Path.of(env);
        boolean fromEnv = usmapPath != null && usmapPath.equals(envPath);
        return new PackageOpener(engine, fromEnv ? null : usmapPath, envPath, file -> {
            try (var lease = Mappings.open(ctx, file)) {
                return lease.get().usmap();
            }
        }, ctx::warn, ctx.engineBatch());
    }

    /**
     * Opens {@code file} through the request's opener and records the engine used in the reply;
     * the package with how it was read and the mappings it needs.
     */
    public static PackageOpener.Opened read(Args args, ActionContext ctx, Path file) throws Exception {
        PackageOpener.Opened o = opener(args, ctx).open(file);
        ctx.usedEngine(o.choice());
        return o;
    }

    /**
     * The mappings for an action that does not know yet whether it needs them (several packages,
     * JSON input): {@code usmap_path} when given (NOT_FOUND when it names no file); else the
     * {@code USMAP_PATH} environment variable's file, whose use is said in {@code warnings}, and
     * which is ignored with a warning when it names no file (a stale variable must not fail
     * packages that need no mappings); null when there are none.
     */
    public static Usmap usmap(Args args, ActionContext ctx) throws Exception {
        return opener(args, ctx).mappings();
    }

    /**
     * The mappings for package {@code p}: {@code usmap_path} when given; else, only when the
     * package has unversioned properties (tagged packages need none), the {@code USMAP_PATH}
     * environment variable's file, whose use is said in {@code warnings} (NOT_FOUND naming the
     * variable when it names no file); null when there are none.
     */
    public static Usmap usmapFor(Args args, ActionContext ctx, AssetPackage p) throws Exception {
        return opener(args, ctx).mappingsFor(p);
    }

    /**
     * As {@link #usmap(Args, ActionContext)}, but the {@code USMAP_PATH} file is read (and its use
     * said in {@code warnings}) only when the supplier is first asked, by an item that needs
     * mappings; {@code usmap_path} when given is read at once. Safe to call from several threads.
     */
    public static Supplier<Usmap> lazyUsmap(Args args, ActionContext ctx) throws Exception {
        return opener(args, ctx).lazyMappings();
    }

    /**
     * The mappings for reading package {@code p} where it can be read without them too (textures):
     * {@code usmap_path} when given; else, only when the package has unversioned properties, as
     * {@link #usmap(Args, ActionContext)} (the {@code USMAP_PATH} file, its use said once in
     * {@code warnings}); a tagged package never reads the variable.
     */
    public static Usmap usmapIfNeeded(Args args, ActionContext ctx, AssetPackage p) throws Exception {
        return opener(args, ctx).mappingsIfNeeded(p);
    }

    /** The environment variable UAssetTool's clients pass the mappings in. */
    public static final String USMAP_ENV = PackageOpener.USMAP_ENV;

    /** The mappings {@code usmap_path} names (NOT_FOUND when it names no file); null when not given. */
    public static Usmap explicitUsmap(Args args, ActionContext ctx) throws Exception {
        return opener(args, ctx).named();
    }

    /**
     * Opens a package under {@code engine} (null: detected, with the mappings' versions as evidence
     * when given) and records the engine used in the reply.
     */
    public static AssetPackage open(Path file, EngineVersion engine, ActionContext ctx, Usmap usmap) {
        PackageOpener.Opened o = PackageOpener.read(file, engine, usmap, ctx.engineBatch());
        ctx.usedEngine(o.choice());
        return o.pkg();
    }

    /** {@link #open(Path, EngineVersion, ActionContext, Usmap)} without mappings. */
    public static AssetPackage open(Path file, EngineVersion engine, ActionContext ctx) {
        return open(file, engine, ctx, null);
    }

    static AssetPackage open(Args args, ActionContext ctx) throws Exception {
        return read(args, ctx, args.requirePath("file_path")).pkg();
    }

    /** The export that stands for the asset: the first top-level export flagged as an asset, else the first top-level one. */
    public static Export mainExport(AssetPackage p) {
        Export firstTop = null;
        for (Export e : p.exports()) {
            ObjectExport x = e.entry();
            if (x.outerIndex().value() == 0) {
                if (x.isAsset()) {
                    return e;
                }
                if (firstTop == null) {
                    firstTop = e;
                }
            }
        }
        return firstTop != null ? firstTop : p.exports().isEmpty() ? null : p.exports().get(0);
    }

    /** The asset's type: the class of its main export (e.g. SkeletalMesh, Texture2D, BlueprintGeneratedClass). */
    public static String assetType(AssetPackage p) {
        Export main = mainExport(p);
        return main == null ? null : p.className(main);
    }

    /** What the detect_* actions test for. */
    enum Kind {
        TEXTURE, MESH, SKELETAL_MESH, STATIC_MESH, BLUEPRINT;

        boolean matches(String type) {
            if (type == null) {
                return false;
            }
            String t = type.toLowerCase(Locale.ROOT);
            return switch (this) {
                case TEXTURE -> t.equals("texture2d") || t.equals("texturecube") || t.equals("volumetexture") || t.equals("texturerendertarget2d");
                case SKELETAL_MESH -> t.equals("skeletalmesh");
                case STATIC_MESH -> t.equals("staticmesh");
                case MESH -> t.equals("skeletalmesh"); // UAssetTool's detect_mesh: a skeletal mesh
                case BLUEPRINT -> t.endsWith("blueprintgeneratedclass") || t.equals("blueprint") || t.endsWith("blueprint");
            };
        }
    }
}
