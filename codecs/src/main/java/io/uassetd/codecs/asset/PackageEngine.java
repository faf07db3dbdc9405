package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.version.CustomVersionContainer;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import io.uassetd.codecs.asset.core.FEngineVersion;
import io.uassetd.codecs.asset.version.EngineChoice;
import io.uassetd.codecs.asset.version.EngineSource;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.asset.version.PackageVersion;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.usmap.UsmapVersioning;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import io.uassetd.codecs.asset.version.VersionGates;

/**
 * Opens a legacy package when the engine that cooked it may not be known. In order: the engine the
 * caller names; the versions a versioned package carries; for an unversioned package, the releases
 * whose LegacyFileVersion it has, narrowed by the mappings' versioning block when there is one; then,
 * when several package versions remain, the package is read under each (the reader checks the
 * layout strictly, and a read that does not write back the same bytes does not fit) and the newest
 * that fits is kept, with a warning when the ones that fit read differently.
 */
public final class PackageEngine {
    /** A package and the engine it was read with. */
    public record Opened(AssetPackage pkg, EngineChoice choice) {
    }

    private PackageEngine() {
    }

    /**
     * Probe decisions shared by the packages of one request: a batch of unversioned packages from
     * one game (same mappings, LegacyFileVersion, custom versions and folder) is probed once. Each
     * later package of the group is read under the release the probe kept, noting the version gates
     * the read consulted; it takes the decision when it reads strictly and every release the probe
     * found identical still answers those gates the same way, and is probed itself otherwise.
     * Thread-safe.
     */
    public static final class Batch {
        private final ConcurrentHashMap<List<Object>, Decision> decisions = new ConcurrentHashMap<>();

        /** Packages opened with a decision of this batch rather than a probe of their own. */
        private final AtomicInteger reused = new AtomicInteger();

        /** How many packages took a decision of this batch instead of being probed. */
        public int reused() {
            return reused.get();
        }
    }

    /** A probe's outcome for reuse: the release read, the releases found identical, the custom versions seen. */
    private record Decision(EngineVersion read, List<EngineVersion> identical, List<EngineVersion> tried,
            CustomVersionContainer customVersions) {
    }

    /** Opens {@code path} (a .uasset/.umap; its .uexp beside it). {@code requested} null means detect. */
    public static Opened open(Path path, EngineVersion requested, UsmapVersioning usmapVersions) {
        return open(path, requested, usmapVersions, null);
    }

    /** As {@link #open(Path, EngineVersion, UsmapVersioning)}, sharing probe decisions through {@code batch} (may be null). */
    public static Opened open(Path path, EngineVersion requested, UsmapVersioning usmapVersions, Batch batch) {
        if (requested != null) {
            return new Opened(AssetPackage.open(path, requested), EngineChoice.of(requested, EngineSource.REQUEST));
        }
        byte[][] files = files(path);
        return detect(path, null, files[0], files, usmapVersions, batch, null);
    }

    /** Opens a package from memory ({@code exports} the .uexp or null) the same way. */
    public static Opened read(byte[] header, byte[] exports, String fileName, EngineVersion requested, UsmapVersioning usmapVersions) {
        if (requested != null) {
            return new Opened(AssetPackage.read(header, exports, fileName, requested), EngineChoice.of(requested, EngineSource.REQUEST));
        }
        return detect(null, fileName, header, new byte[][] {header, exports}, usmapVersions, null, null);
    }

    /**
     * Makes the bytes a package is read from under a release (null: the versions the package
     * records): e.g. a package whose export map is repaired first. May throw a
     * {@link FormatException}, which counts as the release not reading the package.
     */
    @FunctionalInterface
    public interface Prepare {
        byte[][] bytes(EngineVersion engine);
    }

    /**
     * Detects the engine of a package that is read only after {@code prepare} made its bytes for the
     * release (fix_serialize_size: the export sizes are repaired under each release before the read),
     * as {@link #read} detects it from the bytes as they are: a release fits when the prepared bytes
     * read under it and write back the same, and the gates consulted by both the preparation and the
     * read decide which releases share a read. Returns the package read from the prepared bytes.
     */
    public static Opened readPrepared(byte[] header, byte[] exports, String fileName, UsmapVersioning usmapVersions, Prepare prepare) {
        Objects.requireNonNull(prepare);
        return detect(null, fileName, header, new byte[][] {header, exports}, usmapVersions, null, prepare);
    }

    private static AssetPackage load(Path path, byte[][] mem, String name, EngineVersion e) {
        if (path != null) {
            return mem != null ? AssetPackage.open(path, mem[0], mem[1], e) : AssetPackage.open(path, e);
        }
        return AssetPackage.read(mem[0], mem[1], name, e);
    }

    private static Opened detect(Path path, String fileName, byte[] head, byte[][] given, UsmapVersioning usmap, Batch batch,
            Prepare prepare) {
        String name = path != null ? path.getFileName().toString() : fileName != null ? fileName : "package";
        byte[][] mem = given;
        ByteBuffer b = ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN);
        List<EngineVersion> all = EngineChoice.detectableFromPackages();
        if (head.length < 20 || b.getInt(0) != PackageFileSummary.PACKAGE_FILE_TAG) {
            // not a package (or too short): the reader says why
            AssetPackage p = load(path, mem, name, all.get(0));
            return new Opened(p, EngineChoice.of(all.get(0), EngineSource.PACKAGE));
        }
        int legacy = b.getInt(4);
        int pos = legacy != -4 ? 12 : 8;
        int ue4 = b.getInt(pos);
        int ue5 = legacy <= -8 ? b.getInt(pos + 4) : 0;
        if (legacy < -9 || legacy > -2 || ue4 != 0) {
            // a versioned package carries its versions (an unknown tag is refused by the reader, naming it)
            AssetPackage p = load(path, prepare != null ? prepare.bytes(null) : mem, name, null);
            List<EngineVersion> same = new ArrayList<>();
            for (EngineVersion e : all) {
                if (e.fileVersionUE4() == p.version().fileVersionUE4() && e.fileVersionUE5() == p.version().fileVersionUE5()) {
                    same.add(e);
                }
            }
            EngineVersion saved = savedBy(p, same);
            if (saved == null && same.size() > 1) {
                // releases with the same file versions differ in the custom versions their editors save
                same = EngineVersion.byCustomVersions(same, p.summary().customVersions().versions());
            }
            EngineVersion chosen = saved != null ? saved : same.size() == 1 ? same.get(0) : EngineVersion.guess(p.version());
            List<EngineVersion> fit = saved != null || !same.contains(chosen) ? List.of(chosen) : same;
            return new Opened(p, new EngineChoice(chosen, EngineSource.PACKAGE, List.of(chosen), List.of(), fit));
        }
        // unversioned: the releases that write this LegacyFileVersion
        List<EngineVersion> candidates = new ArrayList<>();
        for (EngineVersion e : all) {
            if (e.legacyFileVersion() == legacy || (legacy > -8 && e.legacyFileVersion() > -8)) {
                candidates.add(e);
            }
        }
        if (candidates.isEmpty()) {
            candidates.addAll(all);
        }
        EngineSource source = EngineSource.PACKAGE;
        if (usmap != null && usmap.fileVersionUE4() > 0) {
            List<EngineVersion> named = new ArrayList<>();
            for (EngineVersion e : candidates) {
                if (e.fileVersionUE4() == usmap.fileVersionUE4() && e.fileVersionUE5() == usmap.fileVersionUE5()) {
                    named.add(e);
                }
            }
            if (!named.isEmpty()) {
                candidates = named;
                source = EngineSource.USMAP;
            }
        }
        // one read per distinct package version, newest first
        Map<PackageVersion, EngineVersion> byVersion = new LinkedHashMap<>();
        for (EngineVersion e : candidates) {
            byVersion.putIfAbsent(e.packageVersion(), e);
        }
        if (byVersion.size() == 1) {
            EngineVersion e = candidates.get(0);
            try {
                return new Opened(load(path, prepare != null ? prepare.bytes(e) : mem, name, e),
                        new EngineChoice(e, source, List.of(e), List.of(), candidates));
            } catch (RuntimeException ex) {
                throw EngineChoice.explain(ex, List.of(e));
            }
        }
        List<Object> key = null;
        if (batch != null && path != null && prepare == null) {
            key = Arrays.asList(usmap == null ? null : new IdentityKey(usmap), legacy,
                    path.toAbsolutePath().getParent());
            Decision d = batch.decisions.get(key);
            if (d != null) {
                Opened o = reuse(path, mem, name, d, candidates, byVersion);
                if (o != null) {
                    batch.reused.incrementAndGet();
                    return o;
                }
            }
        }
        // Read under the newest release not yet covered, noting the version gates the read and the
        // write-back consulted; every release that answers those gates the same way reads the package
        // identically, so it shares the result without a read of its own.
        List<EngineVersion> distinct = new ArrayList<>(byVersion.values());
        List<EngineVersion> tried = new ArrayList<>(distinct);
        List<List<EngineVersion>> readGroups = new ArrayList<>();
        List<AssetPackage> readPkgs = new ArrayList<>();
        List<Boolean> readExact = new ArrayList<>();
        RuntimeException firstError = null;
        while (!distinct.isEmpty()) {
            EngineVersion e = distinct.get(0);
            AssetPackage p = null;
            boolean same = false;
            FormatException error = null;
            Set<Enum<?>> gates;
            try (VersionGates.Recording rec = VersionGates.record()) {
                try {
                    byte[][] in = prepare != null ? prepare.bytes(e) : mem;
                    p = load(path, in, name, e);
                    AssetPackage.Bytes out = p.toBytes();
                    same = sameBytes(out.header(), out.exports(), in[0], in[1]);
                } catch (FormatException ex) {
                    error = ex;
                }
                gates = Set.copyOf(rec.gates());
            }
            List<EngineVersion> group = new ArrayList<>();
            for (Iterator<EngineVersion> it = distinct.iterator(); it.hasNext();) {
                EngineVersion c = it.next();
                if (c == e || VersionGates.sameAt(gates, e.packageVersion(), c.packageVersion())) {
                    group.add(c);
                    it.remove();
                }
            }
            if (error != null) {
                if (firstError == null) {
                    firstError = error;
                }
                continue;
            }
            readGroups.add(group);
            readPkgs.add(p);
            readExact.add(same);
        }
        if (readGroups.isEmpty()) {
            throw EngineChoice.explain(firstError, tried);
        }
        // a read that writes back the same bytes fits better than one that only reads
        boolean anyExact = readExact.contains(Boolean.TRUE);
        List<List<EngineVersion>> fitGroups = new ArrayList<>();
        List<AssetPackage> pkgs = new ArrayList<>();
        for (int i = 0; i < readGroups.size(); i++) {
            if (!anyExact || readExact.get(i)) {
                fitGroups.add(readGroups.get(i));
                pkgs.add(readPkgs.get(i));
            }
        }
        List<EngineVersion> fits = new ArrayList<>();
        fitGroups.forEach(fits::addAll);
        fits.sort(Comparator.comparing(EngineVersion::ordinal).reversed());
        // the summary's SavedByEngineVersion / CompatibleWithEngineVersion name the release when the cooker kept them
        for (int i = 0; i < pkgs.size(); i++) {
            EngineVersion saved = savedBy(pkgs.get(i), fitGroups.get(i));
            if (saved != null) {
                AssetPackage p = saved == fitGroups.get(i).get(0) ? pkgs.get(i)
                        : load(path, prepare != null ? prepare.bytes(saved) : mem, name, saved);
                return new Opened(p, new EngineChoice(saved, EngineSource.PACKAGE, tried, List.of(), List.of(saved)));
            }
        }
        List<String> warnings = new ArrayList<>();
        if (pkgs.size() > 1 && pkgs.stream().map(PackageEngine::fingerprint).distinct().count() > 1) {
            warnings.add(name + ": unversioned; it reads under " + EngineChoice.names(fits) + ", differently; read as "
                    + fitGroups.get(0).get(0) + " (the newest); name the engine with engine_version if that is wrong");
        }
        // the releases that fit: every release whose read writes back the same bytes and reads the
        // same tables as the one chosen (or, when none writes back, reads the same)
        Object chosen = pkgs.size() > 1 ? fingerprint(pkgs.get(0)) : null;
        Set<EngineVersion> same = new HashSet<>();
        for (int i = 0; i < pkgs.size(); i++) {
            if (i == 0 || chosen.equals(fingerprint(pkgs.get(i)))) {
                same.addAll(fitGroups.get(i));
            }
        }
        List<EngineVersion> identical = new ArrayList<>();
        for (EngineVersion c : candidates) {
            if (same.contains(byVersion.get(c.packageVersion()))) {
                identical.add(c);
            }
        }
        if (key != null && warnings.isEmpty()) {
            batch.decisions.putIfAbsent(key, new Decision(fitGroups.get(0).get(0), identical, tried, pkgs.get(0).summary().customVersions()));
        }
        return new Opened(pkgs.get(0), new EngineChoice(fitGroups.get(0).get(0), EngineSource.PROBE, tried, warnings, identical));
    }

    /** A further read of a package (e.g. a mesh's serialized data): what it gave, and the package and engine it was read with. */
    public record Further<T>(Opened opened, T value) {
    }

    /** Reads something from a package past its tables and properties; throws a {@link FormatException} when the data does not fit. */
    @FunctionalInterface
    public interface Reading<T> {
        T read(AssetPackage pkg);
    }

    /**
     * Reads more of a package opened by detection than the probe looked at: the data an export
     * serializes after its properties (a mesh's materials, skeleton and LODs) follows custom versions
     * the tables and properties never consulted, so releases that read the package identically may
     * read that data differently. The read runs under the engine detected; when it fails and the
     * engine was detected (not named) with other releases left, the package is read again under the
     * newest release left that answers the failed read's version gates differently, until one
     * reads; its choice keeps the releases that answer that read's gates as it does. A named engine,
     * or a single release left, is read as it is. {@code path} is the package's .uasset/.umap.
     */
    public static <T> Further<T> readFurther(Opened opened, Path path, Reading<T> reading) {
        EngineChoice c = opened.choice();
        if (c.source() == EngineSource.REQUEST || c.candidates().size() < 2) {
            return new Further<>(opened, reading.read(opened.pkg()));
        }
        FormatException first;
        List<EngineVersion> left = new ArrayList<>(c.candidates());
        left.sort(Comparator.comparing(EngineVersion::ordinal).reversed());
        List<EngineVersion> tried = new ArrayList<>();
        EngineVersion e = c.engine();
        AssetPackage pkg = opened.pkg();
        try (VersionGates.Recording rec = VersionGates.record()) {
            try {
                return new Further<>(opened, reading.read(pkg));
            } catch (FormatException ex) {
                first = ex;
            }
            drop(left, e, rec.gates());
        }
        tried.add(e);
        while (!left.isEmpty()) {
            e = left.get(0);
            tried.add(e);
            try (VersionGates.Recording rec = VersionGates.record()) {
                try {
                    pkg = AssetPackage.open(path, e);
                    T value = reading.read(pkg);
                    Set<Enum<?>> gates = Set.copyOf(rec.gates());
                    List<EngineVersion> fit = new ArrayList<>();
                    for (EngineVersion x : left) {
                        if (VersionGates.sameAt(gates, e.packageVersion(), x.packageVersion())) {
                            fit.add(x);
                        }
                    }
                    return new Further<>(new Opened(pkg, new EngineChoice(e, c.source(), tried, c.warnings(), fit)), value);
                } catch (FormatException ex) {
                    first.addSuppressed(ex);
                }
                drop(left, e, rec.gates());
            }
        }
        throw EngineChoice.explain(first, tried);
    }

    /** Removes from {@code left} {@code e} and every release that answers {@code gates} as {@code e} does (it would read the same). */
    private static void drop(List<EngineVersion> left, EngineVersion e, Set<Enum<?>> gates) {
        Set<Enum<?>> g = Set.copyOf(gates);
        left.removeIf(x -> x == e || VersionGates.sameAt(g, e.packageVersion(), x.packageVersion()));
    }

    /** Mappings compared by identity: the same loaded mappings object. */
    private record IdentityKey(Object o) {
        @Override
        public boolean equals(Object other) {
            return other instanceof IdentityKey k && k.o == o;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(o);
        }
    }

    /**
     * Reads {@code path} under a batch decision's release; null (probe it) when it does not read
     * strictly, has other custom versions, or consults a gate that tells the identical releases apart.
     */
    private static Opened reuse(Path path, byte[][] mem, String name, Decision d, List<EngineVersion> candidates,
            Map<PackageVersion, EngineVersion> byVersion) {
        AssetPackage p;
        Set<Enum<?>> gates;
        try (VersionGates.Recording rec = VersionGates.record()) {
            try {
                p = load(path, mem, name, d.read());
            } catch (FormatException ex) {
                return null;
            }
            gates = Set.copyOf(rec.gates());
        }
        if (!Objects.equals(p.summary().customVersions(), d.customVersions())) {
            return null;
        }
        List<EngineVersion> identical = new ArrayList<>();
        for (EngineVersion c : candidates) {
            if (VersionGates.sameAt(gates, d.read().packageVersion(), c.packageVersion())) {
                identical.add(c);
            }
        }
        if (!identical.containsAll(d.identical())) {
            return null;
        }
        List<EngineVersion> reps = new ArrayList<>();
        for (EngineVersion c : identical) {
            if (byVersion.get(c.packageVersion()) == c) {
                reps.add(c);
            }
        }
        EngineVersion saved = savedBy(p, reps);
        if (saved != null) {
            AssetPackage q = saved == d.read() ? p : load(path, mem, name, saved);
            return new Opened(q, new EngineChoice(saved, EngineSource.PACKAGE, d.tried(), List.of(), List.of(saved)));
        }
        return new Opened(p, new EngineChoice(d.read(), EngineSource.PROBE, d.tried(), List.of(), d.identical()));
    }

    /** The release among {@code among} that the package's recorded engine version (major.minor) names, else null. */
    private static EngineVersion savedBy(AssetPackage p, List<EngineVersion> among) {
        for (FEngineVersion v : new FEngineVersion[] {
                p.summary().savedByEngineVersion(), p.summary().compatibleWithEngineVersion()}) {
            if (v == null || v.major() < 4) {
                continue;
            }
            for (EngineVersion e : among) {
                if (e.name().equals("UE" + v.major() + "_" + v.minor())) {
                    return e;
                }
            }
        }
        return null;
    }

    private static Object fingerprint(AssetPackage p) {
        List<Object> exports = new ArrayList<>();
        for (Export e : p.exports()) {
            exports.add(e.entry());
        }
        return Objects.hash(p.names().size(), p.imports(), exports, p.summary().packageFlags());
    }

    /** The package's files: the .uasset/.umap and its .uexp (null when there is none). */
    private static byte[][] files(Path path) {
        try {
            byte[] h = Files.readAllBytes(path);
            Path uexp = AssetPackage.sibling(path, ".uexp");
            return new byte[][] {h, Files.isRegularFile(uexp) ? Files.readAllBytes(uexp) : null};
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    /** Whether header {@code h1} + exports {@code e1} are the bytes of {@code h2} + {@code e2} (null: none). */
    private static boolean sameBytes(byte[] h1, byte[] e1, byte[] h2, byte[] e2) {
        byte[] x1 = e1 == null ? new byte[0] : e1;
        byte[] x2 = e2 == null ? new byte[0] : e2;
        if ((long) h1.length + x1.length != (long) h2.length + x2.length) {
            return false;
        }
        if (h1.length == h2.length) {
            return Arrays.equals(h1, h2) && Arrays.equals(x1, x2);
        }
        return Arrays.equals(concat(new byte[][] {h1, x1}), concat(new byte[][] {h2, x2}));
    }

    private static byte[] concat(byte[][] parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p == null ? 0 : p.length;
        }
        byte[] out = new byte[n];
        int o = 0;
        for (byte[] p : parts) {
            if (p != null) {
                System.arraycopy(p, 0, out, o, p.length);
                o += p.length;
            }
        }
        return out;
    }
}
