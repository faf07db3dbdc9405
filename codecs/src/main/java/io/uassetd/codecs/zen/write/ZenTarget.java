package io.uassetd.codecs.zen.write;

import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.iostore.ZenLayout;

/**
 * The engine release a legacy package is converted for: it picks the Zen header layout, whether
 * package imports are named by public export hashes (UE5) or by global import indices (UE4.26/4.27),
 * and whether exports are grouped in export bundles (UE4, UE5.0 to 5.2) or ordered by dependency
 * bundles (UE5.3+). Every engine from UE4_26 on is a target.
 */
public record ZenTarget(EngineVersion engine) {
    public ZenTarget {
        if (engine == null) {
            throw new IllegalArgumentException("engine is required");
        }
        engine.zenLayout(); // UE4.26 and later have Zen packages
    }

    public static ZenTarget of(EngineVersion engine) {
        return new ZenTarget(engine);
    }

    public ZenLayout layout() {
        return engine.zenLayout();
    }

    /** UE4.26/4.27: imports and public exports are global import indices, export data follows the export bundles. */
    public boolean ue4() {
        return layout() == ZenLayout.UE4_PACKAGE_SUMMARY;
    }
}
