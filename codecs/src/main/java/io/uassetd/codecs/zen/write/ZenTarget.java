package io.uassetd.codecs.zen.write;

import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.zen.ZenLayout;

/**
 * The engine release a legacy package is converted for: it picks the Zen header layout, whether
 * package imports are named by public export hashes (UE5) or by global import indices (UE4.26/4.27),
 * and whether exports are grouped in export bundles (UE4, UE5.0 to 5.2) or ordered by dependency
 * bundles (UE5.3+).
 */
public record ZenTarget(EngineVersion engine) {
    public ZenTarget {
        if (engine == null) {
            throw new IllegalArgumentException("engine is required");
        }
        ZenLayout layout = ZenLayout.of(engine);
        if (layout == ZenLayout.ZEN_SUMMARY || layout == ZenLayout.BULK_DATA_MAP) {
            throw new UnsupportedVersionException("Writing Zen packages of " + engine
                    + " (UE5.0 to 5.2 graph data) is not supported; targets are UE4_26, UE4_27 and UE5_3 to UE5_8");
        }
    }

    public static ZenTarget of(EngineVersion engine) {
        return new ZenTarget(engine);
    }

    public ZenLayout layout() {
        return ZenLayout.of(engine);
    }

    /** UE4.26/4.27: imports and public exports are global import indices, export data follows the export bundles. */
    public boolean ue4() {
        return layout() == ZenLayout.UE4_PACKAGE_SUMMARY;
    }
}
