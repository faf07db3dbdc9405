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

    /**
     * The store over {@code paks} and {@code mods} plus more game {@code containers} (.utoc files or
     * folders), the script objects of {@code global} (a global.utoc; null: the one in the folders)
     * or of {@code scriptObjects} (a ScriptObjects.bin; null: from the global container), each
     * encrypted container opened with the first of {@code keys} that decrypts it.
     */
    public static Lease<PackageStore> open(ActionContext ctx, Path paks, List<Path> mods, List<Path> containers, Path global,
            List<AesKey> keys, Path scriptObjects) throws Exception {
        return Containers.store(ctx, new Containers.StoreSpec(paks, mods, containers, global, keys, scriptObjects));
    }
}
