package io.uassetd.codecs.texture.asset;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.io.AtomicOutput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writing an edited texture package: the .uasset, the .uexp and the new .ubulk are each written to
 * a temporary file first and renamed into place only when all were written; a .ubulk that the edit
 * emptied is removed at the target. Other companions of the source (.uptnl, .m.ubulk) are copied
 * when writing elsewhere.
 */
public final class TextureFiles {
    private TextureFiles() {
    }

    /** Writes {@code pkg} to {@code target} with {@code ubulk} (null: no .ubulk). Returns the files written. */
    public static List<Path> write(AssetPackage pkg, Path target, byte[] ubulk) {
        AssetPackage.Bytes b = pkg.toBytes();
        List<AtomicOutput> outs = new ArrayList<>();
        List<Path> written = new ArrayList<>();
        try {
            outs.add(fill(AtomicOutput.create(target), b.header()));
            written.add(target);
            if (pkg.isSplit()) {
                Path uexp = AssetPackage.sibling(target, ".uexp");
                outs.add(fill(AtomicOutput.create(uexp), b.exports()));
                written.add(uexp);
            }
            Path bulk = AssetPackage.sibling(target, ".ubulk");
            if (ubulk != null) {
                outs.add(fill(AtomicOutput.create(bulk), ubulk));
                written.add(bulk);
            }
            for (AtomicOutput o : outs) {
                o.commit();
            }
            if (ubulk == null) {
                Files.deleteIfExists(bulk);
            }
            Path src = pkg.source();
            if (src != null && !src.toAbsolutePath().normalize().equals(target.toAbsolutePath().normalize())) {
                for (String ext : new String[] {".uptnl", ".m.ubulk"}) {
                    Path from = AssetPackage.sibling(src, ext);
                    if (Files.isRegularFile(from)) {
                        Path to = AssetPackage.sibling(target, ext);
                        AtomicOutput.write(to, Files.readAllBytes(from));
                        written.add(to);
                    }
                }
            }
            return written;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write " + target + ": " + e.getMessage(), e);
        } finally {
            for (AtomicOutput o : outs) {
                o.close();
            }
        }
    }

    private static AtomicOutput fill(AtomicOutput o, byte[] data) throws IOException {
        ByteBuffer bb = ByteBuffer.wrap(data);
        while (bb.hasRemaining()) {
            o.channel().write(bb);
        }
        return o;
    }
}
