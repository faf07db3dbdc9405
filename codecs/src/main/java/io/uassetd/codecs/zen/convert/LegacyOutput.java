package io.uassetd.codecs.zen.convert;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.io.AtomicOutput;
import io.uassetd.codecs.io.OutputFolders;
import io.uassetd.codecs.io.SafePaths;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A converted package: the legacy package (written as .uasset/.umap + .uexp) and its bulk-data
 * companions by extension ({@code .ubulk}, {@code .uptnl}, {@code .m.ubulk}).
 *
 * @param packageName e.g. {@code /Game/Maps/Map}
 * @param extension {@code .uasset}, or {@code .umap} for a package holding a World
 * @param notes differences from the original legacy package that the Zen data cannot restore
 * @param cookedHeaderSize the CookedHeaderSize the Zen package records (-1 when not made from one)
 * @param bytes the package's bytes as the conversion made them (what {@code asset().toBytes()} gives for the
 *              package as converted; edits made to {@code asset} afterwards are not in them), or null
 */
public record LegacyOutput(String packageName, String extension, AssetPackage asset, Map<String, byte[]> companions,
        List<String> notes, long cookedHeaderSize, AssetPackage.Bytes bytes) {
    public LegacyOutput {
        companions = new LinkedHashMap<>(companions);
        notes = List.copyOf(notes);
    }

    public LegacyOutput(String packageName, String extension, AssetPackage asset, Map<String, byte[]> companions,
            List<String> notes, long cookedHeaderSize) {
        this(packageName, extension, asset, companions, notes, cookedHeaderSize, null);
    }

    public LegacyOutput(String packageName, String extension, AssetPackage asset, Map<String, byte[]> companions,
            List<String> notes) {
        this(packageName, extension, asset, companions, notes, -1, null);
    }

    /** The package's .uasset/.uexp bytes: those the conversion made when it made them, else the asset serialized. */
    public AssetPackage.Bytes toBytes() {
        return bytes != null ? bytes : asset.toBytes();
    }

    /** The package path as a relative file path: {@code Game/Maps/Map.umap}. */
    public String relativePath() {
        String p = packageName.startsWith("/") ? packageName.substring(1) : packageName;
        return p + extension;
    }

    /**
     * Writes the .uasset/.umap at {@code file}, the .uexp and the companions next to it; returns every
     * file written.
     */
    public List<Path> write(Path file) {
        asset.write(file);
        List<Path> out = new ArrayList<>();
        out.add(file);
        if (asset.isSplit()) {
            out.add(AssetPackage.sibling(file, ".uexp"));
        }
        for (Map.Entry<String, byte[]> e : companions.entrySet()) {
            Path target = AssetPackage.sibling(file, e.getKey());
            AtomicOutput.write(target, e.getValue());
            out.add(target);
        }
        return out;
    }

    /** A file written by {@link #extractUnder}: its path and size. */
    public record Written(Path path, long size) {
    }

    /**
     * Writes under {@code root} at {@link #relativePath()} as one file of an extraction ({@link #toBytes()}): each folder is
     * made once ({@code folders}, made for {@code root}: no link below it is followed), and every file goes through a temporary file renamed into place
     * without an fsync (a reader or a killed process never sees a partial file; the extraction as a
     * whole is not durable until the system writes it back, as for {@code extract_pak}).
     */
    public List<Written> extractUnder(Path root, OutputFolders folders) {
        Path file = SafePaths.resolve(root, relativePath(), packageName);
        AssetPackage.Bytes b = toBytes();
        List<Written> out = new ArrayList<>(2 + companions.size());
        try {
            boolean fresh = folders.prepare(file);
            put(file, b.header(), fresh, out);
            if (asset.isSplit()) {
                put(AssetPackage.sibling(file, ".uexp"), b.exports(), fresh, out);
            }
            for (Map.Entry<String, byte[]> e : companions.entrySet()) {
                put(AssetPackage.sibling(file, e.getKey()), e.getValue(), fresh, out);
            }
        } catch (IOException ex) {
            throw new UncheckedIOException("Cannot write " + file + ": " + ex.getMessage(), ex);
        }
        return out;
    }

    private static void put(Path target, byte[] data, boolean fresh, List<Written> out) throws IOException {
        if (!fresh) {
            SafePaths.checkTarget(target.toAbsolutePath().normalize()); // never replaces a link or a folder
        }
        try (AtomicOutput o = AtomicOutput.create(target, false, true, fresh)) {
            ByteBuffer buf = ByteBuffer.wrap(data);
            while (buf.hasRemaining()) {
                o.channel().write(buf);
            }
            o.commit();
        }
        out.add(new Written(target, data.length));
    }

    /** Writes under {@code root} at {@link #relativePath()}. */
    public List<Path> writeUnder(Path root) {
        Path file = SafePaths.resolve(root, relativePath(), packageName);
        SafePaths.prepare(root, file);
        for (String ext : companions.keySet()) {
            SafePaths.checkTarget(AssetPackage.sibling(file, ext).toAbsolutePath());
        }
        if (asset.isSplit()) {
            SafePaths.checkTarget(AssetPackage.sibling(file, ".uexp").toAbsolutePath());
        }
        return write(file);
    }
}
