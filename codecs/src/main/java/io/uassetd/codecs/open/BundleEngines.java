package io.uassetd.codecs.open;

import io.uassetd.codecs.asset.PackageEngine;
import io.uassetd.codecs.asset.version.EngineChoice;
import io.uassetd.codecs.asset.version.EngineSource;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.bundle.BundleAssembler;
import io.uassetd.codecs.bundle.BundleInput;
import io.uassetd.codecs.bundle.IoStoreProfile;
import io.uassetd.codecs.game.GameProfile;
import io.uassetd.codecs.zen.ZenEngine;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * The engine of a bundle's inputs, found as {@link PackageOpener} finds a package's, and the profile
 * (game and engine) a bundle request is written for.
 */
public final class BundleEngines {
    /** Packages whose engine is looked at (the first ones among the inputs, in order). */
    public static final int SAMPLE = 8;

    private BundleEngines() {
    }

    /**
     * The engine of a bundle's inputs: the first {@link #SAMPLE} packages are detected as a request
     * without {@code engine_version} reads them (legacy packages: their versions, else the releases
     * of their LegacyFileVersion probed; Zen packages: their versioning info, else the Zen layouts
     * probed). The newest engine found wins, with a warning when they differ; null when no package
     * could be read.
     */
    public static EngineChoice detect(List<BundleInput> inputs, Consumer<String> warn) {
        Map<String, BundleInput> byPath = new HashMap<>();
        for (BundleInput in : inputs) {
            byPath.put(in.path().toLowerCase(Locale.ROOT), in);
        }
        List<EngineChoice> found = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (BundleInput in : inputs) {
            if (found.size() >= SAMPLE) {
                break;
            }
            String f = in.fileName();
            if (!(f.endsWith(".uasset") || f.endsWith(".umap") || f.endsWith(".uzenasset"))) {
                continue;
            }
            try {
                byte[] data = in.read();
                if (BundleAssembler.isLegacy(data)) {
                    String base = in.path().substring(0, in.path().lastIndexOf('.'));
                    BundleInput uexp = byPath.get((base + ".uexp").toLowerCase(Locale.ROOT));
                    found.add(PackageEngine.read(data, uexp == null ? null : uexp.read(), in.fileName(), null, null).choice());
                } else {
                    found.add(ZenEngine.of(data, in.path(), null));
                }
                names.add(in.path());
            } catch (RuntimeException e) {
                // a package no engine reads is not evidence; the bundle reports it
            }
        }
        if (found.isEmpty()) {
            return null;
        }
        EngineChoice newest = found.get(0);
        Set<EngineVersion> engines = new TreeSet<>(Comparator.reverseOrder());
        for (EngineChoice c : found) {
            engines.add(c.engine());
            if (c.engine().ordinal() > newest.engine().ordinal()) {
                newest = c;
            }
        }
        if (engines.size() > 1) {
            List<String> per = new ArrayList<>();
            for (int i = 0; i < found.size(); i++) {
                per.add(names.get(i) + ": " + found.get(i).engine());
            }
            warn.accept("The inputs were found as different engines (" + String.join(", ", per) + "); writing for " + newest.engine()
                    + " (the newest); name the engine with engine_version if that is wrong");
        }
        return newest;
    }

    /** The container layout a bundle is written for, and the engine choice the reply reports. */
    public record Chosen(IoStoreProfile profile, EngineChoice choice) {
    }

    /**
     * The profile a bundle request asks for: the game named ({@code game}, null when not given;
     * else none when an engine is named, else {@link GameProfile#DEFAULT}) and its engine: the one
     * named; with game none and no engine, the inputs' (see {@link #detect}); a game's engine is a
     * default: when the inputs' packages do not read under it and say another engine, theirs is
     * written for, with a warning (without a game named, also without the default game's profile;
     * with a game named, with the rest of its profile); else the game's.
     */
    public static Chosen profile(EngineVersion requested, String game, List<BundleInput> inputs, Consumer<String> warn) {
        GameProfile g = game != null ? GameProfile.of(game) : requested != null ? GameProfile.NONE : GameProfile.DEFAULT;
        if (requested == null && g.engine() == null && !inputs.isEmpty()) {
            EngineChoice found = detect(inputs, warn);
            if (found != null) {
                return new Chosen(IoStoreProfile.of(found.engine(), g), found);
            }
            warn.accept("No package among the inputs tells the engine; writing for " + IoStoreProfile.of(null, g).engine()
                    + " (name it with engine_version)");
        }
        if (requested == null && g.engine() != null && !inputs.isEmpty()) {
            // the game's engine is a default: packages whose own versions (LegacyFileVersion, file and custom
            // versions, Zen layout) say another engine and that do not read under the game's are written for theirs
            EngineChoice found = detect(inputs, warn);
            if (found != null && found.engine() != g.engine() && !found.candidates().contains(g.engine())
                    && !readableAs(inputs, g.engine())) {
                String src = found.source().name().toLowerCase(Locale.ROOT);
                if (game == null) {
                    warn.accept("The packages are " + found.engine() + " (" + src + "), not " + g.name() + "'s " + g.engine()
                            + ": written for " + found.engine() + " without the " + g.name() + " profile (give game to force a profile)");
                    return new Chosen(IoStoreProfile.of(found.engine(), GameProfile.NONE), found);
                }
                warn.accept("The packages are " + found.engine() + " (" + src + "), not " + g.name() + "'s " + g.engine()
                        + ": written for " + found.engine() + " with the rest of the " + g.name()
                        + " profile; the game loads packages cooked by its own engine (name engine_version to force one)");
                return new Chosen(IoStoreProfile.of(found.engine(), g), found);
            }
        }
        IoStoreProfile p = IoStoreProfile.of(requested, g);
        return new Chosen(p, EngineChoice.of(p.engine(), requested != null ? EngineSource.REQUEST : EngineSource.PROFILE));
    }

    /** Whether the first legacy package among the inputs reads under {@code engine} (Zen inputs: the profile's own concern). */
    static boolean readableAs(List<BundleInput> inputs, EngineVersion engine) {
        Map<String, BundleInput> byPath = new HashMap<>();
        for (BundleInput in : inputs) {
            byPath.put(in.path().toLowerCase(Locale.ROOT), in);
        }
        for (BundleInput in : inputs) {
            String f = in.fileName();
            if (!(f.endsWith(".uasset") || f.endsWith(".umap"))) {
                continue;
            }
            try {
                byte[] data = in.read();
                if (!BundleAssembler.isLegacy(data)) {
                    return true;
                }
                String base = in.path().substring(0, in.path().lastIndexOf('.'));
                BundleInput uexp = byPath.get((base + ".uexp").toLowerCase(Locale.ROOT));
                PackageEngine.read(data, uexp == null ? null : uexp.read(), in.fileName(), engine, null);
                return true;
            } catch (RuntimeException e) {
                return false;
            }
        }
        return true;
    }
}
