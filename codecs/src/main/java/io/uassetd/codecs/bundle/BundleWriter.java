package io.uassetd.codecs.bundle;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.hash.Hashes;
import io.uassetd.codecs.io.AtomicFileSet;
import io.uassetd.codecs.iostore.toc.IoChunkId;
import io.uassetd.codecs.iostore.toc.IoChunkType;
import io.uassetd.codecs.iostore.IoStoreWriter;
import io.uassetd.codecs.iostore.header.NameBatch;
import io.uassetd.codecs.iostore.header.ContainerHeader;
import io.uassetd.codecs.iostore.header.ContainerHeaderVersion;
import io.uassetd.codecs.iostore.header.SoftPackageReferences;
import io.uassetd.codecs.iostore.header.StoreEntry;
import io.uassetd.codecs.iostore.toc.TocResource;
import io.uassetd.codecs.pak.CompanionPak;
import io.uassetd.codecs.pak.PakSource;
import io.uassetd.codecs.task.TaskMonitor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Consumer;

/**
 * Writes an IoStore bundle: {@code X.utoc} + {@code X.ucas} with the packages' chunks and a
 * container header (never compressed, last in the .ucas), and the companion {@code X.pak} whose
 * {@code chunknames} entry lists the container's files (plus, for a hybrid bundle, the files that
 * are not packages). All three files (and every .ucas partition) are one {@link AtomicFileSet}:
 * they appear together or not at all, and replace an older bundle of the same name all at once.
 */
public final class BundleWriter {
    /**
     * What to write.
     *
     * @param method compression of the chunks (the container header is always stored)
     * @param containerKey AES key of the .utoc/.ucas, or null
     * @param pakKey key of the companion pak (encrypted with the game profile's scheme: Marvel Rivals'
     *     own, else standard AES), or null
     * @param containerId the container id, or 0 for CityHash64 of the lower-cased container name
     * @param companionPak whether to write the companion pak
     * @param pakExtras files that go into the companion pak itself (hybrid bundles)
     */
    public record Options(IoStoreProfile profile, CompressionMethod method, String mountPoint, AesKey containerKey,
            AesKey pakKey, long containerId, boolean companionPak, List<PakSource> pakExtras, ForkJoinPool pool) {
        public Options {
            pakExtras = List.copyOf(pakExtras);
        }

        public static Options of(IoStoreProfile profile) {
            return new Options(profile, CompressionMethod.NONE, CompanionPak.DEFAULT_MOUNT_POINT, null, null, 0, true, List.of(),
                    null);
        }

        /** Compresses and hashes blocks on {@code p}'s threads (null: on the calling thread). */
        public Options withPool(ForkJoinPool p) {
            return new Options(profile, method, mountPoint, containerKey, pakKey, containerId, companionPak, pakExtras, p);
        }

        public Options withMethod(CompressionMethod m) {
            return new Options(profile, m, mountPoint, containerKey, pakKey, containerId, companionPak, pakExtras, pool);
        }

        public Options withMountPoint(String m) {
            return new Options(profile, method, m, containerKey, pakKey, containerId, companionPak, pakExtras, pool);
        }

        public Options withKeys(AesKey container, AesKey pak) {
            return new Options(profile, method, mountPoint, container, pak, containerId, companionPak, pakExtras, pool);
        }

        public Options withContainerId(long id) {
            return new Options(profile, method, mountPoint, containerKey, pakKey, id, companionPak, pakExtras, pool);
        }

        public Options withCompanionPak(boolean write, List<PakSource> extras) {
            return new Options(profile, method, mountPoint, containerKey, pakKey, containerId, write, extras, pool);
        }
    }

    /**
     * What was written.
     *
     * @param pak the companion pak, or null
     * @param files the container's directory-index paths (what {@code chunknames} lists, before the pak's own files)
     */
    public record Result(Path utoc, List<Path> ucas, Path pak, long containerId, int packageCount, int chunkCount,
            List<String> files, ContainerHeader header, TocResource toc) {
    }

    private BundleWriter() {
    }

    /** The container id of a container named {@code name} (the .utoc file name without extension). */
    public static long containerIdOf(String name) {
        return Hashes.cityHash64LowerUtf16(name);
    }

    /** The container name of a .utoc path. */
    public static String baseName(Path utoc) {
        String f = utoc.getFileName().toString();
        return f.toLowerCase(Locale.ROOT).endsWith(".utoc") ? f.substring(0, f.length() - 5) : f;
    }

    /**
     * Writes the bundle whose .utoc is {@code utoc}.
     *
     * @param chunks chunks that belong to no package in the header
     */
    public static Result write(Path utoc, Options o, List<BundlePackage> packages, List<BundleChunk> chunks, Codecs codecs,
            TaskMonitor monitor) {
        return write(utoc, o, packages, chunks, null, codecs, monitor);
    }

    /**
     * Writes the bundle with a given container header (a copied container keeps its source's
     * header, with the new container id) instead of one built from {@code packages}.
     */
    public static Result write(Path utoc, Options o, List<BundlePackage> packages, List<BundleChunk> chunks,
            ContainerHeader givenHeader, Codecs codecs, TaskMonitor monitor) {
        return write(utoc, o, packages::forEach, packages.size(), chunks, givenHeader, codecs, monitor);
    }

    /** Packages handed to the writer one at a time, in the container's order ({@link BundleAssembler.Assembly#forEach}). */
    @FunctionalInterface
    public interface PackageFeed {
        void forEach(Consumer<BundlePackage> sink);
    }

    /**
     * Writes the bundle of the packages {@code feed} hands on, keeping of each only its id, store
     * entry and paths once its chunks are written (the container header and the companion pak's
     * list are made from those at the end), so that memory does not grow with the bundle. A chunk id
     * or path given twice, or an exception from the feed, stops the write: nothing is left behind.
     *
     * @param expected the number of packages the feed will hand on, for progress (0 when unknown)
     */
    public static Result write(Path utoc, Options o, PackageFeed feed, int expected, List<BundleChunk> chunks,
            ContainerHeader givenHeader, Codecs codecs, TaskMonitor monitor) {
        String base = baseName(utoc);
        long containerId = o.containerId() != 0 ? o.containerId() : containerIdOf(base);
        Path pak = utoc.resolveSibling(base + ".pak");
        Path folder = utoc.toAbsolutePath().getParent();
        boolean folderExisted = Files.isDirectory(folder);
        boolean done = false;
        try (AtomicFileSet set = AtomicFileSet.open()) {
            Files.createDirectories(folder);
            IoStoreWriter.Options wo = IoStoreWriter.Options.of(o.profile().tocVersion(), containerId)
                    .withBlockSize(o.profile().blockSize()).withMethod(o.method()).withKey(o.containerKey())
                    .withMountPoint(o.mountPoint());
            Map<IoChunkId, String> seen = new HashMap<>();
            Map<String, String> paths = new HashMap<>();
            List<String> files = new ArrayList<>();
            List<Long> ids = new ArrayList<>();
            List<StoreEntry> entries = new ArrayList<>();
            TocResource toc;
            int[] n = {0};
            try (IoStoreWriter w = IoStoreWriter.create(utoc, wo, codecs, set)) {
                Batch batch = new Batch(w, o.pool());
                feed.forEach(p -> {
                    monitor.checkCancelled();
                    for (BundleChunk c : p.chunks()) {
                        claim(seen, paths, c, p.name());
                        if (c.path() != null) {
                            files.add(c.path());
                        }
                        batch.add(c);
                    }
                    ids.add(p.packageId());
                    entries.add(p.storeEntry());
                    monitor.progress(++n[0], Math.max(expected, n[0]) + chunks.size(), p.name());
                });
                int total = n[0] + chunks.size();
                for (BundleChunk c : chunks) {
                    monitor.checkCancelled();
                    claim(seen, paths, c, c.path() != null ? c.path() : c.id().hex());
                    if (c.path() != null) {
                        files.add(c.path());
                    }
                    batch.add(c);
                    monitor.progress(++n[0], total, c.path() != null ? c.path() : c.id().hex());
                }
                batch.flush();
                ContainerHeader header = givenHeader == null ? header(o.profile().headerVersion(), containerId, ids, entries)
                        : givenHeader.withContainerId(containerId);
                w.addChunk(IoChunkId.of(containerId, 0, IoChunkType.CONTAINER_HEADER), header.toBytes(), null, false);
                monitor.checkCancelled();
                toc = w.finish();
                if (o.companionPak()) {
                    List<String> listed = new ArrayList<>(files);
                    o.pakExtras().forEach(x -> listed.add(x.path()));
                    Path staged = set.stagePath(pak);
                    CompanionPak.write(staged, listed, o.pakExtras(), o.pakKey(), o.profile().game().companionPak(),
                            o.mountPoint(), 0);
                }
                List<Path> parts = new ArrayList<>();
                int partitions = Math.max(1, toc.header().effectivePartitionCount());
                for (int i = 0; i < partitions; i++) {
                    parts.add(utoc.resolveSibling(i == 0 ? base + ".ucas" : base + "_s" + i + ".ucas"));
                }
                set.commit();
                done = true;
                return new Result(utoc, parts, o.companionPak() ? pak : null, containerId, ids.size(), toc.chunkCount(),
                        List.copyOf(files), header, toc);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the bundle " + utoc + ": " + e.getMessage(), e);
        } finally {
            if (!done && !folderExisted) {
                try {
                    Files.deleteIfExists(folder); // made for this bundle and left empty: nothing was written
                } catch (IOException ignored) {
                    // not empty (another writer) or gone: leave it
                }
            }
        }
    }

    /** The container header of {@code packages}, in their order, with no redirects or localized packages. */
    public static ContainerHeader header(ContainerHeaderVersion v, long containerId, List<BundlePackage> packages) {
        List<Long> ids = new ArrayList<>(packages.size());
        List<StoreEntry> entries = new ArrayList<>(packages.size());
        for (BundlePackage p : packages) {
            ids.add(p.packageId());
            entries.add(p.storeEntry());
        }
        return header(v, containerId, ids, entries);
    }

    /** The container header of packages given by their ids and store entries, in that order. */
    static ContainerHeader header(ContainerHeaderVersion v, long containerId, List<Long> ids, List<StoreEntry> entries) {
        SoftPackageReferences soft = v.atLeast(ContainerHeaderVersion.SOFT_PACKAGE_REFERENCES) ? SoftPackageReferences.none()
                : null;
        return new ContainerHeader(v, containerId, ids, entries, List.of(), List.of(), NameBatch.empty(), List.of(), List.of(),
                soft);
    }

    /** Chunks handed to the writer in batches of about {@value #BATCH_BYTES} bytes when compressing in parallel. */
    private static final class Batch {
        private final IoStoreWriter w;
        private final ForkJoinPool pool;
        private final List<IoStoreWriter.Pending> pending = new ArrayList<>();
        private long bytes;

        Batch(IoStoreWriter w, ForkJoinPool pool) {
            this.w = w;
            this.pool = pool;
        }

        void add(BundleChunk c) {
            if (pool == null || (c.blake3() != null && !w.compresses())) {
                // nothing left to do on the pool (hashed already, stored as it is): written now, so the
                // chunk is not kept alive while more are made
                flush();
                w.addChunk(c.id(), c.data(), c.path(), true, c.blake3());
                return;
            }
            pending.add(new IoStoreWriter.Pending(c.id(), c.data(), c.path(), true, c.blake3()));
            bytes += c.data().length;
            if (bytes >= BATCH_BYTES) {
                flush();
            }
        }

        void flush() {
            if (!pending.isEmpty()) {
                w.addChunks(List.copyOf(pending), pool);
                pending.clear();
                bytes = 0;
            }
        }
    }

    static final long BATCH_BYTES = 4L << 20;


    private static void claim(Map<IoChunkId, String> seen, Map<String, String> paths, BundleChunk c, String owner) {
        String before = seen.putIfAbsent(c.id(), owner);
        if (before != null) {
            throw new IllegalArgumentException("Chunk " + c.id() + " comes twice: from " + before + " and from " + owner);
        }
        if (c.path() != null) {
            String key = c.path().toLowerCase(Locale.ROOT);
            String other = paths.putIfAbsent(key, owner);
            if (other != null) {
                throw new IllegalArgumentException("Path " + c.path() + " comes twice: from " + other + " and from " + owner);
            }
        }
    }
}
