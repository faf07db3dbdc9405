package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.core.FEngineVersion;
import io.uassetd.codecs.asset.version.EngineChoice;
import io.uassetd.codecs.asset.version.EngineSource;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.asset.version.PackageVersion;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.usmap.UsmapVersioning;
import java.io.IOException;
import java.io.InputStream;
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

    /** Opens {@code path} (a .uasset/.umap; its .uexp beside it). {@code requested} null means detect. */
    public static Opened open(Path path, EngineVersion requested, UsmapVersioning usmapVersions) {
        if (requested != null) {
            return new Opened(AssetPackage.open(path, requested), EngineChoice.of(requested, EngineSource.REQUEST));
        }
        return detect(path, head(path), null, usmapVersions);
    }

    /** Opens a package from memory ({@code exports} the .uexp or null) the same way. */
    public static Opened read(byte[] header, byte[] exports, String fileName, EngineVersion requested, UsmapVersioning usmapVersions) {
        if (requested != null) {
            return new Opened(AssetPackage.read(header, exports, fileName, requested), EngineChoice.of(requested, EngineSource.REQUEST));
        }
        return detect(null, header, new byte[][] {header, exports}, usmapVersions);
    }

    private static byte[] head(Path path) {
        try (InputStream in = Files.newInputStream(path)) {
            return in.readNBytes(32);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    private static AssetPackage load(Path path, byte[][] mem, String name, EngineVersion e) {
        return path != null ? AssetPackage.open(path, e) : AssetPackage.read(mem[0], mem[1], name, e);
    }

    private static Opened detect(Path path, byte[] head, byte[][] mem, UsmapVersioning usmap) {
        String name = path != null ? path.getFileName().toString() : "package";
        ByteBuffer b = ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN);
        List<EngineVersion> all = EngineChoice.detectable();
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
            AssetPackage p = load(path, mem, name, null);
            List<EngineVersion> same = new ArrayList<>();
            for (EngineVersion e : all) {
                if (e.fileVersionUE4() == p.version().fileVersionUE4() && e.fileVersionUE5() == p.version().fileVersionUE5()) {
                    same.add(e);
                }
            }
            EngineVersion saved = savedBy(p, same);
            return new Opened(p, EngineChoice.of(saved != null ? saved : EngineVersion.guess(p.version()), EngineSource.PACKAGE));
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
                return new Opened(load(path, mem, name, e), EngineChoice.of(e, source));
            } catch (RuntimeException ex) {
                throw EngineChoice.explain(ex, List.of(e));
            }
        }
        byte[] original = mem != null ? concat(mem) : null;
        List<EngineVersion> tried = new ArrayList<>();
        List<EngineVersion> read = new ArrayList<>();
        List<AssetPackage> readPkgs = new ArrayList<>();
        List<EngineVersion> exact = new ArrayList<>();
        List<AssetPackage> exactPkgs = new ArrayList<>();
        RuntimeException firstError = null;
        for (EngineVersion e : byVersion.values()) {
            tried.add(e);
            try {
                AssetPackage p = load(path, mem, name, e);
                read.add(e);
                readPkgs.add(p);
                AssetPackage.Bytes out = p.toBytes();
                if (original == null) {
                    original = fileBytes(path);
                }
                if (Arrays.equals(concat(new byte[][] {out.header(), out.exports()}), original)) {
                    exact.add(e);
                    exactPkgs.add(p);
                }
            } catch (FormatException ex) {
                if (firstError == null) {
                    firstError = ex;
                }
            }
        }
        if (read.isEmpty()) {
            throw EngineChoice.explain(firstError, tried);
        }
        // a read that writes back the same bytes fits better than one that only reads
        List<EngineVersion> fits = exact.isEmpty() ? read : exact;
        List<AssetPackage> pkgs = exact.isEmpty() ? readPkgs : exactPkgs;
        // the summary's SavedByEngineVersion / CompatibleWithEngineVersion name the release when the cooker kept them
        for (int i = 0; i < pkgs.size(); i++) {
            EngineVersion saved = savedBy(pkgs.get(i), fits);
            if (saved != null && saved == fits.get(i)) {
                return new Opened(pkgs.get(i), new EngineChoice(saved, EngineSource.PACKAGE, tried, List.of()));
            }
        }
        List<String> warnings = new ArrayList<>();
        if (pkgs.stream().map(PackageEngine::fingerprint).distinct().count() > 1) {
            warnings.add(name + ": unversioned; it reads under " + EngineChoice.names(fits) + ", differently; read as "
                    + fits.get(0) + " (the newest); name the engine with engine_version if that is wrong");
        }
        return new Opened(pkgs.get(0), new EngineChoice(fits.get(0), EngineSource.PROBE, tried, warnings));
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

    private static byte[] fileBytes(Path path) {
        try {
            byte[] h = Files.readAllBytes(path);
            Path uexp = AssetPackage.sibling(path, ".uexp");
            return Files.isRegularFile(uexp) ? concat(new byte[][] {h, Files.readAllBytes(uexp)}) : h;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + path + ": " + e.getMessage(), e);
        }
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
