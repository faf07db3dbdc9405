package io.uassetd.codecs.texture.asset;

import java.util.Arrays;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.DataResource;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.io.FString;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Replacing a cooked texture's mips in its package: the platform data entry is written again
 * (size, slices, first mip, mip count, each mip's bulk data header, size and inline payload, the skip
 * offset), the data resource table (UE5.2+) is rebuilt for the new mips, and the mips that go to the
 * .ubulk are laid out one after another in a new .ubulk. The export's size, the later offsets and the
 * summary's BulkDataStartOffset follow when the package is written. Virtual textures and packages
 * with more than one platform data entry are refused.
 */
public final class TextureEditor {
    private TextureEditor() {
    }

    /** A new mip: its size and payload (every slice or face one after another). */
    public record NewMip(int sizeX, int sizeY, int sizeZ, byte[] data) {
    }

    /** The edit's result: the package is changed in memory; the new .ubulk bytes (null when nothing is left in it). */
    public record Edit(byte[] ubulk, int inlineMips, int bulkMips, int exportSizeBefore, int exportSizeAfter) {
    }

    /**
     * Replaces the mips of {@code t} (changing its package): mips {@code 0 .. firstInline-1} go to the
     * .ubulk, the rest inline. The pixel format stays; the size becomes the first mip's.
     */
    public static Edit replaceMips(TextureAsset t, List<NewMip> mips, int firstInline) {
        AssetPackage pkg = t.pkg();
        TexturePlatformData d = t.data();
        if (t.platforms().size() != 1) {
            throw new UnsupportedVersionException("Texture has " + t.platforms().size() + " platform data entries; only one can be edited",
                    pkg.name(), d.entryStart(), "FTexturePlatformData");
        }
        if (d.isVirtual()) {
            throw new UnsupportedVersionException("Virtual textures cannot be edited (their tiles live in chunks)", pkg.name(),
                    d.entryStart(), "FVirtualTextureBuiltData");
        }
        if (mips.isEmpty()) {
            throw new IllegalArgumentException("A texture needs at least one mip");
        }
        for (BulkData.Location l : d.mips().stream().map(m -> m.bulk().location()).toList()) {
            if (l == BulkData.Location.UPTNL || l == BulkData.Location.MUBULK || l == BulkData.Location.END_OF_FILE) {
                throw new UnsupportedVersionException("Texture keeps mips in its " + l.label() + " payload, which is not rewritten",
                        pkg.name(), d.entryStart(), "FTexturePlatformData");
            }
        }
        Export e = t.export();
        byte[] raw = e.rawData();
        boolean resources = d.mips().stream().anyMatch(m -> m.bulk().usesDataResource());
        List<DataResource> table = pkg.dataResources();
        Set<Integer> mine = new HashSet<>();
        d.mips().forEach(m -> mine.add(m.bulk().resourceIndex()));
        if (resources && table.size() != mine.size()) {
            throw new UnsupportedVersionException("The package's data resource table holds entries besides the texture's mips",
                    pkg.name(), 0, "DataResources");
        }
        DataResource template = resources ? table.get(d.mips().get(0).bulk().resourceIndex()) : null;
        int inlineFlags = flagsOf(d, false, resources ? 0x48 : 0x48);
        int bulkFlags = flagsOf(d, true, 0x10501);
        PlatformDataLayout layout = d.layout();
        boolean ue5 = layout == PlatformDataLayout.UE5;

        PackageWriter w = pkg.newWriter();
        w.writeBytes(Arrays.copyOfRange(raw, 0, d.entryStart()));
        w.writeBytes(Arrays.copyOfRange(raw, d.entryStart(), d.entryStart() + 8)); // the FName
        int skipAt = w.position();
        if (layout.skipBytes() == 4) {
            w.writeI32(0);
        } else {
            w.writeI64(0);
        }
        if (d.placeholder() != null) {
            w.writeBytes(d.placeholder());
        }
        NewMip top = mips.get(0);
        w.writeI32(top.sizeX());
        w.writeI32(top.sizeY());
        w.writeI32(d.packedData());
        w.writeFString(new FString(d.pixelFormat(), false));
        if (d.optData() != null) {
            w.writeI32(d.optData()[0]);
            w.writeI32(Math.min(d.optData()[1], mips.size()));
        }
        w.writeI32(0); // FirstMipToSerialize
        w.writeI32(mips.size());
        List<DataResource> newTable = new ArrayList<>();
        ByteArrayOutputStream ubulk = new ByteArrayOutputStream();
        int inline = 0;
        for (int i = 0; i < mips.size(); i++) {
            NewMip m = mips.get(i);
            boolean toBulk = i < firstInline;
            int flags = toBulk ? bulkFlags : inlineFlags;
            long size = m.data().length;
            if (layout.mipCookedFlag()) {
                w.writeBool32(true);
            }
            if (resources) {
                w.writeI32(newTable.size());
                long offset = toBulk ? ubulk.size() : w.position();
                newTable.add(new DataResource(template.flags(), template.cookedIndex(), offset, -1, size, size,
                        template.outerIndex() == null ? PackageIndex.ofExport(e.index()) : template.outerIndex(), flags));
            } else {
                boolean big = (flags & BulkData.SIZE_64BIT) != 0;
                w.writeI32(flags);
                if (big) {
                    w.writeI64(size);
                    w.writeI64(size);
                } else {
                    w.writeI32((int) size);
                    w.writeI32((int) size);
                }
                long offset;
                if (toBulk) {
                    offset = ubulk.size();
                    if ((flags & BulkData.NO_OFFSET_FIXUP) == 0) {
                        throw new UnsupportedVersionException("Bulk data without NoOffsetFixUp cannot be laid out in a new .ubulk",
                                pkg.name(), d.entryStart(), "FByteBulkData");
                    }
                } else {
                    offset = e.entry().serialOffset() + w.position() + 8;
                    if ((flags & BulkData.NO_OFFSET_FIXUP) == 0) {
                        offset -= pkg.summary().bulkDataStartOffset();
                    }
                }
                w.writeI64(offset);
                if ((flags & BulkData.BAD_DATA_VERSION) != 0) {
                    w.writeU16(0);
                }
            }
            if (toBulk) {
                ubulk.writeBytes(m.data());
            } else {
                w.writeBytes(m.data());
                inline++;
            }
            w.writeI32(m.sizeX());
            w.writeI32(m.sizeY());
            if (layout.mipSizeZ()) {
                w.writeI32(m.sizeZ());
            } else if (m.sizeZ() != 1) {
                throw new UnsupportedVersionException("Mips before UE4.20 have no depth; mip " + i + " has " + m.sizeZ(), pkg.name(),
                        d.entryStart(), "FTexture2DMipMap");
            }
        }
        if (d.hasVirtualFlag()) {
            w.writeBool32(false);
        }
        int end = w.position();
        w.writeBytes(Arrays.copyOfRange(raw, d.entryEnd(), raw.length));
        byte[] out = w.toByteArray();
        long skip = ue5 ? end - skipAt : e.entry().serialOffset() + end;
        for (int i = 0; i < layout.skipBytes(); i++) {
            out[skipAt + i] = (byte) (skip >>> (8 * i));
        }
        e.setRawData(out);
        if (resources) {
            table.clear();
            table.addAll(newTable);
        }
        // a check that what was written reads back as written
        TextureAsset back = TextureAsset.read(pkg, e, null);
        if (back.data().mips().size() != mips.size()) {
            throw new CorruptDataException("Rewritten texture reads back with " + back.data().mips().size() + " mips", pkg.name(), 0,
                    "FTexturePlatformData");
        }
        return new Edit(ubulk.size() == 0 ? null : ubulk.toByteArray(), inline, mips.size() - inline, raw.length, out.length);
    }

    private static int flagsOf(TexturePlatformData d, boolean bulk, int fallback) {
        for (TextureMip m : d.mips()) {
            BulkData.Location l = m.bulk().location();
            if (bulk ? l == BulkData.Location.UBULK : l == BulkData.Location.INLINE) {
                return m.bulk().flags();
            }
        }
        return fallback;
    }

    /** True when the package keeps bulk data as an index into the data resource table (UE5.2+). */
    static boolean usesResources(AssetPackage pkg) {
        return pkg.version().atLeast(ObjectVersionUE5.DATA_RESOURCES) && pkg.dataResources() != null && !pkg.dataResources().isEmpty();
    }
}
