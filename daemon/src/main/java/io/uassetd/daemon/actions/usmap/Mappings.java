package io.uassetd.daemon.actions.usmap;

import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.cache.CacheKey;
import io.uassetd.daemon.cache.Lease;
import io.uassetd.daemon.cache.ResourceCache;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * .usmap mappings through the daemon's cache, keyed by path, size and modification time: a
 * mappings file is parsed once however many requests use it (UAssetTool re-reads it every time).
 */
public final class Mappings {
    private Mappings() {
    }

    /** A cached, immutable usmap wrapped for the cache. */
    public record Cached(Usmap usmap) implements AutoCloseable {
        @Override
        public void close() {
            // Nothing native to release; the cache drops the reference.
        }
    }

    public static Lease<Cached> open(ActionContext ctx, Path usmap) throws Exception {
        if (!Files.isRegularFile(usmap)) {
            throw ActionException.notFound("Mappings file not found: " + usmap, usmap.toString());
        }
        CacheKey key = CacheKey.ofFile("usmap", usmap, null);
        return ctx.services().cache().acquire(key, () -> {
            Usmap u = Usmap.load(usmap, ctx.services().codecs());
            long bytes = 4096L + 48L * u.names().size() + 256L * u.schemas().size() + 128L * u.enums().size();
            return new ResourceCache.Loaded<>(new Cached(u), bytes);
        });
    }
}
