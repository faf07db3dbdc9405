package io.uassetd.daemon.actions.asset;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.json.UAssetJson;
import io.uassetd.codecs.asset.version.EngineChoice;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.hash.Hashes;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.open.PackageOpener;
import io.uassetd.codecs.pak.PakEntry;
import io.uassetd.codecs.pak.PakReadOptions;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.codecs.zen.ZenEngine;
import io.uassetd.codecs.zen.ZenPackage;
import io.uassetd.codecs.zen.convert.ZenToLegacy;
import io.uassetd.codecs.zen.write.LegacyToZen;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.actions.iostore.PackageStores;
import io.uassetd.daemon.cache.Lease;
import io.uassetd.daemon.util.Keys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The packages that diff_packages, rebase_mod and merge_mods compare, as UAssetAPI JSON trees: a
 * legacy package (.uasset/.umap with its .uexp), a Zen package file (.uasset/.uzenasset in IoStore
 * form, converted to legacy in memory as convert_from_zen does), a UAssetAPI-schema JSON document,
 * or an entry of a container named {@code container::entry} ({@code Game.utoc::/Game/Data/DT_X}
 * converted from Zen as extract_iostore_legacy does, with the global.utoc beside it for script
 * imports; {@code Game.pak::Game/Content/Data/DT_X.uasset}).
 */
public final class PackageInputs {
    /** The separator between a container and an entry in an input. */
    public static final String ENTRY = "::";

    /** The help of the reading fields every request with package inputs shares (diff_packages, rebase_mod, merge_mods). */
    static final String ENGINE_HELP = "engine of unversioned (cooked) packages (versioned packages carry their own)";
    static final String USMAP_HELP = "mappings for unversioned properties (else USMAP_PATH)";
    static final String GAME_PAKS_HELP = "the game's Paks folder: its global container resolves the script imports of a loose Zen package";
    static final String AES_HELP = "AES key of an encrypted container named by container::entry (hex or base64)";

    private PackageInputs() {
    }

    /**
     * A request with package inputs (diff_packages, rebase_mod, merge_mods): its fields that say how
     * they are read, declared by the request record with {@link #ENGINE_HELP} and the others.
     */
    public interface Request {
        EngineVersion engine_version();

        Path usmap_path();

        String aes_key();

        Path game_paks();

        /** How this request's inputs are read. */
        default Reading reading(ActionContext ctx) {
            return new Reading(engine_version(), usmap_path(), aes_key(), game_paks(), ctx);
        }
    }

    /** How a request's inputs are read: its engine_version, usmap_path, aes_key and game_paks fields. */
    public record Reading(EngineVersion engine, Path usmapPath, String aesKey, Path gamePaks, ActionContext ctx) {
        /** Reads one input (see {@link PackageInputs#load(String, EngineVersion, Path, String, Path, ActionContext)}). */
        public Loaded load(String input) throws Exception {
            return PackageInputs.load(input, engine, usmapPath, aesKey, gamePaks, ctx);
        }
    }

    /** One input read: its tree, the package file name, engine and mappings it was read with, and its form. */
    public record Loaded(String input, ObjectNode tree, String fileName, EngineVersion engine, Usmap usmap, String form) {
    }

    /** Reads an input (see the class comment); {@code aesKey} decrypts an encrypted container (may be null). */
    public static Loaded load(String input, EngineVersion engine, Path usmapPath, String aesKey, ActionContext ctx) throws Exception {
        return load(input, engine, usmapPath, aesKey, null, ctx);
    }

    /**
     * As {@link #load(String, EngineVersion, Path, String, ActionContext)}; {@code gamePaks} (may be
     * null) is the game's Paks folder, whose global container resolves the script imports of a loose
     * Zen package.
     */
    public static Loaded load(String input, EngineVersion engine, Path usmapPath, String aesKey, Path gamePaks, ActionContext ctx)
            throws Exception {
        PackageOpener opener = AssetFiles.opener(engine, usmapPath, ctx);
        int cut = input.lastIndexOf(ENTRY);
        if (cut > 0) {
            Path container = Path.of(input.substring(0, cut));
            String entry = input.substring(cut + ENTRY.length());
            PackageOpener.checkFile(container, "container");
            String lower = container.getFileName().toString().toLowerCase(Locale.ROOT);
            if (lower.endsWith(".utoc")) {
                return zenEntry(input, container, entry, engine, opener, aesKey, ctx);
            }
            if (lower.endsWith(".pak")) {
                return pakEntry(input, container, entry, opener, aesKey, ctx);
            }
            throw ActionException.invalid(input + ": the container of an entry must be a .utoc or a .pak");
        }
        Path file = Path.of(input);
        if (!Files.isRegularFile(file)) {
            PackageOpener.checkFile(file, "package");
            throw ActionException.notFound("Package not found: " + file, file.toString());
        }
        String name = file.getFileName().toString();
        if (name.toLowerCase(Locale.ROOT).endsWith(".json")) {
            JsonNode parsed = UAssetJson.parse(Files.readAllBytes(file), name);
            Usmap usmap = UAssetJson.hasUnversionedProperties(parsed) || usmapPath != null ? opener.mappings() : null;
            String pkgName = name.substring(0, name.length() - ".json".length()) + ".uasset";
            AssetPackage pkg = UAssetJson.fromTree(parsed, pkgName, usmap);
            return new Loaded(input, UAssetJson.toTree(pkg, usmap), pkgName, engine, usmap, "json");
        }
        String lowerName = name.toLowerCase(Locale.ROOT);
        if (lowerName.endsWith(".utoc") || lowerName.endsWith(".ucas") || lowerName.endsWith(".pak")) {
            throw ActionException.invalid(input + " is a container: name one of its packages as " + name + ENTRY
                    + (lowerName.endsWith(".pak") ? "Path/To/Package.uasset" : "/Game/Path/To/Package"));
        }
        if (lowerName.endsWith(".uexp") || lowerName.endsWith(".ubulk") || lowerName.endsWith(".uptnl")) {
            PackageOpener.checkPackage(file); // names the .uasset this file belongs to
        }
        byte[] head = new byte[4];
        try (var in = Files.newInputStream(file)) {
            in.readNBytes(head, 0, 4);
        }
        if (AssetPackage.isLegacyPackage(head)) {
            PackageOpener.Opened o = opener.open(file);
            ctx.usedEngine(o.choice());
            Usmap usmap = opener.mappingsFor(o.pkg());
            return new Loaded(input, UAssetJson.toTree(o.pkg(), usmap), name, o.engine(), usmap, "legacy");
        }
        // a Zen package file: converted to legacy in memory
        byte[] data = Files.readAllBytes(file);
        Lease<PackageStore> lease = gamePaks == null ? null
                : PackageStores.open(ctx, gamePaks, List.of(), aesKey == null ? null : Keys.parse(aesKey));
        try {
            PackageStore store = lease == null ? null : lease.get();
            EngineChoice choice = store != null && engine == null ? ZenEngine.of(store, null) : ZenEngine.of(data, name, engine);
            ctx.usedEngine(choice);
            ZenPackage z = ZenPackage.read(data, name, choice.engine());
            long id = Hashes.cityHash64LowerUtf16(z.packageName());
            var legacy = ZenToLegacy.convert(z, id, null, store, store == null ? null : store.scriptObjects().orElse(null),
                    choice.engine(), ZenToLegacy.Unresolved.RECOVER, LegacyToZen.companions(file));
            legacy.notes().forEach(n -> ctx.warn(input + ": " + n));
            return converted(input, legacy.asset(), legacyName(z.packageName(), legacy.extension()), choice.engine(), opener, "zen");
        } finally {
            if (lease != null) {
                lease.close();
            }
        }
    }

    private static Loaded zenEntry(String input, Path utoc, String entry, EngineVersion engine, PackageOpener opener, String aesKey,
            ActionContext ctx) throws Exception {
        Path global = utoc.toAbsolutePath().getParent().resolve("global.utoc");
        if (!Files.isRegularFile(global) && utoc.toAbsolutePath().getParent().getParent() != null) {
            global = utoc.toAbsolutePath().getParent().getParent().resolve("global.utoc");
        }
        List<AesKey> keys = aesKey == null ? List.of() : List.of(Keys.parse(aesKey));
        try (Lease<PackageStore> lease = PackageStores.open(ctx, utoc.toAbsolutePath().getParent(), List.of(), List.of(utoc),
                Files.isRegularFile(global) ? global : null, keys, null)) {
            PackageStore store = lease.get();
            String path = entry.replaceAll("\\.(uasset|umap)$", "");
            var location = store.lookup(path).orElseThrow(() -> ActionException.notFound(
                    "No package " + path + " in " + utoc + (aesKey == null ? " (an encrypted container needs aes_key)" : ""),
                    utoc.toString()));
            EngineChoice choice = ZenEngine.of(store, engine);
            ctx.usedEngine(choice);
            var legacy = ZenToLegacy.convert(store, store.scriptObjects().orElse(null), location.packageId(), choice.engine(),
                    ZenToLegacy.Unresolved.RECOVER);
            legacy.notes().forEach(n -> ctx.warn(input + ": " + n));
            return converted(input, legacy.asset(), legacyName(path, legacy.extension()), choice.engine(), opener, "container");
        }
    }

    private static Loaded pakEntry(String input, Path pak, String entry, PackageOpener opener, String aesKey, ActionContext ctx)
            throws Exception {
        PakReadOptions options = aesKey == null ? PakReadOptions.defaults() : PakReadOptions.defaults().withKey(Keys.parse(aesKey));
        Path dir = Files.createTempDirectory("uassetd-entry");
        try (PakReader r = PakReader.open(pak, options)) {
            PakEntry e = find(r, entry).orElseThrow(() -> ActionException.notFound("No entry " + entry + " in " + pak, pak.toString()));
            String base = e.path().substring(0, e.path().lastIndexOf('.'));
            String name = e.path().substring(e.path().lastIndexOf('/') + 1);
            Path header = dir.resolve(name);
            Files.write(header, r.readEntry(e));
            for (String ext : List.of(".uexp", ".ubulk", ".uptnl")) {
                Optional<PakEntry> side = r.find(base + ext);
                if (side.isPresent()) {
                    Files.write(dir.resolve(name.substring(0, name.lastIndexOf('.')) + ext), r.readEntry(side.get()));
                }
            }
            PackageOpener.Opened o = opener.open(header);
            ctx.usedEngine(o.choice());
            Usmap usmap = opener.mappingsFor(o.pkg());
            return new Loaded(input, UAssetJson.toTree(o.pkg(), usmap), name, o.engine(), usmap, "pak");
        } finally {
            try (var s = Files.list(dir)) {
                for (Path p : s.toList()) {
                    Files.deleteIfExists(p);
                }
            }
            Files.deleteIfExists(dir);
        }
    }

    private static Optional<PakEntry> find(PakReader r, String entry) {
        String want = entry.replace('\\', '/');
        Optional<PakEntry> exact = r.find(want);
        if (exact.isPresent()) {
            return exact;
        }
        for (PakEntry e : r.entries()) {
            if (e.path().endsWith("/" + want) || e.path().equalsIgnoreCase(want)) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }

    private static Loaded converted(String input, AssetPackage converted, String name, EngineVersion engine, PackageOpener opener,
            String form) throws Exception {
        AssetPackage.Bytes b = converted.toBytes();
        AssetPackage pkg = AssetPackage.read(b.header(), b.exports(), name, engine);
        Usmap usmap = pkg.hasUnversionedProperties() ? opener.mappings() : null;
        if (usmap == null && pkg.hasUnversionedProperties()) {
            throw ActionException.invalid(input + " has unversioned properties: give usmap_path (or set USMAP_PATH)");
        }
        return new Loaded(input, UAssetJson.toTree(pkg, usmap), name, engine, usmap, form);
    }

    private static String legacyName(String packagePath, String extension) {
        return packagePath.substring(packagePath.lastIndexOf('/') + 1) + extension;
    }
}
