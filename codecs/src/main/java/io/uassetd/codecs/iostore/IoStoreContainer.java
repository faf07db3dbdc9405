package io.uassetd.codecs.iostore;

import io.uassetd.codecs.iostore.toc.IoChunkType;
import io.uassetd.codecs.iostore.toc.IoChunkId;
import io.uassetd.codecs.hash.Blake3;

import io.uassetd.codecs.io.SafePaths;
import java.util.Locale;
import java.util.function.Predicate;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesCipher;
import io.uassetd.codecs.crypto.AesCtr;
import io.uassetd.codecs.crypto.EncryptionMethod;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.WrongKeyException;
import io.uassetd.codecs.io.AtomicOutput;
import io.uassetd.codecs.io.MemoryBudget;
import io.uassetd.codecs.iostore.header.ContainerHeader;
import io.uassetd.codecs.iostore.toc.CompressedBlockEntry;
import io.uassetd.codecs.iostore.toc.ContainerFlag;
import io.uassetd.codecs.iostore.toc.DirectoryIndex;
import io.uassetd.codecs.iostore.toc.OffsetAndLength;
import io.uassetd.codecs.iostore.toc.PerfectHash;
import io.uassetd.codecs.iostore.toc.TocEntryMeta;
import io.uassetd.codecs.iostore.toc.TocHeader;
import io.uassetd.codecs.iostore.toc.TocReader;
import io.uassetd.codecs.iostore.toc.TocResource;
import io.uassetd.codecs.iostore.toc.TocVersion;
import io.uassetd.codecs.task.TaskMonitor;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An open IoStore container: a parsed .utoc and its .ucas partitions, read lazily by positional
 * reads (a container lists without its .ucas; nothing is read whole). Chunks are found by id
 * through the TOC's perfect hash (or a map for TOC versions without one) and decoded block by
 * block. Encrypted containers need their AES key for the directory index and the data; a wrong key
 * is refused at open when the container has a directory index to check it against. Thread-safe
 * for reads; close it to release the files.
 */
public final class IoStoreContainer implements AutoCloseable {
    private final Path utoc;
    private final String name;
    private final TocResource toc;
    private final AesCipher cipher;
    private final Partitions partitions;
    private final ChunkReader reader;
    private final DirectoryIndex directoryIndex;
    private List<String> warnings = List.of();
    private volatile Map<IoChunkId, Integer> idMap;
    private volatile List<IoStoreFile> files;
    private volatile Optional<ContainerHeader> containerHeader;

    private IoStoreContainer(Path utoc, TocResource toc, AesKey key, Codecs codecs) {
        this.utoc = utoc;
        String file = utoc.getFileName().toString();
        this.name = file.toLowerCase(Locale.ROOT).endsWith(".utoc") ? file.substring(0, file.length() - 5) : file;
        this.toc = toc;
        this.cipher = key == null ? null : new AesCipher(key.bytes());
        this.partitions = new Partitions(utoc, name, toc.header().effectivePartitionCount());
        this.reader = new ChunkReader(toc, file, partitions, codecs, cipher);
        this.directoryIndex = readDirectoryIndex(file);
    }

    /** Opens a container without a key, decoding with {@link Codecs#standard()}. */
    public static IoStoreContainer open(Path utoc) {
        return open(utoc, ContainerKeys.none(), Codecs.standard());
    }

    /**
     * Opens the container whose TOC is {@code utoc}. The key comes from {@code keys} (by the TOC's
     * key GUID) and is checked against the directory index when the container is encrypted and
     * indexed (WrongKeyException when it does not decrypt to a plausible index).
     */
    public static IoStoreContainer open(Path utoc, ContainerKeys keys, Codecs codecs) {
        TocResource toc = TocReader.read(utoc);
        String file = utoc.getFileName().toString();
        String base = file.toLowerCase(Locale.ROOT).endsWith(".utoc") ? file.substring(0, file.length() - 5) : file;
        AesKey key = toc.header().has(ContainerFlag.ENCRYPTED)
                ? keys.keyFor(base, toc.header().encryptionKeyGuidString()).orElse(null) : null;
        return new IoStoreContainer(utoc, toc, key, codecs);
    }

    /** Reservations about how the container was read, for the reply's warnings (none for the formats read today). */
    public List<String> warnings() {
        return warnings;
    }

    private DirectoryIndex readDirectoryIndex(String file) {
        byte[] stored = toc.directoryIndex();
        if (stored.length == 0 || !toc.header().has(ContainerFlag.INDEXED)) {
            return null;
        }
        long at = directoryIndexOffset();
        boolean encrypted = toc.header().has(ContainerFlag.ENCRYPTED);
        if (!encrypted) {
            return DirectoryIndex.read(stored, stored.length, file, at, 0, toc.chunkCount());
        }
        if (cipher == null) {
            return null;
        }
        if (stored.length % AesCipher.BLOCK != 0 && toc.header().encryptionMethod() == EncryptionMethod.AES_ECB) {
            throw new CorruptDataException("Encrypted directory index of " + stored.length
                    + " bytes is not a multiple of 16", file, at, "FIoDirectoryIndexResource");
        }
        byte[] plain = stored.clone();
        if (toc.header().encryptionMethod() == EncryptionMethod.AES_CTR) {
            AesCtr.apply(cipher, toc.encryptionIvs(), toc.directoryIndexIvOffset(), 0, plain, 0, plain.length);
        } else {
            cipher.decrypt(plain, 0, plain.length);
        }
        try {
            DirectoryIndex index = DirectoryIndex.read(plain, plain.length, file, at, AesCipher.BLOCK - 1,
                    toc.chunkCount());
            String mount = index.mountPoint().text();
            if (!mount.chars().allMatch(c -> c >= 0x20 && c < 0x7F)) {
                throw new CorruptDataException("Mount point is not printable text", file, at, "FIoDirectoryIndexResource");
            }
            return index;
        } catch (FormatException e) {
            throw new WrongKeyException("The AES key does not decrypt the directory index to a plausible index ("
                    + e.detail() + "); the key is wrong", file, at, "FIoDirectoryIndexResource", e);
        }
    }

    private long directoryIndexOffset() {
        TocHeader h = toc.header();
        long at = TocHeader.SIZE + (long) toc.chunkCount() * (IoChunkId.SIZE + OffsetAndLength.SIZE)
                + 4L * (toc.perfectHashSeeds().length + toc.chunksWithoutPerfectHash().length)
                + (long) CompressedBlockEntry.SIZE * toc.compressionBlocks().size() + toc.encryptionIvs().length
                + h.compressionMethodNameLength() * toc.compressionMethods().size();
        if (toc.signatures() != null) {
            at += 4 + 2L * toc.signatures().tocSignature().length + toc.signatures().chunkBlockSignatures().length;
        }
        return at;
    }

    public Path utocPath() {
        return utoc;
    }

    /** The container's name: the .utoc file name without extension. */
    public String name() {
        return name;
    }

    public TocResource toc() {
        return toc;
    }

    public TocVersion tocVersion() {
        return toc.version();
    }

    public long containerId() {
        return toc.header().containerId();
    }

    public Set<ContainerFlag> flags() {
        return ContainerFlag.of(toc.header().containerFlags());
    }

    public boolean isEncrypted() {
        return toc.header().has(ContainerFlag.ENCRYPTED);
    }

    /** True when the container flags say compressed or any block uses a compression method. */
    public boolean isCompressed() {
        if (toc.header().has(ContainerFlag.COMPRESSED)) {
            return true;
        }
        for (CompressedBlockEntry b : toc.compressionBlocks()) {
            if (b.methodIndex() != 0) {
                return true;
            }
        }
        return false;
    }

    /** True when an AES key was given for an encrypted container (or the container is not encrypted). */
    public boolean canDecrypt() {
        return !isEncrypted() || cipher != null;
    }

    public int chunkCount() {
        return toc.chunkCount();
    }

    public IoChunkId chunkId(int index) {
        return toc.chunkIds().get(index);
    }

    public IoChunkType chunkType(int index) {
        return chunkId(index).type(toc.ue5ChunkTypes());
    }

    /** Uncompressed size of a chunk. */
    public long chunkSize(int index) {
        return toc.offsetAndLengths().get(index).length();
    }

    /** The bytes a chunk's compression blocks take in the .ucas (their stored sizes, before AES padding). */
    public long chunkCompressedSize(int index) {
        OffsetAndLength ol = toc.offsetAndLengths().get(index);
        if (ol.length() == 0) {
            return 0;
        }
        long bs = toc.header().compressionBlockSize();
        long n = 0;
        for (long b = ol.offset() / bs; b <= (ol.end() - 1) / bs; b++) {
            n += toc.compressionBlocks().get((int) b).compressedSize();
        }
        return n;
    }

    /** The TOC entry index of a chunk, or -1. */
    public int find(IoChunkId id) {
        if (toc.perfectHashSeeds().length > 0) {
            return PerfectHash.find(toc.chunkIds(), toc.perfectHashSeeds(), toc.chunksWithoutPerfectHash(), id);
        }
        Map<IoChunkId, Integer> m = idMap;
        if (m == null) {
            m = new HashMap<>(toc.chunkCount() * 2);
            for (int i = 0; i < toc.chunkCount(); i++) {
                m.putIfAbsent(toc.chunkIds().get(i), i);
            }
            idMap = m;
        }
        return m.getOrDefault(id, -1);
    }

    /** The chunk of {@code type} for an id and index in this container's numbering (UE4 or UE5), or -1. */
    public int find(long id, int index, IoChunkType type) {
        int raw = type.raw(toc.ue5ChunkTypes());
        return raw < 0 ? -1 : find(new IoChunkId(id, index, 0, raw));
    }

    /** The first chunk of a type, or -1 (e.g. the container header or the script objects). */
    public int findFirst(IoChunkType type) {
        for (int i = 0; i < toc.chunkCount(); i++) {
            if (chunkType(i) == type) {
                return i;
            }
        }
        return -1;
    }

    /** The decoded directory index; empty when the container has none or is encrypted without a key. */
    public Optional<DirectoryIndex> directoryIndex() {
        return Optional.ofNullable(directoryIndex);
    }

    /** The mount point of the directory index ("../../../"), or empty. */
    public Optional<String> mountPoint() {
        return directoryIndex().map(d -> d.mountPoint().text());
    }

    /**
     * Every file the directory index names, with full paths and sizes. Empty for a container
     * without a directory index; WrongKeyException for an encrypted container opened without key.
     */
    public List<IoStoreFile> files() {
        List<IoStoreFile> f = files;
        if (f != null) {
            return f;
        }
        if (directoryIndex == null && isEncrypted() && toc.directoryIndex().length > 0) {
            throw new WrongKeyException("Container is encrypted (key GUID " + toc.header().encryptionKeyGuidString()
                    + ") and no AES key was given: its directory index cannot be read", utoc.getFileName().toString(),
                    directoryIndexOffset(), "FIoDirectoryIndexResource");
        }
        List<IoStoreFile> out = new ArrayList<>();
        if (directoryIndex != null) {
            for (DirectoryIndex.IndexedFile e : directoryIndex.walk()) {
                int i = e.chunkIndex();
                out.add(new IoStoreFile(e.path(), i, chunkId(i), chunkSize(i), chunkCompressedSize(i)));
            }
        }
        f = Collections.unmodifiableList(out);
        files = f;
        return f;
    }

    /** A chunk's bytes (chunks over 2 GiB cannot be held in an array: stream them with {@link #copyChunk}). */
    public byte[] readChunk(int index) {
        long size = chunkSize(index);
        if (size > Integer.MAX_VALUE - 16) {
            throw new CorruptDataException("Chunk " + index + " of " + size + " bytes is too large for an array; stream it",
                    utoc.getFileName().toString(), -1, "FIoOffsetAndLength");
        }
        MemoryBudget.admit(size, "Chunk " + index + " of " + size + " bytes", utoc.getFileName().toString(), -1, "FIoOffsetAndLength");
        ChunkReader.ArraySink sink = new ChunkReader.ArraySink(new byte[(int) size]);
        reader.decode(index, 0, size, sink, TaskMonitor.NONE);
        return sink.dst;
    }

    /**
     * Decodes a whole chunk into {@code dst} at {@code off} (which must have room for
     * {@link #chunkSize}); returns the size. Lets a caller reuse one buffer across chunks.
     */
    public int readChunk(int index, byte[] dst, int off) {
        long size = chunkSize(index);
        if (off < 0 || size > dst.length - (long) off) {
            throw new IllegalArgumentException("Chunk " + index + " of " + size + " bytes does not fit at " + off
                    + " in " + dst.length + " bytes");
        }
        ChunkReader.ArraySink sink = new ChunkReader.ArraySink(dst);
        sink.pos = off;
        reader.decode(index, 0, size, sink, TaskMonitor.NONE);
        return (int) size;
    }

    /** The bytes of a chunk found by id. */
    public byte[] readChunk(IoChunkId id) {
        int i = find(id);
        if (i < 0) {
            throw new IllegalArgumentException("No chunk " + id + " in " + name);
        }
        return readChunk(i);
    }

    /** Bytes {@code [offset, offset+length)} of a chunk, decoding only the blocks they touch. */
    public byte[] readChunkRange(int index, long offset, int length) {
        ChunkReader.ArraySink sink = new ChunkReader.ArraySink(new byte[length]);
        reader.decode(index, offset, length, sink, TaskMonitor.NONE);
        return sink.dst;
    }

    /** Streams a chunk into {@code out} block by block (any size); the stream is not closed. */
    public void copyChunk(int index, OutputStream out, TaskMonitor monitor) {
        reader.decode(index, 0, chunkSize(index), (b, off, len) -> {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, monitor);
    }

    /**
     * Writes a chunk to {@code target} all-or-nothing (a temporary file renamed into place), so a
     * failed read leaves nothing behind. Returns the bytes written.
     */
    public long extractChunk(int index, Path target, TaskMonitor monitor) {
        try (AtomicOutput out = AtomicOutput.create(target)) {
            var ch = out.channel();
            reader.decode(index, 0, chunkSize(index), (b, off, len) -> {
                try {
                    ByteBuffer bb = ByteBuffer.wrap(b, off, len);
                    while (bb.hasRemaining()) {
                        ch.write(bb);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }, monitor);
            out.commit();
        }
        return chunkSize(index);
    }

    /**
     * A directory-index path relative to an output folder: the mount point's leading {@code ../}
     * (and {@code /}) components dropped ("../../../Game/Content/A.uasset" -> "Game/Content/A.uasset").
     */
    public static String relativePath(String path) {
        String p = path.replace('\\', '/');
        while (true) {
            if (p.startsWith("../")) {
                p = p.substring(3);
            } else if (p.startsWith("./") || p.startsWith("/")) {
                p = p.substring(p.indexOf('/') + 1);
            } else {
                return p;
            }
        }
    }

    /**
     * Writes every file of the directory index that {@code filter} accepts under {@code outputDir}
     * (at {@link #relativePath}), each all-or-nothing. A file that fails (bad data, unsafe path) is
     * recorded and the others go on; a wrong or missing key fails the whole call before anything is
     * written. Cancellation through {@code monitor} stops between (and inside) files.
     */
    public ExtractResult extractFiles(Path outputDir, Predicate<IoStoreFile> filter,
            TaskMonitor monitor) {
        List<IoStoreFile> all = files();
        if (!canDecrypt()) {
            throw new WrongKeyException("Container is encrypted and no AES key was given", utoc.getFileName().toString(),
                    0x40, "FIoStoreTocHeader");
        }
        List<IoStoreFile> chosen = all.stream().filter(filter).toList();
        List<String> written = new ArrayList<>();
        List<ExtractResult.Failure> failures = new ArrayList<>();
        long done = 0;
        for (IoStoreFile f : chosen) {
            monitor.checkCancelled();
            String rel = relativePath(f.path());
            try {
                Path target = SafePaths.resolve(outputDir, rel, utoc.getFileName().toString());
                SafePaths.prepare(outputDir, target);
                extractChunk(f.chunkIndex(), target, monitor);
                written.add(rel);
            } catch (FormatException | UncheckedIOException e) {
                failures.add(new ExtractResult.Failure(f.path(), e.getMessage()));
            }
            monitor.progress(++done, chosen.size(), f.path());
        }
        return new ExtractResult(outputDir, written, failures);
    }

    /** Packages in this container: its package-data chunks (known from the TOC alone, no .ucas needed). */
    public int packageChunkCount() {
        int n = 0;
        for (int i = 0; i < chunkCount(); i++) {
            if (chunkType(i) == IoChunkType.EXPORT_BUNDLE_DATA) {
                n++;
            }
        }
        return n;
    }

    /** Checks a chunk against the hash in its TOC meta (first 20 bytes of BLAKE3). */
    public ChunkHashCheck verifyChunk(int index) {
        TocEntryMeta meta = toc.chunkMetas().get(index);
        if (!meta.hasHash()) {
            return ChunkHashCheck.ABSENT;
        }
        Blake3.Hasher d = Blake3.hasher();
        reader.decode(index, 0, chunkSize(index), d::update, TaskMonitor.NONE);
        byte[] h = d.digest();
        byte[] expected = meta.hash();
        boolean ok = Arrays.equals(Arrays.copyOf(h, 20), Arrays.copyOf(expected, 20));
        for (int i = 20; i < expected.length && ok; i++) {
            ok = expected[i] == 0;
        }
        return ok ? ChunkHashCheck.MATCH : ChunkHashCheck.MISMATCH;
    }

    /** The container header chunk, parsed (empty when the container has none, e.g. global.utoc). */
    public Optional<ContainerHeader> containerHeader() {
        Optional<ContainerHeader> h = containerHeader;
        if (h == null) {
            int i = findFirst(IoChunkType.CONTAINER_HEADER);
            h = i < 0 ? Optional.empty() : Optional.of(ContainerHeader.read(readChunk(i), name + " container header", 0));
            containerHeader = h;
        }
        return h;
    }

    /** The per-container "inspect" summary. */
    public ContainerSummary summary() {
        return ContainerSummary.of(this);
    }

    /** The .ucas files the TOC expects, whether present or not. */
    public List<Path> partitionPaths() {
        List<Path> out = new ArrayList<>();
        for (int i = 0; i < partitions.count(); i++) {
            out.add(partitions.path(i));
        }
        return out;
    }

    @Override
    public void close() {
        partitions.close();
    }

    @Override
    public String toString() {
        return "IoStoreContainer[" + name + ", " + toc + "]";
    }
}
