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
import io.uassetd.codecs.open.PackageOpener;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.actions.usmap.Mappings;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
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
 * request); when no package can be made nothing is written. {@code obfuscate} (CLI {@code --encrypt},
 * UAssetTool's create_iostore_bundle flag) encrypts the container and the companion pak with the key; under the name
 * {@code create_iostore_bundle} a key alone does (UAssetTool's {@code --aes-key} there sets encryption). Elsewhere
 * {@code aes_key} alone is, as in UAssetTool, the key of an encrypted input pak: the output is encrypted only with
 * {@code obfuscate} or {@code encrypt_pak} (the companion pak alone).
 */
public final class CreateModIoStoreAction extends TypedAction<CreateModIoStoreAction.Request, CreateModIoStoreAction.Created> {
    /**
     * Reply data, UAssetTool's shape plus the profile and warnings-worthy counts; {@code compression_fallback}
     * (null when none) says that the method asked for (the game's) could not be used here and which was.
     */
    public record Created(String utoc_path, String ucas_path, String pak_path, int converted_count, int file_count,
            int raw_file_count, List<String> file_paths, List<String> errors, int package_count, int chunk_count,
            String profile, String compression, boolean encrypted, String compression_fallback) {
    }

    /** Every field a bundle request takes (also {@code create_iostore}'s). */
    public record Request(
            @Field(value = "the bundle's base path (X or X.utoc: writes X.utoc, X.ucas, X.pak)", required = true) Path output_path,
            @Field("files and folders to put in, in order") List<String> file_paths,
            @Field("a folder to put in (paths relative to it)") Path input_dir,
            @Field("a legacy .pak whose entries to put in") Path input_pak,
            @Field("AES key of input_pak and of the .pak files among file_paths (else pak_aes, else aes_key)") String input_pak_aes,
            @Field(value = "encryption scheme of input_pak: standard, word_swap, or a game profile's name for its scheme (none, marvel_rivals)",
                    dflt = "standard") String input_pak_scheme,
            @Field(value = "single files are placed relative to this folder", cli = "--root") Path base_path,
            @Field(value = Bundles.MOUNT, dflt = "../../../") String mount_point,
            @Field(value = "where single files go when their path has no Content folder", dflt = "Marvel/Content/") String game_path,
            @Field(value = "compress the chunks (the container header is always stored)", dflt = "true") boolean compress,
            @Field(value = Bundles.COMPRESSION, dflt = "Oodle") String compression,
            @Field(CompressionLevels.HELP) Integer compression_level,
            @Field(value = Bundles.OODLE_FALLBACK, dflt = "Zlib") String oodle_fallback,
            @Field("AES-256 key (hex or base64): as UAssetTool, the key that reads an encrypted input pak; with obfuscate (CLI --encrypt)"
                    + " it also encrypts the container and the companion pak, with encrypt_pak the companion pak (game profile's scheme)")
            String aes_key,
            @Field("UAssetTool's CLI --pak-aes: the key of the input paks (input_pak, .pak files among the inputs)") String pak_aes,
            @Field("encrypt the companion pak with aes_key (the game profile's scheme) without encrypting the container") boolean encrypt_pak,
            @Field(value = "encrypt the .utoc/.ucas too (directory index and every block) with the key (CLI also --obfuscate)",
                    cli = "--encrypt") boolean obfuscate,
            @Field("files that are not Unreal packages go into the companion pak") boolean hybrid,
            @Field("read and convert the packages on all cores") boolean parallel,
            @Field("fail when any package cannot be made") boolean strict,
            @Field(Bundles.ENGINE) EngineVersion engine_version,
            @Field(Bundles.GAME) String game,
            @Field(value = "legacy inputs: apply the game profile's mesh material layout (marvel_rivals: an FGameplayTagContainer"
                    + " after each FSkeletalMaterial)", dflt = "true") boolean material_tags,
            @Field("UAssetTool's name: true turns the mesh material fix off") boolean no_material_tags,
            @Field(value = "mappings for the mesh material fix of unversioned skeletal meshes; packages otherwise convert"
                    + " without them", cli = "--usmap") String usmap_path) {
    }

    public CreateModIoStoreAction() {
        this("create_mod_iostore");
    }

    private CreateModIoStoreAction(String name) {
        super(name, "Builds an IoStore mod bundle (.utoc/.ucas + companion .pak) from a folder, files or a legacy .pak", name,
                "output_path", "file_paths");
    }

    /** The action under UAssetTool's name and its aliases. */
    public static List<CreateModIoStoreAction> all() {
        return List.of(new CreateModIoStoreAction("create_mod_iostore"), new CreateModIoStoreAction("build_bundle"),
                new CreateModIoStoreAction("create_iostore_bundle"));
    }

    /** What a bundle request resolved to, shared with {@code create_iostore}. */
    record Built(BundleWriter.Result result, BundleAssembler.Assembly plan, String compression, boolean encrypted,
            IoStoreProfile profile, String fallback) {
    }

    @Override
    protected Done<Created> run(Request q, Args args, ActionContext ctx) throws Exception {
        Built b = build(q, args, ctx, inputs(q, ctx), spec().name().equals("create_iostore_bundle"));
        BundleWriter.Result r = b.result();
        List<String> paths = new ArrayList<>(r.files());
        b.plan().rawFiles().forEach(s -> paths.add(s.path()));
        Created c = new Created(r.utoc().toString(), r.ucas().get(0).toString(), Bundles.str(r.pak()), b.plan().legacyCount(),
                paths.size(), b.plan().rawFiles().size(), List.copyOf(paths), b.plan().errors(), r.packageCount(), r.chunkCount(),
                b.profile().describe(), b.compression(), b.encrypted(), b.fallback());
        return Done.of("Created " + r.utoc() + " with " + r.packageCount() + " packages"
                + (b.fallback() == null ? "" : " (" + b.fallback() + ")"), c);
    }

    /** The files a package may have beside its .uasset / .umap. */
    static final List<String> COMPANIONS = List.of(".uexp", ".ubulk", ".uptnl", ".m.ubulk");

    /** The request's inputs: file_paths, input_dir, input_pak, in that order. */
    static List<BundleInput> inputs(Request q, ActionContext ctx) {
        List<Path> paths = new ArrayList<>();
        q.file_paths().forEach(s -> paths.add(Args.toPath("file_paths", s)));
        // X.uasset named alone (as UAssetTool's clients send it) brings the files of its package beside it
        for (Path p : List.copyOf(paths)) {
            String n = p.getFileName() == null ? "" : p.getFileName().toString();
            String lower = n.toLowerCase(java.util.Locale.ROOT);
            if (Files.isRegularFile(p) && (lower.endsWith(".uasset") || lower.endsWith(".umap"))) {
                String stem = n.substring(0, n.lastIndexOf('.'));
                for (String ext : COMPANIONS) {
                    Path c = p.resolveSibling(stem + ext);
                    if (Files.isRegularFile(c) && paths.stream().noneMatch(x -> x.toAbsolutePath().normalize().equals(c.toAbsolutePath().normalize()))) {
                        paths.add(paths.indexOf(p) + 1, c);
                    }
                }
            }
        }
        if (q.input_dir() != null) {
            paths.add(q.input_dir());
        }
        for (Path p : paths) {
            if (!Files.exists(p)) {
                throw ActionException.notFound("Input not found: " + p, p.toString());
            }
        }
        // legacy .pak files among the inputs put in their entries, as input_pak does (UAssetTool's CLI takes them so)
        List<Path> paks = paths.stream().filter(p -> Files.isRegularFile(p)
                && p.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".pak")).toList();
        paths.removeAll(paks);
        List<BundleInput> inputs = new ArrayList<>(BundleInput.of(paths, q.base_path(), q.game_path(), q.parallel() ? ctx.services().compute() : null));
        List<Path> inputPaks = new ArrayList<>(paks);
        if (q.input_pak() != null) {
            Path pak = q.input_pak();
            if (!Files.isRegularFile(pak)) {
                throw ActionException.notFound("Input pak not found: " + pak, pak.toString());
            }
            inputPaks.add(pak);
        }
        if (!inputPaks.isEmpty()) {
            EncryptionScheme scheme;
            try {
                scheme = GameProfile.encryptionSchemeNamed(q.input_pak_scheme());
            } catch (RuntimeException e) {
                throw ActionException.invalid("Field 'input_pak_scheme': " + e.getMessage());
            }
            // the input paks' key: input_pak_aes, else pak_aes (UAssetTool's CLI), else aes_key (UAssetTool's request field)
            String keyText = q.input_pak_aes() != null ? q.input_pak_aes() : q.pak_aes() != null ? q.pak_aes() : q.aes_key();
            for (Path pak : inputPaks) {
                inputs.addAll(BundleInput.ofPak(pak, Keys.parse(keyText), scheme, ctx.services().codecs()));
            }
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

    /**
     * The mappings of the mesh material fix: {@code usmap_path} when the request names it (read at
     * once), else the daemon's {@code USMAP_PATH}, read only when an unversioned skeletal mesh
     * first asks for them (its use said once in {@code warnings}); a file that cannot be read is
     * INVALID_ARGUMENT naming the field. The typed request cannot tell the two apart (its binding
     * fills {@code usmap_path} from {@code USMAP_PATH}), so they are taken from {@code args}.
     */
    private static Supplier<Usmap> lazyMappings(Args args, ActionContext ctx) {
        String given = args.has("usmap_path") ? args.node("usmap_path").asText() : null;
        String env = args.environment(PackageOpener.USMAP_ENV);
        PackageOpener opener = new PackageOpener(null, given == null || given.isBlank() ? null : Args.toPath("usmap_path", given),
                env == null ? null : Path.of(env), file -> {
                    try (var lease = Mappings.open(ctx, file)) {
                        return lease.get().usmap();
                    }
                }, ctx::warn, ctx.engineBatch());
        try {
            return opener.lazyMappings();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw ActionException.invalid("Field 'usmap_path': " + e.getMessage());
        }
    }

    static Built build(Request q, Args args, ActionContext ctx, List<BundleInput> inputs) {
        return build(q, args, ctx, inputs, false);
    }

    /**
     * The bundle a request asks for. With {@code keyEncrypts} (create_iostore_bundle, as UAssetTool's
     * {@code --aes-key} does there) a key encrypts the container as well as the companion pak.
     */
    static Built build(Request q, Args args, ActionContext ctx, List<BundleInput> inputs, boolean keyEncrypts) {
        IoStoreProfile profile = Bundles.profile(q.game(), q.engine_version(), ctx, inputs);
        Path utoc = Bundles.utocOf(q.output_path()).toAbsolutePath();
        CompressionMethod method = q.compress() ? Bundles.method(q.compression(), q.oodle_fallback(), ctx.services().codecs(), ctx)
                : CompressionMethod.NONE;
        CompressionMethod asked = q.compress() ? Bundles.parse(q.compression(), "compression") : CompressionMethod.NONE;
        String fallback = asked == method ? null
                : asked.unrealName() + " is not available here, so " + (method == CompressionMethod.NONE
                        ? "the chunks are stored uncompressed" : "the chunks are compressed with " + method.unrealName());
        AesKey key = Keys.parse(q.aes_key());
        boolean obfuscate = q.obfuscate() || (keyEncrypts && key != null);
        if ((obfuscate || q.encrypt_pak()) && key == null) {
            throw ActionException.invalid((obfuscate ? "obfuscate (CLI --encrypt, --obfuscate)" : "encrypt_pak")
                    + " needs the key to encrypt with in aes_key (CLI --aes-key <hex>): uassetd carries no game's key");
        }
        boolean encryptPak = obfuscate || q.encrypt_pak();
        boolean hybrid = q.hybrid();
        boolean materialFix = q.material_tags() && !q.no_material_tags();
        boolean meshFix = materialFix && profile.game().skeletalMaterialTags();
        // the mesh material fix reads usmap_path, else USMAP_PATH (UAssetTool's clients pass the mappings
        // there): once, and only when an unversioned skeletal mesh needs them
        Supplier<Usmap> mappings = meshFix ? lazyMappings(args, ctx) : () -> null;
        if (!meshFix && args.has("usmap_path")) {
            ctx.warn("usmap_path is not needed: legacy packages convert to Zen without mappings");
        }
        LegacyPackages legacy = new LegacyPackages(materialFix, mappings);
        // packages are made as the writer takes them, a window at a time: memory does not grow with the mod
        BundleAssembler.Assembly plan = BundleAssembler.stream(inputs, profile, hybrid, legacy,
                q.parallel() ? ctx.services().compute() : null, ctx);
        BundleWriter.Options o = BundleWriter.Options.of(profile).withMethod(method).withMountPoint(q.mount_point())
                .withKeys(obfuscate ? key : null, encryptPak ? key : null).withCompanionPak(true, plan.rawFiles())
                .withPool(ctx.services().compute());
        // when no package can be made, or strict and one cannot, the write stops before its commit: nothing is written
        BundleWriter.PackageFeed feed = sink -> {
            plan.forEach(sink);
            legacy.notes().forEach(ctx::warn);
            plan.skipped().forEach(p -> ctx.warn(p + ": not an Unreal package; left out (hybrid puts such files in the companion pak)"));
            if (plan.packageCount() == 0 || (q.strict() && !plan.errors().isEmpty())) {
                String why = plan.errors().isEmpty() ? "no Unreal packages among the inputs" : String.join("; ", plan.errors());
                throw ActionException.invalid("Nothing written: " + why);
            }
        };
        try {
            BundleWriter.Result r = BundleWriter.write(utoc, o, feed, plan.groupCount(), List.of(), null,
                    CompressionLevels.codecs(q.compression_level(), method, ctx.services().codecs()), ctx);
            return new Built(r, plan, method.unrealName(), obfuscate, profile, fallback);
        } catch (IllegalArgumentException e) {
            throw ActionException.invalid(e.getMessage());
        }
    }

    @Override
    protected String human(Created c) {
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
