package io.uassetd.codecs.open;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.PackageEngine;
import io.uassetd.codecs.asset.json.UAssetJson;
import io.uassetd.codecs.asset.version.EngineChoice;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.error.InputFileException;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.codecs.zen.ZenEngine;
import io.uassetd.codecs.zen.ZenPackage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The one place where packages are opened for a request, whatever their form: a legacy
 * .uasset/.umap ({@link #open}), a package in UAssetAPI's JSON ({@link #openJson}) or a Zen package
 * ({@link #openZen}). The engine is the request's, else detected (the package's versions, the
 * mappings' versions, a probe; see {@link PackageEngine} and {@link ZenEngine}); the mappings are
 * the request's ({@code usmap_path}), else the environment's ({@code USMAP_PATH}), read only for a
 * package with unversioned properties (tagged packages need none). Every open returns the package
 * with how it was read (engine, engine source, candidates, mappings). Thread-safe; one per request
 * (it shares probe decisions between the packages of the request).
 */
public final class PackageOpener {
    /** The environment variable UAssetTool's clients pass the mappings in. */
    public static final String USMAP_ENV = "USMAP_PATH";

    /** Loads mappings (the daemon's cache); may throw for a file that is not a usmap. */
    @FunctionalInterface
    public interface MappingsLoader {
        Usmap load(Path usmap) throws Exception;
    }

    /** A package and how it was read: the engine choice (release, source, candidates) and the mappings used (null: none). */
    public record Opened(AssetPackage pkg, EngineChoice choice, Usmap mappings, Path mappingsPath) {
        public EngineVersion engine() {
            return choice.engine();
        }

        /** {@code request}, {@code package}, {@code usmap}, {@code probe}...: why this engine. */
        public String engineSource() {
            return choice.source().wireName();
        }
    }

    /**
     * A package read from UAssetAPI's JSON: the document, the legacy bytes it describes (what
     * {@code from_json} writes) and the package read from them, with how ({@link Opened}).
     */
    public record JsonOpened(JsonNode tree, AssetPackage.Bytes bytes, Opened opened) {
        public AssetPackage pkg() {
            return opened.pkg();
        }

        public EngineChoice choice() {
            return opened.choice();
        }
    }

    /** A Zen package and the engine it was read under (request, containers, package or probe). */
    public record ZenOpened(ZenPackage pkg, EngineChoice choice) {
        public EngineVersion engine() {
            return choice.engine();
        }
    }

    private final EngineVersion requested;
    private final Path usmapPath;
    private final Path environmentUsmap;
    private final MappingsLoader loader;
    private final Consumer<String> warn;
    private final PackageEngine.Batch batch;
    private Usmap given;
    private boolean givenRead;
    private Usmap fromEnvironment;
    private boolean environmentRead;

    /**
     * @param requested the engine the request names, null for auto
     * @param usmapPath the request's mappings, null when not given
     * @param environmentUsmap the {@code USMAP_PATH} value, null when unset
     * @param loader reads a mappings file
     * @param warn receives what the reply's warnings should say (mappings taken from the environment)
     */
    public PackageOpener(EngineVersion requested, Path usmapPath, Path environmentUsmap, MappingsLoader loader, Consumer<String> warn) {
        this(requested, usmapPath, environmentUsmap, loader, warn, new PackageEngine.Batch());
    }

    /** As above, sharing probe decisions through {@code batch} (e.g. the request's). */
    public PackageOpener(EngineVersion requested, Path usmapPath, Path environmentUsmap, MappingsLoader loader, Consumer<String> warn,
            PackageEngine.Batch batch) {
        this.batch = batch;
        this.requested = requested;
        this.usmapPath = usmapPath;
        this.environmentUsmap = environmentUsmap;
        this.loader = loader;
        this.warn = warn;
    }

    /** An opener for inputs that need no mappings (Zen packages): the engine {@code requested} (null: detected). */
    public static PackageOpener withoutMappings(EngineVersion requested, PackageEngine.Batch batch) {
        return new PackageOpener(requested, null, null, file -> null, warning -> { }, batch);
    }

    public EngineVersion requested() {
        return requested;
    }

    /** The probe decisions this request's packages share. */
    public PackageEngine.Batch batch() {
        return batch;
    }

    /**
     * Opens a legacy package (its .uexp beside it is read too) and the mappings it needs: the engine
     * detected with the request's mappings' versions as evidence; the environment's mappings only
     * when the package has unversioned properties.
     */
    public Opened open(Path file) throws Exception {
        checkPackage(file);
        Usmap named = named();
        PackageEngine.Opened o = PackageEngine.open(file, requested, named == null ? null : named.versioning(), batch);
        if (named != null) {
            return new Opened(o.pkg(), o.choice(), named, usmapPath);
        }
        Usmap env = o.pkg().hasUnversionedProperties() ? environment(true) : null;
        return new Opened(o.pkg(), o.choice(), env, env == null ? null : environmentUsmap);
    }

    /**
     * Reads a package from a document in UAssetAPI's JSON schema: the mappings when the document has
     * unversioned properties (or the request names them), the legacy bytes it describes, and the
     * engine of those bytes (the request's, else the versions the document records, else a probe).
     */
    public JsonOpened openJson(Path file) throws Exception {
        checkFile(file, "JSON document");
        String name = file.getFileName().toString();
        JsonNode tree = UAssetJson.parse(Files.readAllBytes(file), name);
        Usmap mappings = UAssetJson.hasUnversionedProperties(tree) || usmapPath != null ? mappings() : null;
        AssetPackage.Bytes bytes = UAssetJson.toPackageBytes(tree, name, mappings);
        PackageEngine.Opened o = PackageEngine.read(bytes.header(), bytes.exports(), name, requested,
                mappings == null ? null : mappings.versioning());
        Path from = mappings == null ? null : usmapPath != null ? usmapPath : environmentUsmap;
        return new JsonOpened(tree, bytes, new Opened(o.pkg(), o.choice(), mappings, from));
    }

    /**
     * Reads a Zen package file: the engine is the request's, else that of {@code store}'s containers
     * (their TOC and header versions, then their packages) when a store is given, else the
     * package's own (its versions, else a probe of the layouts). A package that does not read under
     * the detected engine is reported with the releases tried.
     */
    public ZenOpened openZen(Path file, PackageStore store) throws IOException {
        checkFile(file, "Zen package");
        byte[] data = Files.readAllBytes(file);
        String name = file.getFileName().toString();
        EngineChoice choice = store != null && requested == null ? ZenEngine.of(store, null) : ZenEngine.of(data, name, requested);
        try {
            return new ZenOpened(ZenPackage.read(data, name, choice.engine()), choice);
        } catch (RuntimeException e) {
            throw requested == null ? EngineChoice.explain(e, choice.tried()) : e;
        }
    }

    /**
     * Opens a legacy package under {@code engine} (null: detected, with {@code evidence}'s versions
     * when given), without reading mappings: for callers that hold their mappings already.
     */
    public static Opened read(Path file, EngineVersion engine, Usmap evidence, PackageEngine.Batch batch) {
        checkPackage(file);
        PackageEngine.Opened o = PackageEngine.open(file, engine, evidence == null ? null : evidence.versioning(), batch);
        return new Opened(o.pkg(), o.choice(), evidence, null);
    }

    /** The mappings package {@code p} needs: the request's; else, when it has unversioned properties, the environment's. */
    public Usmap mappingsFor(AssetPackage p) throws Exception {
        Usmap named = named();
        if (named != null || usmapPath != null || !p.hasUnversionedProperties()) {
            return named;
        }
        return environment(true);
    }

    /**
     * The mappings for inputs not yet opened (JSON documents, several packages): the request's, else
     * the environment's (a stale variable that names no file is ignored with a warning); null when none.
     */
    public Usmap mappings() throws Exception {
        Usmap named = named();
        return named != null || usmapPath != null ? named : environment(false);
    }

    /**
     * As {@link #mappings()}, but the environment's file is read (and its use said) only when the
     * supplier is first asked, by an input that needs mappings; the request's are read at once (a
     * {@code usmap_path} that names no file fails the request). Safe to call from several threads.
     */
    public Supplier<Usmap> lazyMappings() throws Exception {
        if (usmapPath != null || environmentUsmap == null) {
            Usmap given = mappings();
            return () -> given;
        }
        return () -> {
            try {
                return mappings();
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new InputFileException("Mappings from " + USMAP_ENV + ": " + e.getMessage(), environmentUsmap.toString(), false);
            }
        };
    }

    /**
     * The mappings for reading {@code p} where it can be read without them too (textures): the
     * request's when given; else, only when the package has unversioned properties, the
     * environment's (a stale variable is a warning); a tagged package never reads the variable.
     */
    public Usmap mappingsIfNeeded(AssetPackage p) throws Exception {
        return usmapPath != null || p.hasUnversionedProperties() ? mappings() : null;
    }

    /** The request's mappings (InputFileException when it names no file), null when not given. */
    public synchronized Usmap named() throws Exception {
        if (usmapPath == null) {
            return null;
        }
        if (!givenRead) {
            checkFile(usmapPath, "Mappings file");
            given = loader.load(usmapPath);
            givenRead = true;
        }
        return given;
    }

    /**
     * The environment's mappings; when they name no file: an error when {@code needed} (a package
     * with unversioned properties), else a warning and null.
     */
    private synchronized Usmap environment(boolean needed) throws Exception {
        if (environmentUsmap == null) {
            return null;
        }
        if (!environmentRead) {
            if (!Files.isRegularFile(environmentUsmap)) {
                if (needed) {
                    throw new InputFileException("Mappings file not found: " + environmentUsmap + " (from the " + USMAP_ENV
                            + " environment variable; the package has unversioned properties and no usmap_path was given)",
                            environmentUsmap.toString(), !Files.exists(environmentUsmap));
                }
                warn.accept(USMAP_ENV + " names " + environmentUsmap + ", which is not a file: read without mappings");
                environmentRead = true;
                return null;
            }
            fromEnvironment = loader.load(environmentUsmap);
            environmentRead = true;
            warn.accept("usmap_path not given: mappings read from " + USMAP_ENV + " (" + environmentUsmap + ")");
        }
        return fromEnvironment;
    }

    /**
     * A legacy package path that can be opened: an existing file, not a folder, and the .uasset/.umap
     * of a pair rather than its .uexp/.ubulk.
     */
    public static void checkPackage(Path file) {
        checkFile(file, "Package");
        String name = file.getFileName().toString();
        String lower = name.toLowerCase(Locale.ROOT);
        for (String data : new String[] {".uexp", ".ubulk", ".uptnl"}) {
            if (lower.endsWith(data)) {
                String base = name.substring(0, name.length() - data.length());
                Path asset = file.resolveSibling(base + ".uasset");
                Path map = file.resolveSibling(base + ".umap");
                String pair = Files.isRegularFile(map) && !Files.isRegularFile(asset) ? map.toString() : asset.toString();
                throw new InputFileException(file + " is the " + data + " (export data) of a package: give its header, " + pair
                        + " (the " + data + " beside it is read with it)", file.toString(), false);
            }
        }
    }

    /** An input that must be a file: absent is "not found", a folder "is a folder". */
    public static void checkFile(Path file, String what) {
        if (Files.isDirectory(file)) {
            throw new InputFileException(what + " " + file + " is a folder, not a file", file.toString(), false);
        }
        if (!Files.isRegularFile(file)) {
            throw new InputFileException(what + " not found: " + file, file.toString(), true);
        }
    }
}
