package io.uassetd.codecs.texture.asset;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.io.FileSource;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reading a bulk payload wherever it lives: inline in the export, at the end of the package file,
 * or in the package's .ubulk / .m.ubulk / .uptnl, read from disk through a FileChannel at its offset
 * (so sidecars of any size work).
 */
public final class TexturePayloads {
    private TexturePayloads() {
    }

    /** The sidecar file of a location next to the package ({@code X.ubulk}, {@code X.m.ubulk}, {@code X.uptnl}). */
    public static Path sidecar(AssetPackage pkg, BulkData.Location where) {
        if (pkg.source() == null || where.extension() == null) {
            return null;
        }
        return AssetPackage.sibling(pkg.source(), where.extension());
    }

    /** The payload bytes of {@code bulk} (an entry of {@code t}'s export). */
    public static byte[] read(TextureAsset t, BulkData bulk, String what) {
        AssetPackage pkg = t.pkg();
        if (bulk.isCompressed()) {
            throw new UnsupportedVersionException(what + " is stored compressed (BULKDATA_SerializeCompressedZLIB), which is not read",
                    pkg.name(), bulk.headerOffset(), what);
        }
        if (bulk.sizeOnDisk() > Integer.MAX_VALUE - 16) {
            throw new UnsupportedVersionException(what + " of " + bulk.sizeOnDisk() + " bytes is larger than one image buffer",
                    pkg.name(), bulk.headerOffset(), what);
        }
        int len = (int) bulk.sizeOnDisk();
        switch (bulk.location()) {
            case NONE:
                return new byte[0];
            case INLINE: {
                byte[] raw = t.export().rawData();
                if (bulk.inlineOffset() < 0 || bulk.inlineOffset() + len > raw.length) {
                    throw new CorruptDataException(what + " inline payload runs past the export", pkg.name(), bulk.headerOffset(), what);
                }
                byte[] out = new byte[len];
                System.arraycopy(raw, (int) bulk.inlineOffset(), out, 0, len);
                return out;
            }
            case END_OF_FILE: {
                if (pkg.source() == null) {
                    throw new CorruptDataException(what + " lives at the end of the package file, which is not on disk", pkg.name(), 0, what);
                }
                Path f = pkg.isSplit() ? AssetPackage.sibling(pkg.source(), ".uexp") : pkg.source();
                long off = bulk.offsetInFile() - (pkg.isSplit() ? pkg.summary().totalHeaderSize() : 0);
                return readFile(f, off, len, what);
            }
            default: {
                Path f = sidecar(pkg, bulk.location());
                if (bulk.location() == BulkData.Location.UPTNL && bulk.duplicate() != null && (f == null || !Files.isRegularFile(f))) {
                    // the optional file is not installed: the copy BULKDATA_DuplicateNonOptionalPayload keeps in the .ubulk
                    Path dup = sidecar(pkg, BulkData.Location.UBULK);
                    if (dup != null && Files.isRegularFile(dup) && bulk.duplicate().sizeOnDisk() == len) {
                        return readFile(dup, bulk.duplicate().offsetInFile(), len, what);
                    }
                }
                if (f == null || !Files.isRegularFile(f)) {
                    throw new CorruptDataException(what + " lives in the package's " + bulk.location().extension() + " file, which is missing"
                            + (f == null ? "" : ": " + f), f == null ? pkg.name() : f.toString(), bulk.offsetInFile(), what);
                }
                return readFile(f, bulk.offsetInFile(), len, what);
            }
        }
    }

    private static byte[] readFile(Path f, long off, int len, String what) {
        try (FileSource src = FileSource.open(f, f.getFileName().toString())) {
            // a declared size the file does not hold is refused before its buffer is allocated
            src.checkRange(off, len, what, what);
            byte[] out = new byte[len];
            src.readFully(off, out, 0, len, what);
            return out;
        }
    }
}
