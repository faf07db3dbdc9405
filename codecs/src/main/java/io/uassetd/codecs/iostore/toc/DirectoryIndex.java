package io.uassetd.codecs.iostore.toc;

import io.uassetd.codecs.io.FString;
import java.nio.ByteBuffer;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.iostore.internal.IoBits;
import io.uassetd.codecs.io.ByteWriter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * FIoDirectoryIndexResource: the mount point, a tree of directories (entry 0 is the root), the
 * files of each directory, and the string table their names index. Read from the TOC's directory
 * index bytes after decryption; {@link #read} checks every index and refuses cycles, so
 * {@link #walk()} cannot loop or fail.
 */
public record DirectoryIndex(FString mountPoint, List<DirectoryEntry> directories, List<FileEntry> fileEntries,
        List<FString> strings) {

    public DirectoryIndex {
        directories = List.copyOf(directories);
        fileEntries = List.copyOf(fileEntries);
        strings = List.copyOf(strings);
    }

    /** A file the index names: its full path (mount point + directories + name) and its TOC entry. */
    public record IndexedFile(String path, int chunkIndex) {
    }

    /**
     * Parses {@code data[0, length)}. {@code paddingAllowed} bytes (the AES padding of an encrypted
     * index) may follow the structure. {@code chunkCount} bounds every file's user data.
     */
    public static DirectoryIndex read(byte[] data, int length, String source, long baseOffset, int paddingAllowed,
            int chunkCount) {
        ByteReader r = new ByteReader(source, baseOffset, ByteBuffer.wrap(data, 0, length), "FIoDirectoryIndexResource");
        r.structure("FIoDirectoryIndexResource.MountPoint");
        FString mount = FString.read(r);
        r.structure("FIoDirectoryIndexEntry[]");
        int dirCount = IoBits.count(r, r.u32(), DirectoryEntry.SIZE, "directory entry");
        List<DirectoryEntry> dirs = new ArrayList<>(dirCount);
        for (int i = 0; i < dirCount; i++) {
            dirs.add(DirectoryEntry.read(r));
        }
        r.structure("FIoFileIndexEntry[]");
        int fileCount = IoBits.count(r, r.u32(), FileEntry.SIZE, "file entry");
        List<FileEntry> files = new ArrayList<>(fileCount);
        for (int i = 0; i < fileCount; i++) {
            files.add(FileEntry.read(r));
        }
        r.structure("FIoDirectoryIndexResource.StringTable");
        int stringCount = IoBits.count(r, r.u32(), 4, "string");
        List<FString> strings = new ArrayList<>(stringCount);
        for (int i = 0; i < stringCount; i++) {
            strings.add(FString.read(r));
        }
        if (r.remaining() > paddingAllowed) {
            throw new CorruptDataException(r.remaining() + " bytes left after the directory index string table", source,
                    r.offset(), "FIoDirectoryIndexResource");
        }
        DirectoryIndex index = new DirectoryIndex(mount, dirs, files, strings);
        index.validate(source, baseOffset, chunkCount);
        return index;
    }

    private void validate(String source, long at, int chunkCount) {
        for (int i = 0; i < directories.size(); i++) {
            DirectoryEntry d = directories.get(i);
            if (!(d.name() == DirectoryEntry.NONE || inRange(d.name(), strings.size()))
                    || !(d.firstChild() == DirectoryEntry.NONE || inRange(d.firstChild(), directories.size()))
                    || !(d.nextSibling() == DirectoryEntry.NONE || inRange(d.nextSibling(), directories.size()))
                    || !(d.firstFile() == DirectoryEntry.NONE || inRange(d.firstFile(), fileEntries.size()))) {
                throw new CorruptDataException("Directory entry " + i + " " + d + " points outside the index", source, at,
                        "FIoDirectoryIndexEntry");
            }
        }
        for (int i = 0; i < fileEntries.size(); i++) {
            FileEntry f = fileEntries.get(i);
            if (!inRange(f.name(), strings.size())
                    || !(f.nextFile() == DirectoryEntry.NONE || inRange(f.nextFile(), fileEntries.size()))
                    || !inRange(f.userData(), chunkCount)) {
                throw new CorruptDataException("File entry " + i + " " + f + " points outside the index or the "
                        + chunkCount + " chunks", source, at, "FIoFileIndexEntry");
            }
        }
        // every entry is visited at most once from the root; a second visit means a cycle or a shared node
        if (!directories.isEmpty()) {
            boolean[] seenDir = new boolean[directories.size()];
            boolean[] seenFile = new boolean[fileEntries.size()];
            Deque<Integer> stack = new ArrayDeque<>();
            stack.push(0);
            while (!stack.isEmpty()) {
                int d = stack.pop();
                for (int s = d; s != DirectoryEntry.NONE; s = directories.get(s).nextSibling()) {
                    if (seenDir[s]) {
                        throw new CorruptDataException("Directory entry " + s + " is reached twice (a cycle)", source, at,
                                "FIoDirectoryIndexEntry");
                    }
                    seenDir[s] = true;
                    for (int f = directories.get(s).firstFile(); f != DirectoryEntry.NONE; f = fileEntries.get(f).nextFile()) {
                        if (seenFile[f]) {
                            throw new CorruptDataException("File entry " + f + " is reached twice (a cycle)", source, at,
                                    "FIoFileIndexEntry");
                        }
                        seenFile[f] = true;
                    }
                    if (directories.get(s).firstChild() != DirectoryEntry.NONE) {
                        stack.push(directories.get(s).firstChild());
                    }
                    if (s == 0) {
                        break; // the root has no siblings
                    }
                }
            }
        }
    }

    private static boolean inRange(int i, int n) {
        return i >= 0 && i < n;
    }

    public void write(ByteWriter w) {
        mountPoint.write(w);
        w.u32(directories.size());
        for (DirectoryEntry d : directories) {
            d.write(w);
        }
        w.u32(fileEntries.size());
        for (FileEntry f : fileEntries) {
            f.write(w);
        }
        w.u32(strings.size());
        for (FString s : strings) {
            s.write(w);
        }
    }

    public byte[] toBytes() {
        ByteWriter w = new ByteWriter(64 + 16 * directories.size() + 12 * fileEntries.size() + 32 * strings.size());
        write(w);
        return w.toByteArray();
    }

    /** Every file with its full path (mount point, then directories joined by '/'), depth first. */
    public List<IndexedFile> walk() {
        List<IndexedFile> out = new ArrayList<>(fileEntries.size());
        if (directories.isEmpty()) {
            return out;
        }
        String mount = mountPoint.text();
        Deque<Object[]> stack = new ArrayDeque<>();
        stack.push(new Object[] {0, mount});
        while (!stack.isEmpty()) {
            Object[] top = stack.pop();
            int d = (Integer) top[0];
            String parent = (String) top[1];
            for (int s = d; s != DirectoryEntry.NONE; s = directories.get(s).nextSibling()) {
                DirectoryEntry e = directories.get(s);
                String path = e.name() == DirectoryEntry.NONE ? parent : join(parent, strings.get(e.name()).text());
                for (int f = e.firstFile(); f != DirectoryEntry.NONE; f = fileEntries.get(f).nextFile()) {
                    FileEntry fe = fileEntries.get(f);
                    out.add(new IndexedFile(join(path, strings.get(fe.name()).text()), fe.userData()));
                }
                if (e.firstChild() != DirectoryEntry.NONE) {
                    stack.push(new Object[] {e.firstChild(), path});
                }
                if (s == 0) {
                    break;
                }
            }
        }
        return out;
    }

    private static String join(String dir, String name) {
        if (dir.isEmpty()) {
            return name;
        }
        return dir.endsWith("/") ? dir + name : dir + "/" + name;
    }

    /**
     * Builds an index the way UnrealPak does: directories created on demand under the root, new
     * children and files put first in their lists, names deduplicated in the string table.
     * {@code files} maps paths relative to the mount point ("Game/Content/A.uasset") to TOC entries.
     */
    public static DirectoryIndex build(String mountPoint, List<IndexedFile> files) {
        List<int[]> dirs = new ArrayList<>();
        List<int[]> fileEntries = new ArrayList<>();
        List<FString> strings = new ArrayList<>();
        Map<String, Integer> stringIndex = new HashMap<>();
        Map<String, Integer> dirIndex = new HashMap<>();
        dirs.add(new int[] {DirectoryEntry.NONE, DirectoryEntry.NONE, DirectoryEntry.NONE, DirectoryEntry.NONE});
        dirIndex.put("", 0);
        for (IndexedFile f : files) {
            String p = f.path();
            while (p.startsWith("/")) {
                p = p.substring(1);
            }
            int slash = p.lastIndexOf('/');
            String dirPath = slash < 0 ? "" : p.substring(0, slash);
            String fileName = p.substring(slash + 1);
            int dir = directory(dirPath, dirs, dirIndex, strings, stringIndex);
            int name = string(fileName, strings, stringIndex);
            fileEntries.add(new int[] {name, dirs.get(dir)[3], f.chunkIndex()});
            dirs.get(dir)[3] = fileEntries.size() - 1;
        }
        List<DirectoryEntry> d = new ArrayList<>(dirs.size());
        for (int[] e : dirs) {
            d.add(new DirectoryEntry(e[0], e[1], e[2], e[3]));
        }
        List<FileEntry> fe = new ArrayList<>(fileEntries.size());
        for (int[] e : fileEntries) {
            fe.add(new FileEntry(e[0], e[1], e[2]));
        }
        return new DirectoryIndex(FString.of(mountPoint), d, fe, strings);
    }

    private static int directory(String path, List<int[]> dirs, Map<String, Integer> dirIndex, List<FString> strings,
            Map<String, Integer> stringIndex) {
        Integer known = dirIndex.get(path);
        if (known != null) {
            return known;
        }
        int slash = path.lastIndexOf('/');
        int parent = directory(slash < 0 ? "" : path.substring(0, slash), dirs, dirIndex, strings, stringIndex);
        int name = string(path.substring(slash + 1), strings, stringIndex);
        dirs.add(new int[] {name, DirectoryEntry.NONE, dirs.get(parent)[1], DirectoryEntry.NONE});
        int idx = dirs.size() - 1;
        dirs.get(parent)[1] = idx;
        dirIndex.put(path, idx);
        return idx;
    }

    private static int string(String s, List<FString> strings, Map<String, Integer> stringIndex) {
        return stringIndex.computeIfAbsent(s, k -> {
            strings.add(FString.of(k));
            return strings.size() - 1;
        });
    }
}
