package io.uassetd.codecs.pak;

import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.TruncatedDataException;
import java.util.HashMap;
import java.util.Locale;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * FPakFlatDirectoryIndex, the full directory index of V13+ paks (PakFile_Version_SortedDirectoryIndex):
 * one flat block instead of a map of maps. Layout (all little-endian int32 unless noted):
 * <pre>
 *   magic 0x50464451 ("QDFP"), NumDirs, NumFiles, RestartInterval, DirBlobBytes, FileBlobBytes,
 *   NumPathHashes, a pad that 8-aligns the hash table;
 *   u64 SortedPathHashes[NumPathHashes], HashLocations[NumPathHashes],
 *   DirAnchorOffset[ceil(NumDirs / RestartInterval) + 1], DirFileStart[NumDirs + 1],
 *   FileNameOffsets[NumFiles + 1], FileLocations[NumFiles], DirBlob, FileBlob
 * </pre>
 * A directory in the DirBlob is (SharedLen, SuffixLen, suffix bytes): the first SharedLen bytes of the
 * previous directory's UTF-8 name, then the suffix. Directory {@code d}'s files are FileNames
 * {@code DirFileStart[d]} to {@code DirFileStart[d + 1] - 1}; file {@code f}'s UTF-8 name is FileBlob
 * bytes {@code FileNameOffsets[f]} to {@code FileNameOffsets[f + 1]} and its FPakEntryLocation
 * {@code FileLocations[f]}. The field order and directory/file decoding follow CUE4Parse's
 * {@code PakFileReader.ReadFlatDirectoryIndex}, which skips the hash table and the anchors.
 *
 * <p>What no public reader checks, and this writer decides (no engine-written V13 pak was available):
 * directories sorted by their UTF-8 bytes, files by theirs; every {@value #RESTART_INTERVAL}th directory
 * an anchor stored whole (SharedLen 0) whose DirBlob offset DirAnchorOffset records, followed by
 * DirBlobBytes; the path hashes are the path-hash index's (FNV-64 of the lower-cased path under the
 * pak's seed) sorted as unsigned numbers, each with its file's location. The reader checks all of it
 * against the names and locations.
 */
final class PakFlatDirectoryIndex {
    static final int MAGIC = 0x50464451;
    static final int RESTART_INTERVAL = 16;

    private PakFlatDirectoryIndex() {
    }

    /**
     * A full or pruned directory index of a V13+ pak: flat when it starts with the magic, else the
     * classic map of maps (the UE6.0 fixture paks, version 15, write the classic one; CUE4Parse
     * reads either by the magic).
     */
    static PakDirectoryIndex readEither(ByteReader r, PakVersion v, long seed) {
        if (r.remaining() >= 4) {
            int at = r.position();
            long magic = r.u32();
            r.position(at);
            if (magic == MAGIC) {
                return read(r, seed);
            }
        }
        return PakDirectoryIndex.read(r, v);
    }

    static PakDirectoryIndex read(ByteReader r, long seed) {
        r.structure("FPakFlatDirectoryIndex");
        long at = r.offset();
        int magic = r.i32();
        if (magic != MAGIC) {
            throw r.corrupt(String.format(Locale.ROOT, "Flat directory index magic 0x%08X, expected 0x%08X (\"QDFP\")",
                    magic, MAGIC));
        }
        int numDirs = r.i32();
        int numFiles = r.i32();
        int restart = r.i32();
        int dirBlobBytes = r.i32();
        int fileBlobBytes = r.i32();
        int numHashes = r.i32();
        r.i32(); // pad
        if (numDirs < 0 || numFiles < 0 || restart <= 0 || dirBlobBytes < 0 || fileBlobBytes < 0 || numHashes < 0) {
            throw new CorruptDataException("Flat directory index header is inconsistent: " + numDirs
                    + " directories, " + numFiles + " files, restart interval " + restart + ", blobs " + dirBlobBytes
                    + "/" + fileBlobBytes + ", " + numHashes + " hashes", r.source(), at, "FPakFlatDirectoryIndex");
        }
        int anchors = (int) (((long) numDirs + restart - 1) / restart);
        long need = 8L * numHashes + 4L * numHashes + 4L * (anchors + 1) + 4L * (numDirs + 1) + 4L * (numFiles + 1)
                + 4L * numFiles + dirBlobBytes + fileBlobBytes;
        if (need > r.remaining()) {
            throw new TruncatedDataException("Flat directory index needs " + need + " bytes, "
                    + r.remaining() + " remain", r.source(), at, "FPakFlatDirectoryIndex");
        }
        long[] hashes = new long[numHashes];
        for (int i = 0; i < numHashes; i++) {
            hashes[i] = r.raw64();
        }
        int[] hashLocations = ints(r, numHashes);
        int[] anchorOffsets = ints(r, anchors + 1);
        int[] dirFileStart = ints(r, numDirs + 1);
        int[] nameOffsets = ints(r, numFiles + 1);
        int[] locations = ints(r, numFiles);
        byte[] dirBlob = r.bytes(dirBlobBytes);
        byte[] fileBlob = r.bytes(fileBlobBytes);
        if (dirFileStart[0] != 0 || dirFileStart[numDirs] != numFiles || nameOffsets[0] != 0
                || nameOffsets[numFiles] != fileBlobBytes || anchorOffsets[anchors] != dirBlobBytes) {
            throw r.corrupt("Flat directory index tables do not cover its " + numFiles + " files and blobs");
        }
        Map<String, Map<String, Integer>> dirs = new LinkedHashMap<>();
        byte[] name = new byte[256];
        int pos = 0;
        int prevLen = 0;
        for (int d = 0; d < numDirs; d++) {
            if (d % restart == 0 && anchorOffsets[d / restart] != pos) {
                throw r.corrupt("Directory " + d + " starts at DirBlob offset " + pos + ", its anchor says "
                        + anchorOffsets[d / restart]);
            }
            if (pos + 8 > dirBlob.length) {
                throw r.corrupt("Directory " + d + " runs past the directory blob");
            }
            int shared = le32(dirBlob, pos);
            int suffix = le32(dirBlob, pos + 4);
            pos += 8;
            if (shared < 0 || suffix < 0 || shared > prevLen || (d % restart == 0 && shared != 0)
                    || suffix > dirBlob.length - pos) {
                throw r.corrupt("Directory " + d + " has shared length " + shared + " and suffix length " + suffix);
            }
            if (name.length < shared + suffix) {
                name = Arrays.copyOf(name, Math.max(shared + suffix, name.length * 2));
            }
            System.arraycopy(dirBlob, pos, name, shared, suffix);
            pos += suffix;
            prevLen = shared + suffix;
            String dir = new String(name, 0, prevLen, StandardCharsets.UTF_8);
            Map<String, Integer> files = new LinkedHashMap<>();
            if (dirFileStart[d + 1] < dirFileStart[d]) {
                throw r.corrupt("Directory " + d + " file range is negative");
            }
            for (int f = dirFileStart[d]; f < dirFileStart[d + 1]; f++) {
                int s = nameOffsets[f];
                int e = nameOffsets[f + 1];
                if (s < 0 || e < s || e > fileBlob.length) {
                    throw r.corrupt("File " + f + " name range " + s + ".." + e + " is outside the file blob");
                }
                files.put(new String(fileBlob, s, e - s, StandardCharsets.UTF_8), locations[f]);
            }
            if (dirs.put(dir, files) != null) {
                throw r.corrupt("Directory '" + dir + "' is listed twice");
            }
        }
        if (pos != dirBlob.length) {
            throw r.corrupt("Directory blob has " + (dirBlob.length - pos) + " bytes after the last directory");
        }
        PakDirectoryIndex index = new PakDirectoryIndex(dirs);
        checkHashes(r, index, hashes, hashLocations, seed);
        return index;
    }

    private static void checkHashes(ByteReader r, PakDirectoryIndex index, long[] hashes, int[] locations, long seed) {
        if (hashes.length == 0) {
            return;
        }
        Map<Long, Integer> byHash = new HashMap<>();
        for (int i = 0; i < hashes.length; i++) {
            if (i > 0 && Long.compareUnsigned(hashes[i - 1], hashes[i]) > 0) {
                throw r.corrupt("Flat directory index path hashes are not sorted at " + i);
            }
            byHash.put(hashes[i], locations[i]);
        }
        for (Map.Entry<String, Integer> f : index.files()) {
            Integer loc = byHash.get(PakPathHashIndex.hash(f.getKey(), seed));
            if (loc == null || !loc.equals(f.getValue())) {
                throw r.corrupt("Flat directory index path hash of '" + f.getKey() + "' is missing or names location "
                        + loc + " instead of " + f.getValue());
            }
        }
    }

    static void write(PakDirectoryIndex index, long seed, ByteWriter w) {
        List<String> dirNames = new ArrayList<>(index.directories().keySet());
        Comparator<String> utf8 = (a, b) -> Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8),
                b.getBytes(StandardCharsets.UTF_8));
        dirNames.sort(utf8);
        ByteArrayOutputStream dirBlob = new ByteArrayOutputStream();
        ByteArrayOutputStream fileBlob = new ByteArrayOutputStream();
        List<Integer> anchors = new ArrayList<>();
        List<Integer> dirFileStart = new ArrayList<>();
        List<Integer> nameOffsets = new ArrayList<>();
        List<Integer> locations = new ArrayList<>();
        byte[] prev = new byte[0];
        for (int d = 0; d < dirNames.size(); d++) {
            byte[] n = dirNames.get(d).getBytes(StandardCharsets.UTF_8);
            int shared = 0;
            if (d % RESTART_INTERVAL == 0) {
                anchors.add(dirBlob.size());
            } else {
                while (shared < n.length && shared < prev.length && n[shared] == prev[shared]) {
                    shared++;
                }
            }
            le32(dirBlob, shared);
            le32(dirBlob, n.length - shared);
            dirBlob.write(n, shared, n.length - shared);
            prev = n;
            dirFileStart.add(nameOffsets.size());
            List<Map.Entry<String, Integer>> files = new ArrayList<>(index.directories().get(dirNames.get(d)).entrySet());
            files.sort((a, b) -> utf8.compare(a.getKey(), b.getKey()));
            for (Map.Entry<String, Integer> f : files) {
                nameOffsets.add(fileBlob.size());
                fileBlob.writeBytes(f.getKey().getBytes(StandardCharsets.UTF_8));
                locations.add(f.getValue());
            }
        }
        dirFileStart.add(nameOffsets.size());
        nameOffsets.add(fileBlob.size());
        anchors.add(dirBlob.size());
        List<Map.Entry<String, Integer>> all = index.files();
        long[][] hashes = new long[all.size()][];
        for (int i = 0; i < all.size(); i++) {
            hashes[i] = new long[] {PakPathHashIndex.hash(all.get(i).getKey(), seed), all.get(i).getValue()};
        }
        Arrays.sort(hashes, (a, b) -> Long.compareUnsigned(a[0], b[0]));
        w.u32(MAGIC).u32(dirNames.size()).u32(locations.size()).u32(RESTART_INTERVAL).u32(dirBlob.size())
                .u32(fileBlob.size()).u32(hashes.length).u32(0);
        for (long[] h : hashes) {
            w.u64(h[0]);
        }
        for (long[] h : hashes) {
            w.u32(h[1]);
        }
        for (List<Integer> l : List.of(anchors, dirFileStart, nameOffsets, locations)) {
            for (int x : l) {
                w.u32(x);
            }
        }
        w.bytes(dirBlob.toByteArray()).bytes(fileBlob.toByteArray());
    }

    private static int[] ints(ByteReader r, int n) {
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = r.i32();
        }
        return out;
    }

    private static int le32(byte[] b, int at) {
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8 | (b[at + 2] & 0xFF) << 16 | b[at + 3] << 24;
    }

    private static void le32(ByteArrayOutputStream out, int v) {
        out.write(v);
        out.write(v >>> 8);
        out.write(v >>> 16);
        out.write(v >>> 24);
    }
}
