package io.uassetd.daemon.actions.bundle;

import io.uassetd.daemon.util.CompressionLevels;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.crypto.EncryptionScheme;
import io.uassetd.codecs.game.GameProfile;
import io.uassetd.codecs.bundle.BundleAssembler;
import io.uassetd.codecs.bundle.BundleInput;
import io.uassetd.codecs.bundle.BundleWriter;
import io.uassetd.codecs.bundle.IoStoreProfile;
import io.uassetd.codecs.bundle.LegacyPackages;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import io.uassetd.daemon.actions.asset.AssetFiles;
import io.uassetd.daemon.util.Keys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * {@code create_mod_iostore} (also {@code build_bundle}, {@code create_iostore_bundle}): a mod
 * bundle ({@code X.utoc} + {@code X.ucas} + companion {@code X.pak}) from a folder, a list of files
 * or a legacy .pak. Zen packages go in as they are; legacy packages are converted to Zen for the
 * profile; in a hybrid bundle the files that are not packages go into the companion pak. A package
 * that cannot be made is listed in {@code errors} and left out (with {@code strict}, it fails the
 * request); when no package can be made nothing is written.
 */
public final class CreateModIoStoreAction implements ActionHandler {
    /**
     * Reply data, UAssetTool's shape plus the profile and warnings-worthy counts; {@code compression_fallback}
     * (null when none) says that the method asked for (the game's) could not be used here and which was.
     */
    public record Created(String utoc_path, String ucas_path, String pak_path, int converted_count, int file_count,
            int raw_file_count, List<String> file_paths, List<String> errors, int package_count, int chunk_count,
            String profile, String compression, boolean encrypted, String compression_fallback) {
    }

    private final ActionSpec spec;

    /** Every field a bundle request takes (also {@code create_iostore}'s). */
    static final FieldSpec[] FIELDS = {
        FieldSpec.required("output_path", FieldType.STRING, "the bundle's base path (X or X.utoc: writes X.utoc, X.ucas, X.pak)"),
        FieldSpec.optional("file_paths", FieldType.STRING_LIST, null, "files and folders to put in, in order"),
        FieldSpec.optional("input_dir", FieldType.STRING, null, "a folder to put in (paths relative to it)"),
        FieldSpec.optional("input_pak", FieldType.STRING, null, "a legacy .pak whose entries to put in"),
        FieldSpec.optional("input_pak_aes", FieldType.STRING, null, "AES key of input_pak"),
        FieldSpec.optional("input_pak_scheme", FieldType.STRING, "standard",
                "encryption scheme of input_pak: " + EncryptionScheme.names() + ", or a game profile's name for its scheme (" + GameProfile.names() + ")"),
        FieldSpec.optional("base_path", FieldType.STRING, null, "single files are placed relative to this folder").cli("--root"),
        Bundles.MOUNT,
        FieldSpec.optional("game_path", FieldType.STRING, "Marvel/Content/",
                "where single files go when their path has no Content folder"),
        Bundles.COMPRESS, Bundles.COMPRESSION, CompressionLevels.FIELD, Bundles.OODLE_FALLBACK, Bundles.AES_KEY, Bundles.PAK_AES, Bundles.OBFUSCATE,
        FieldSpec.optional("hybrid", FieldType.BOOLEAN, false, "files that are not Unreal packages go into the companion pak"),
        FieldSpec.optional("parallel", FieldType.BOOLEAN, false, "read and convert the packages on all cores"),
        FieldSpec.optional("strict", FieldType.BOOLEAN, false, "fail when any package cannot be made"),
        Bundles.ENGINE, Bundles.GAME,
        FieldSpec.optional("material_tags", FieldType.BOOLEAN, true,
                "legacy inputs: apply the game profile's mesh material layout (" + GameProfile.meshLayouts() + ")"),
        FieldSpec.optional("no_material_tags", FieldType.BOOLEAN, false, "UAssetTool's name: true turns the mesh material fix off"),
        FieldSpec.optional("usmap_path", FieldType.STRING, null,
                "mappings for the mesh material fix of unversioned skeletal meshes; packages otherwise convert without them")
                .cli("--usmap")};

    private CreateModIoStoreAction(String name, String cli) {
        this.spec = ActionSpec.of(name,
                "Builds an IoStore mod bundle (.utoc/.ucas + companion .pak) from a folder, files or a legacy .pak", FIELDS)
                .withCli(cli, "output_path", "file_paths");
    }

    /** The action under UAssetTool's name and its aliases. */
    public static List<CreateModIoStoreAction> all() {
        return List.of(new CreateModIoStoreAction("create_mod_iostore", "create_mod_iostore"),
                new CreateModIoStoreAction("build_bundle", "build_bundle"),
                new CreateModIoStoreAction("create_iostore_bundle", "create_iostore_bundle"));
    }

    @Override
    public ActionSpec spec() {
        return spec;
    }

    /** What a bundle request resolved to, shared with {@code create_iostore}. */
    record Built(BundleWriter.Result result, BundleAssembler.Plan plan, String compression, boolean encrypted,
            IoStoreProfile profile, String fallback) {
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        Built b = build(args, ctx, inputs(args, ctx));
        BundleWriter.Result r = b.result();
        List<String> paths = new ArrayList<>(r.files());
        b.plan().rawFiles().forEach(s -> paths.add(s.path()));
        Created c = new Created(r.utoc().toString(), r.ucas().get(0).toString(), Bundles.str(r.pak()), b.plan().legacyCount(),
                paths.size(), b.plan().rawFiles().size(), List.copyOf(paths), b.plan().errors(), r.packageCount(), r.chunkCount(),
                b.profile().describe(), b.compression(), b.encrypted(), b.fallback());
        return ActionResult.of("Created " + r.utoc() + " with " + r.packageCount() + " packages"
                + (b.fallback() == null ? "" : " (" + b.fallback() + ")"), c);
    }

    /** The files a package may have beside its .uasset / .umap. */
    static final List<String> COMPANIONS = List.of(".uexp", ".ubulk", ".uptnl", ".m.ubulk");

    /** The request's inputs: file_paths, input_dir, input_pak, in that order. */
    static List<BundleInput> inputs(Args args, ActionContext ctx) {
        List<Path> paths = new ArrayList<>();
        args.strings("file_paths").forEach(s -> paths.add(Path.of(s)));
        // X.uasset named alone (as UAssetTool's clients send it) brings the files of its package beside it
        for (Path p : List.copyOf(paths)) {
            String n = p.getFileName() == null ? "" : p.getFileName().toString();
            String lower = n.toLowerCase(java.util.Locale.ROOT);
            if (Files.isRegularFile(p) && (lower.endsWith(".uasset") || lower.endsWith(".umap"))) {
                String stem = n.substring(0, n.lastIndexOf('.'));
                for (String ext : COMPANIONS) {
                    Path c = p.resolveSibling(stem + ext);
                    if (Files.isRegularFile(c) && paths.stream().noneMatch(q -> q.toAbsolutePath().normalize().equals(c.toAbsolutePath().normalize()))) {
                        paths.add(paths.indexOf(p) + 1, c);
                    }
                }
            }
        }
        if (args.has("input_dir")) {
            paths.add(args.path("input_dir"));
        }
        for (Path p : paths) {
            if (!Files.exists(p)) {
                throw ActionException.notFound("Input not found: " + p, p.toString());
            }
        }
        List<BundleInput> inputs = new ArrayList<>(BundleInput.of(paths, args.path("base_path"), args.string("game_path")));
        if (args.has("input_pak")) {
            Path pak = args.path("input_pak");
            if (!Files.isRegularFile(pak)) {
                throw ActionException.notFound("Input pak not found: " + pak, pak.toString());
            }
            EncryptionScheme scheme;
            try {
                scheme = GameProfile.encryptionSchemeNamed(args.string("input_pak_scheme"));
            } catch (RuntimeException e) {
                throw ActionException.invalid("Field 'input_pak_scheme': " + e.getMessage());
            }
            inputs.addAll(BundleInput.ofPak(pak, Keys.parse(args.string("input_pak_aes")), scheme, ctx.services().codecs()));
        }
        inputs = withoutBackups(inputs, ctx);
        if (inputs.isEmpty()) {
            throw ActionException.invalid("No inputs: give file_paths, input_dir or input_pak");
        }
        return inputs;
    }

    /**
     * The inputs less the {@code *.bak} backups the in-place edit actions leave beside a package
     * ({@code X.uasset.bak}, {@code X.uexp.bak}): a backup never goes into a mod, not even into the
     * companion pak with {@code hybrid}. What was left out is said in {@code warnings}.
     */
    static List<BundleInput> withoutBackups(List<BundleInput> inputs, ActionContext ctx) {
        List<BundleInput> kept = new ArrayList<>(inputs.size());
        List<String> skipped = new ArrayList<>();
        for (BundleInput in : inputs) {
            if (in.fileName().endsWith(".bak")) {
                skipped.add(in.path());
            } else {
                kept.add(in);
            }
        }
        if (!skipped.isEmpty()) {
            ctx.warn("Left out " + skipped.size() + " backup file" + (skipped.size() == 1 ? "" : "s") + " (*.bak): "
                    + String.join(", ", skipped.size() <= 10 ? skipped : skipped.subList(0, 10)) + (skipped.size() > 10 ? ", ..." : ""));
        }
        return kept;
    }

    /** {@link AssetFiles#lazyUsmap}, its failures as INVALID_ARGUMENT. */
    private static Supplier<Usmap> lazyMappings(Args args, ActionContext ctx) {
        try {
            return AssetFiles.lazyUsmap(args, ctx);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw ActionException.invalid("Field 'usmap_path': " + e.getMessage());
        }
    }

    static Built build(Args args, ActionContext ctx, List<BundleInput> inputs) {
        IoStoreProfile profile = Bundles.profile(args, ctx, inputs);
        Path utoc = Bundles.utocOf(args.requirePath("output_path")).toAbsolutePath();
        CompressionMethod method = Bundles.method(args, ctx.services().codecs(), ctx);
        CompressionMethod asked = args.bool("compress") ? Bundles.parse(args.string("compression"), "compression") : CompressionMethod.NONE;
        String fallback = asked == method ? null
                : asked.unrealName() + " is not available here, so " + (method == CompressionMethod.NONE
                        ? "the chunks are stored uncompressed" : "the chunks are compressed with " + method.unrealName());
        AesKey key = Bundles.key(args);
        boolean obfuscate = args.bool("obfuscate");
        if (obfuscate && key == null) {
            throw ActionException.invalid("obfuscate needs the game's key in aes_key (or pak_aes)");
        }
        boolean hybrid = args.bool("hybrid");
        boolean materialFix = args.bool("material_tags") && !args.bool("no_material_tags");
        boolean meshFix = materialFix && profile.game().skeletalMaterialTags();
        // the mesh material fix reads usmap_path, else USMAP_PATH (UAssetTool's clients pass the mappings
        // there): once, and only when an unversioned skeletal mesh needs them
        Supplier<Usmap> mappings = meshFix ? lazyMappings(args, ctx) : () -> null;
        if (!meshFix && args.has("usmap_path")) {
            ctx.warn("usmap_path is not needed: legacy packages convert to Zen without mappings");
        }
        LegacyPackages legacy = new LegacyPackages(materialFix, mappings);
        BundleAssembler.Plan plan = BundleAssembler.assemble(inputs, profile, hybrid, legacy,
                args.bool("parallel") ? ctx.services().compute() : null, ctx);
        legacy.notes().forEach(ctx::warn);
        plan.skipped().forEach(p -> ctx.warn(p + ": not an Unreal package; left out (hybrid puts such files in the companion pak)"));
        if (plan.packages().isEmpty() || (args.bool("strict") && !plan.errors().isEmpty())) {
            String why = plan.errors().isEmpty() ? "no Unreal packages among the inputs" : String.join("; ", plan.errors());
            throw ActionException.invalid("Nothing written: " + why);
        }
        BundleWriter.Options o = BundleWriter.Options.of(profile).withMethod(method).withMountPoint(args.string("mount_point"))
                .withKeys(obfuscate ? key : null, key).withCompanionPak(true, plan.rawFiles())
                .withPool(ctx.services().compute());
        try {
            BundleWriter.Result r = BundleWriter.write(utoc, o, plan.packages(), List.of(),
                    CompressionLevels.codecs(args, method, ctx.services().codecs()), ctx);
            return new Built(r, plan, method.unrealName(), obfuscate, profile, fallback);
        } catch (IllegalArgumentException e) {
            throw ActionException.invalid(e.getMessage());
        }
    }

    @Override
    public String formatHuman(ActionResult result) {
        Created c = (Created) result.data();
        StringBuilder sb = new StringBuilder();
        sb.append("Created ").append(c.utoc_path()).append(", ").append(c.ucas_path());
        if (c.pak_path() != null) {
            sb.append(", ").append(c.pak_path());
        }
        if (c.compression_fallback() != null) {
            sb.append(" (").append(c.compression_fallback()).append(')');
        }
        sb.append("\n  ").append(c.package_count()).append(" packages (").append(c.converted_count()).append(" converted from legacy), ")
                .append(c.file_count()).append(" files, ").append(c.raw_file_count()).append(" in the companion pak; ")
                .append(c.profile()).append(", ").append(c.compression()).append(c.encrypted() ? ", encrypted" : "").append('\n');
        for (String e : c.errors()) {
            sb.append("  error: ").append(e).append('\n');
        }
        return sb.toString();
    }
}
