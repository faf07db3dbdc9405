package io.uassetd.codecs.bundle;

import io.uassetd.codecs.game.GameProfile;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.iostore.toc.IoChunkId;
import io.uassetd.codecs.iostore.toc.IoChunkType;
import io.uassetd.codecs.iostore.IoStoreContainer;
import io.uassetd.codecs.iostore.IoStoreFile;
import io.uassetd.codecs.iostore.header.ContainerHeader;
import io.uassetd.codecs.iostore.toc.TocVersion;
import io.uassetd.codecs.task.TaskMonitor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;

/**
 * Writes a container again, chunk for chunk: the same chunk ids, bytes and directory-index paths,
 * the source's TOC version, block size and mount point, and its container header (every store
 * entry, redirect and localized package kept) with the new container's id. What changes is the
 * compression ({@code recompress_iostore}), the name and id ({@code clone_mod_iostore}) and the
 * companion pak written beside it.
 */
public final class ContainerCopy {
    private ContainerCopy() {
    }

    /**
     * What the copy looks like.
     *
     * @param method compression of the copy's chunks
     * @param key AES key of the copy, or null for an unencrypted copy
     * @param pakKey key of the companion pak, or null
     * @param newId true: the id of the copy's name; false: the source's id
     * @param game the game whose companion pak scheme encrypts the pak (the container keeps its layout)
     * @param pool compresses on its threads, or null
     */
    public record Options(CompressionMethod method, AesKey key, AesKey pakKey, boolean newId, boolean companionPak,
            GameProfile game, ForkJoinPool pool) {
        public Options(CompressionMethod method, AesKey key, AesKey pakKey, boolean newId, boolean companionPak) {
            this(method, key, pakKey, newId, companionPak, GameProfile.NONE, null);
        }
    }

    /** The compression method a container uses (its first), or NONE. */
    public static CompressionMethod methodOf(IoStoreContainer c) {
        for (String m : c.toc().compressionMethods()) {
            var found = CompressionMethod.byName(m);
            if (found.isPresent()) {
                return found.get();
            }
        }
        return CompressionMethod.NONE;
    }

    /**
     * A container's content in memory (mod containers are small): chunks with their paths, the
     * header, the layout. Taken before writing so a copy may replace its own source.
     */
    public record Snapshot(String name, long containerId, IoStoreProfile profile, String mountPoint, List<BundleChunk> chunks,
            ContainerHeader header, CompressionMethod method, boolean encrypted) {
    }

    public static Snapshot read(IoStoreContainer src, TaskMonitor monitor) {
        String file = src.utocPath().toString();
        if (!src.tocVersion().atLeast(TocVersion.PERFECT_HASH)) {
            throw new UnsupportedVersionException("Copying UE4 containers (TOC version " + src.tocVersion().value()
                    + ") is not supported", file, 0, "FIoStoreTocHeader");
        }
        ContainerHeader header = src.containerHeader().orElseThrow(() -> new UnsupportedVersionException(
                "The container has no container header (a global.utoc?); only package containers are copied", file, 0,
                "FIoContainerHeader"));
        String mount = src.mountPoint().orElse(null);
        Map<Integer, String> pathOf = new HashMap<>();
        for (IoStoreFile f : src.files()) {
            pathOf.put(f.chunkIndex(), mount == null ? f.path() : f.path().substring(mount.length()));
        }
        List<BundleChunk> chunks = new ArrayList<>();
        for (int i = 0; i < src.chunkCount(); i++) {
            monitor.checkCancelled();
            IoChunkId id = src.chunkId(i);
            if (id.type(true) != IoChunkType.CONTAINER_HEADER) {
                chunks.add(new BundleChunk(id, src.readChunk(i), pathOf.get(i)));
            }
        }
        long blockSize = src.toc().header().compressionBlockSize();
        EngineVersion engine = EngineVersion.newestWritingContainer(src.tocVersion().value(), header.version().value());
        IoStoreProfile profile = new IoStoreProfile(engine, GameProfile.NONE, src.tocVersion(), header.version(),
                blockSize > 0 ? (int) blockSize : IoStoreProfile.DEFAULT_BLOCK_SIZE);
        return new Snapshot(src.name(), src.containerId(), profile, mount == null ? "../../../" : mount, chunks, header,
                methodOf(src), src.isEncrypted());
    }

    public static BundleWriter.Result write(Snapshot s, Path utoc, Options o, Codecs codecs, TaskMonitor monitor) {
        IoStoreProfile p = s.profile();
        BundleWriter.Options bo = BundleWriter.Options.of(new IoStoreProfile(p.engine(), o.game(), p.tocVersion(), p.headerVersion(),
                p.blockSize())).withMethod(o.method()).withKeys(o.key(), o.pakKey())
                .withMountPoint(s.mountPoint()).withContainerId(o.newId() ? 0 : s.containerId())
                .withCompanionPak(o.companionPak(), List.of()).withPool(o.pool());
        return BundleWriter.write(utoc, bo, List.of(), s.chunks(), s.header(), codecs, monitor);
    }

    public static BundleWriter.Result copy(IoStoreContainer src, Path utoc, Options o, Codecs codecs, TaskMonitor monitor) {
        return write(read(src, monitor), utoc, o, codecs, monitor);
    }
}
