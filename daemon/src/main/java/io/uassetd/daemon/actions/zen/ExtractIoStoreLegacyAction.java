package io.uassetd.daemon.actions.zen;

import java.io.IOException;
import java.util.HashSet;
import java.util.Objects;
import io.uassetd.codecs.asset.version.EngineChoice;
import io.uassetd.codecs.zen.ZenEngine;
import java.util.HashMap;
import java.util.Map;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.error.CancelledException;
import io.uassetd.codecs.hash.Hashes;
import io.uassetd.codecs.io.PathFilter;
import io.uassetd.codecs.iostore.PackageLocation;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.zen.ZenPackage;
import io.uassetd.codecs.io.OutputFolders;
import io.uassetd.codecs.iostore.scriptobjects.ScriptObjectsDatabase;
import io.uassetd.codecs.zen.convert.LegacyOutput;
import io.uassetd.codecs.zen.convert.ZenToLegacy;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.actions.iostore.PackageStores;
import io.uassetd.daemon.util.Extraction;
import io.uassetd.daemon.util.Keys;
import io.uassetd.daemon.util.Parallel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * {@code extract_iostore_legacy}: Zen packages of a game's containers (and mods, which win)
 * converted to legacy .uasset/.uexp (+ .ubulk, .uptnl, .m.ubulk) under the output folder at their
 * package paths; in parallel, with progress; one failed package never stops the rest.
 */
public final class ExtractIoStoreLegacyAction extends TypedAction<ExtractIoStoreLegacyAction.Request, Extraction.Report> {
    /** The request. */
    public record Request(@Field(value = "the game's Paks folder (with global.utoc)", required = true) Path game_paks,
                          @Field(value = "the output folder", required = true) Path output_path,
                          @Field(value = "mod folders or .utoc files, loaded with priority over the game", cli = "--mod") List<String> mod_path,
                          @Field(value = "package paths to convert: globs or substrings (OR); none converts every package", cli = "--filter")
                          List<String> filter_patterns,
                          @Field(value = "AES-256 key of encrypted containers; several (a list, or --aes repeated): each container takes the first"
                                  + " that opens it", cli = "--aes") List<String> aes_key,
                          @Field(value = "a ScriptObjects.bin (see extract_script_objects) to resolve /Script imports with, instead of global.utoc",
                                  cli = "--script-objects") Path script_objects,
                          @Field(value = "the global.utoc to take the script objects from (default: the one under game_paks)", cli = "--global")
                          Path global_utoc,
                          @Field(value = "convert only the packages these .utoc files provide (added to the store when not under game_paks)",
                                  cli = "--container") List<String> containers,
                          @Field("also convert every package the selected ones import, transitively") boolean with_deps,
                          @Field("the engine the containers were cooked with") EngineVersion engine_version,
                          @Field(value = "imports from packages the store lacks: fail, recover (name them from their hash where certain), placeholder",
                                  dflt = "recover") String unresolved,
                          @Field("stop at the first package that fails (the rest are reported as skipped)") boolean fail_fast) {
    }

    public ExtractIoStoreLegacyAction() {
        super("extract_iostore_legacy", "Converts the Zen packages of a Paks folder (and mods) to legacy .uasset/.uexp under output_path",
                "extract_iostore_legacy", "game_paks", "output_path");
    }

    /** One package to convert. */
    private static final class Job {
        final long id;
        /** The package path: known up front when a filter needed it, else set by the conversion (or read on failure). */
        volatile String name;

        Job(long id, String name) {
            this.id = id;
            this.name = name;
        }

        long id() {
            return id;
        }
    }

    @Override
    protected Done<Extraction.Report> run(Request q, ActionContext ctx) throws Exception {
        Path paks = q.game_paks();
        Path out = q.output_path().toAbsolutePath().normalize();
        EngineVersion requested = q.engine_version();
        ZenToLegacy.Unresolved policy;
        try {
            policy = ZenToLegacy.Unresolved.valueOf(q.unresolved().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw ActionException.invalid("Field 'unresolved' must be fail, recover or placeholder");
        }
        PathFilter filter = PathFilter.of(q.filter_patterns());
        List<Path> mods = q.mod_path().stream().map(m -> Args.toPath("mod_path", m)).toList();
        List<AesKey> keys = q.aes_key().stream().map(Keys::parse).filter(Objects::nonNull).toList();
        List<Path> containers = q.containers().stream().map(c -> Args.toPath("containers", c)).toList();
        try (var lease = PackageStores.open(ctx, paks, mods, containers, q.global_utoc(), keys, q.script_objects())) {
            PackageStore store = lease.get();
            // containers left out (encrypted without a working key, unreadable): their packages are not converted
            store.problems().forEach(ctx::warn);
            // a key that decrypts none of the encrypted containers it was given for is a wrong key, not a partial extraction
            List<String> refused = store.problems().stream().filter(p -> p.contains("the key is wrong") || p.contains("AES key")).toList();
            if (!keys.isEmpty() && !refused.isEmpty() && store.containers().stream().noneMatch(c -> c.isEncrypted())) {
                throw new io.uassetd.codecs.error.WrongKeyException("The AES key decrypts none of the encrypted containers of " + paks
                        + ": " + refused.get(0));
            }
            if (store.scriptObjects().isEmpty()) {
                throw ActionException.notFound("No global.utoc (script objects) in " + paks + ": imports of /Script packages cannot be resolved"
                        + " (give --global or --script-objects)", paks.toString());
            }
            EngineChoice choice = ZenEngine.of(store, requested);
            ctx.usedEngine(choice);
            EngineVersion engine = choice.engine();
            List<Job> jobs = select(store, filter, q.with_deps(), engine, ctx);
            if (!containers.isEmpty()) {
                jobs = onlyFrom(store, containers, jobs);
            }
            Files.createDirectories(out);
            OutputFolders folders = new OutputFolders(out);
            ScriptObjectsDatabase scripts = store.scriptObjects().orElse(null);
            Function<Job, String> jobName = j -> {
                String n = j.name;
                if (n == null) {
                    n = nameOf(store, j.id(), engine);
                    j.name = n;
                }
                return n;
            };
            Parallel.Outcome<List<LegacyOutput.Written>> o = Parallel.run(ctx, jobs, jobName, j -> {
                LegacyOutput lo;
                try {
                    lo = ZenToLegacy.convert(store, scripts, j.id(), engine, policy);
                } catch (RuntimeException e) {
                    throw requested == null ? EngineChoice.explain(e, choice.tried()) : e;
                }
                j.name = lo.packageName();
                List<LegacyOutput.Written> written = lo.extractUnder(out, folders);
                lo.notes().forEach(n -> ctx.warn(j.name + ": " + n));
                return written;
            }, q.fail_fast());
            return report(ctx, out, o);
        }
    }

    /**
     * UAssetTool's extract reply: {@code files} are the written files (relative to the output
     * folder, '/'-separated, as extract_iostore lists them), {@code extracted_count} the packages.
     */
    private static Done<Extraction.Report> report(ActionContext ctx, Path out, Parallel.Outcome<List<LegacyOutput.Written>> o) {
        if (ctx.isCancelled()) {
            throw new CancelledException("Request cancelled");
        }
        long bytes = 0;
        List<String> files = new ArrayList<>();
        for (List<LegacyOutput.Written> written : o.results()) {
            for (LegacyOutput.Written f : written) {
                bytes += f.size();
                files.add(out.relativize(f.path().toAbsolutePath().normalize()).toString().replace('\\', '/'));
            }
        }
        Extraction.Report r = new Extraction.Report(out.toString(), o.succeeded().size(), o.failures().size(), bytes,
                List.copyOf(files), o.failures(), o.items());
        return Done.of("Extracted " + r.extracted_count() + " packages (" + files.size() + " files)"
                + (r.failed_count() > 0 ? ", " + r.failed_count() + " failed" : ""), r);
    }

    /** The jobs whose package one of {@code containers} provides (matched by path, or by name for a bare file name). */
    private static List<Job> onlyFrom(PackageStore store, List<Path> containers, List<Job> jobs) {
        Set<Path> paths = new HashSet<>();
        Set<String> names = new HashSet<>();
        for (Path c : containers) {
            paths.add(c.toAbsolutePath().normalize());
            String n = c.getFileName().toString();
            names.add((n.toLowerCase(Locale.ROOT).endsWith(".utoc") ? n.substring(0, n.length() - 5) : n).toLowerCase(Locale.ROOT));
        }
        List<Job> out = new ArrayList<>();
        for (Job j : jobs) {
            for (PackageLocation loc : store.providers(j.id())) {
                Path p = loc.container().utocPath().toAbsolutePath().normalize();
                if (paths.contains(p) || names.contains(loc.container().name().toLowerCase(Locale.ROOT))) {
                    out.add(j);
                    break;
                }
            }
        }
        return out;
    }

    /** The packages the filter selects (by package path), plus their imports' closure with with_deps. */
    private static List<Job> select(PackageStore store, PathFilter filter, boolean withDeps, EngineVersion engine, ActionContext ctx) {
        List<Long> ids = new ArrayList<>(store.packageIds());
        ids.sort(Long::compareUnsigned);
        if (filter.isEmpty()) {
            // every package: its name comes with its conversion, no header is read twice
            List<Job> all = new ArrayList<>(ids.size());
            for (long id : ids) {
                all.add(new Job(id, null));
            }
            return all;
        }
        Set<Long> chosen = new LinkedHashSet<>();
        Map<Long, String> names = new HashMap<>();
        for (long id : ids) {
            ctx.checkCancelled();
            String name = nameOf(store, id, engine);
            names.put(id, name);
            if (filter.isEmpty() || filter.matches(name)) {
                chosen.add(id);
            }
        }
        if (withDeps && !filter.isEmpty()) {
            chosen = new LinkedHashSet<>(ZenToLegacy.withDependencies(store, chosen));
        }
        List<Job> jobs = new ArrayList<>();
        for (long id : chosen) {
            jobs.add(new Job(id, names.getOrDefault(id, Hashes.hex64(id))));
        }
        return jobs;
    }

    private static String nameOf(PackageStore store, long id, EngineVersion engine) {
        try {
            PackageLocation loc = store.lookup(id).orElseThrow();
            return ZenPackage.read(loc.container().readChunk(loc.chunkIndex()), loc.container().name(), engine).packageName();
        } catch (RuntimeException e) {
            return Hashes.hex64(id);
        }
    }

    @Override
    protected String human(Extraction.Report r) {
        return Extraction.human(r, "packages");
    }
}
