package io.uassetd.codecs.zen.convert;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.io.AtomicOutput;
import io.uassetd.codecs.io.SafePaths;
import java.io.IOException;
import java.io.UncheckedIOException;
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
 */
public record LegacyOutput(String packageName, String extension, AssetPackage asset, Map<String, byte[]> companions,
        List<String> notes, long cookedHeaderSize) {
    public LegacyOutput {
        companions = new LinkedHashMap<>(companions);
        notes = List.copyOf(notes);
    }

    public LegacyOutput(String packageName, String extension, AssetPackage asset, Map<String, byte[]> companions,
            List<String> notes) {
        this(packageName, extension, asset, companions, notes, -1);
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
