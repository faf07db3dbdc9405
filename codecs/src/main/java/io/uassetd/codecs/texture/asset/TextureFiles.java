package io.uassetd.codecs.texture.asset;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.io.AtomicFileSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writing an edited texture package: the .uasset, the .uexp and the new .ubulk are one
 * {@link AtomicFileSet}; a .ubulk that the edit emptied is removed at the target in the same set.
 * Other companions of the source (.uptnl, .m.ubulk) are copied when writing elsewhere.
 */
public final class TextureFiles {
    private TextureFiles() {
    }

    /**
     * Writes {@code pkg} to {@code target} with {@code ubulk} (null: no .ubulk) as one
     * {@link AtomicFileSet}: the .uasset, .uexp, .ubulk (or its removal) and copied companions all
     * change together or not at all. Returns the files written.
     */
    public static List<Path> write(AssetPackage pkg, Path target, byte[] ubulk) {
        try (AtomicFileSet set = AtomicFileSet.open()) {
            List<Path> written = write(pkg, target, ubulk, set);
            set.commit();
            return written;
        }
    }

    /** Stages the files of {@link #write(AssetPackage, Path, byte[])} in {@code set}; the caller commits. */
    public static List<Path> write(AssetPackage pkg, Path target, byte[] ubulk, AtomicFileSet set) {
        AssetPackage.Bytes b = pkg.toBytes();
        List<Path> written = new ArrayList<>();
        set.stage(target, b.header());
        written.add(target);
        if (pkg.isSplit()) {
            Path uexp = AssetPackage.sibling(target, ".uexp");
            set.stage(uexp, b.exports());
            written.add(uexp);
        }
        Path bulk = AssetPackage.sibling(target, ".ubulk");
        if (ubulk != null) {
            set.stage(bulk, ubulk);
            written.add(bulk);
        } else {
            set.delete(bulk);
        }
        Path src = pkg.source();
        if (src != null && !src.toAbsolutePath().normalize().equals(target.toAbsolutePath().normalize())) {
            for (String ext : new String[] {".uptnl", ".m.ubulk"}) {
                Path from = AssetPackage.sibling(src, ext);
                if (Files.isRegularFile(from)) {
                    Path to = AssetPackage.sibling(target, ext);
                    set.stageCopy(from, to);
                    written.add(to);
                }
            }
        }
        return written;
    }
}
