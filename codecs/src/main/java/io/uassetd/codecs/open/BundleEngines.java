package io.uassetd.codecs.open;

import io.uassetd.codecs.asset.PackageEngine;
import io.uassetd.codecs.asset.version.EngineChoice;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.bundle.BundleAssembler;
import io.uassetd.codecs.bundle.BundleInput;
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

/** The engine of a bundle's inputs, found as {@link PackageOpener} finds a package's. */
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
}
