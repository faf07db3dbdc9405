package io.uassetd.daemon.actions.iostore;

import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.cache.Lease;
import java.nio.file.Path;
import java.util.List;

/** The cached package store over a Paks folder and mods, for actions outside this package. */
public final class PackageStores {
    private PackageStores() {
    }

    public static Lease<PackageStore> open(ActionContext ctx, Path paks, List<Path> mods, AesKey key) throws Exception {
        return Containers.store(ctx, paks, mods, key);
    }
}
