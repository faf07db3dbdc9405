package io.uassetd.codecs.iostore.bundle;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.iostore.IoChunkId;
import io.uassetd.codecs.iostore.IoChunkType;
import io.uassetd.codecs.iostore.IoStoreContainer;
import io.uassetd.codecs.iostore.IoStoreFile;
import io.uassetd.codecs.iostore.header.ContainerHeader;
import io.uassetd.codecs.task.TaskMonitor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
     */
    public record Options(CompressionMethod method, AesKey key, AesKey pakKey, boolean newId, boolean companionPak) {
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

    public static BundleWriter.Result copy(IoStoreContainer src, Path utoc, Options o, Codecs codecs, TaskMonitor monitor) {
        if (!src.tocVersion().atLeast(io.uassetd.codecs.iostore.toc.TocVersion.PERFECT_HASH)) {
            throw new UnsupportedVersionException("Copying UE4 containers (TOC version " + src.tocVersion().value()
                    + ") is not supported", src.utocPath().toString(), 0, "FIoStoreTocHeader");
        }
        String mount = src.mountPoint().orElse(null);
        Map<Integer, String> pathOf = new HashMap<>();
        for (IoStoreFile f : src.files()) {
            pathOf.put(f.chunkIndex(), mount == null ? f.path() : f.path().substring(mount.length()));
        }
        ContainerHeader header = src.containerHeader().orElse(null);
        List<BundleChunk> chunks = new ArrayList<>();
        for (int i = 0; i < src.chunkCount(); i++) {
            monitor.checkCancelled();
            IoChunkId id = src.chunkId(i);
            if (id.type(true) == IoChunkType.CONTAINER_HEADER) {
                continue;
            }
            chunks.add(new BundleChunk(id, src.readChunk(i), pathOf.get(i)));
        }
        IoStoreProfile profile = new IoStoreProfile(io.uassetd.codecs.asset.version.EngineVersion.UE5_8, GameProfile.NONE,
                src.tocVersion(), header != null ? header.version() : io.uassetd.codecs.iostore.header.ContainerHeaderVersion.INITIAL,
                (int) src.toc().header().compressionBlockSize());
        BundleWriter.Options bo = BundleWriter.Options.of(profile).withMethod(o.method()).withKeys(o.key(), o.pakKey())
                .withMountPoint(mount == null ? "../../../" : mount)
                .withContainerId(o.newId() ? 0 : src.containerId()).withCompanionPak(o.companionPak(), List.of());
        return BundleWriter.write(utoc, bo, List.of(), chunks, header, codecs, monitor);
    }
}
