package io.uassetd.daemon.actions.iostore;

import io.uassetd.daemon.action.ActionException;
import io.uassetd.codecs.iostore.IoStoreContainer;
import io.uassetd.codecs.iostore.PackageLocation;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.codecs.hash.Hashes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code package_store_info}: the package store over a game's Paks folder (and mods): its
 * containers in priority order (later ones win), package counts, the script objects, problems;
 * with {@code package}, which container provides that package. Kept warm in the cache.
 */
public final class PackageStoreInfoAction extends TypedAction<PackageStoreInfoAction.Request, PackageStoreInfoAction.Info> {
    /** The request. */
    public record Request(@Field(value = "the game's Paks folder", required = true) Path game_paks,
                          @Field(value = "mod folders or .utoc files, loaded with priority over the game", cli = "--mod") List<String> mod_path,
                          @Field(value = Containers.AES_KEY, cli = "--aes") String aes_key,
                          @Field(value = "a package path (/Game/...) or id (decimal or 0x-hex) to locate", name = "package") String package_) {
    }

    public PackageStoreInfoAction() {
        super("package_store_info", "The package store over a Paks folder and mods: containers in priority order, package counts, where a"
                + " package comes from", "package_store_info", "game_paks");
    }

    /** One container. */
    public record Container(int order, String name, String file_path, int packages_won) {
    }

    /** Where a package is. */
    public record Location(String package_id, String container, int chunk_index, List<String> providers) {
    }

    /** Reply data. */
    public record Info(String game_paks, int container_count, int package_count, Integer script_object_count,
                       List<Container> containers, List<String> problems, Location package_location) {
    }

    @Override
    protected Done<Info> run(Request q, ActionContext ctx) throws Exception {
        Path paks = q.game_paks();
        List<Path> mods = q.mod_path().stream().map(m -> io.uassetd.daemon.action.Args.toPath("mod_path", m)).toList();
        try (var lease = Containers.store(ctx, paks, mods, Containers.key(q.aes_key()))) {
            PackageStore s = lease.get();
            List<Container> cs = new ArrayList<>();
            int order = 0;
            for (IoStoreContainer c : s.containers()) {
                cs.add(new Container(order++, c.name(), c.utocPath().toString(), s.packagesWonBy(c).size()));
            }
            Location loc = null;
            String pkg = q.package_();
            if (pkg != null && !pkg.isBlank()) {
                long id = pkg.startsWith("/") ? Hashes.cityHash64LowerUtf16(pkg) : parseId(pkg);
                List<String> providers = s.providers(id).stream().map(l -> l.container().name()).toList();
                PackageLocation l = s.lookup(id).orElse(null);
                loc = new Location(Hashes.hex64(id), l == null ? null : l.container().name(), l == null ? -1 : l.chunkIndex(), providers);
            }
            Integer objects = s.scriptObjects().map(db -> db.size()).orElse(null);
            Info info = new Info(paks.toString(), cs.size(), s.packageCount(), objects, List.copyOf(cs), s.problems(), loc);
            return Done.of(s.packageCount() + " packages in " + cs.size() + " containers", info);
        }
    }

    private static long parseId(String s) {
        String t = s.trim();
        try {
            return t.startsWith("0x") || t.startsWith("0X") ? Long.parseUnsignedLong(t.substring(2), 16) : Long.parseUnsignedLong(t);
        } catch (NumberFormatException e) {
            throw ActionException.invalid("Field 'package' must be a /Game/... path or a package id, got '" + s + "'");
        }
    }
}
