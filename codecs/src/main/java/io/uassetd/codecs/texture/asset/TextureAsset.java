package io.uassetd.codecs.texture.asset;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.DataResource;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.property.Property;
import io.uassetd.codecs.asset.property.content.PropertyExportContent;
import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.usmap.Usmap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A cooked texture read from a legacy package: Texture2D, TextureCube, Texture2DArray,
 * TextureCubeArray, VolumeTexture and the Texture2D subclasses (TextureLightProfile,
 * CurveLinearColorAtlas, ...). What follows the export's properties is, for every engine from UE4.0:
 * the UObject GUID flag, UTexture's FStripDataFlags (editor data must be stripped), the class's
 * FStripDataFlags, bCooked, from UE5.3 on a bool (mip data serialized), then the cooked platform data
 * entries, each an FName pixel format, a skip offset and an FTexturePlatformData, ended by NAME_None.
 * The skip offset and the mip fields change with the engine: {@link PlatformDataLayout}. The property list is used to find where the native data
 * starts; without mappings for an unversioned package, the start is found by looking for the first
 * entry whose name, skip offset and platform data read consistently.
 */
public final class TextureAsset {
    /** Classes whose cooked data this reader understands. */
    public static final Set<String> CLASSES = Set.of("Texture2D", "TextureCube", "Texture2DArray", "TextureCubeArray", "VolumeTexture",
            "TextureLightProfile", "CurveLinearColorAtlas", "Texture2DDynamic", "LightMapTexture2D", "ShadowMapTexture2D",
            "VirtualTexture2D", "LightMapVirtualTexture2D");

    private final AssetPackage pkg;
    private final Export export;
    private final String className;
    private final int nativeStart;
    private final int platformStart;
    private final Boolean serializeMipData;
    private final List<TexturePlatformData> platforms;
    private final int tailStart;
    private final Map<String, Object> properties;
    private Map<String, String> propertyKinds = Map.of();
    private Usmap mappings;

    private TextureAsset(AssetPackage pkg, Export export, String className, int nativeStart, int platformStart, Boolean serializeMipData,
            List<TexturePlatformData> platforms, int tailStart, Map<String, Object> properties) {
        this.pkg = pkg;
        this.export = export;
        this.className = className;
        this.nativeStart = nativeStart;
        this.platformStart = platformStart;
        this.serializeMipData = serializeMipData;
        this.platforms = platforms;
        this.tailStart = tailStart;
        this.properties = properties;
    }

    /** True when the class name is one of the texture classes (or ends like one). */
    public static boolean isTextureClass(String cls) {
        if (cls == null) {
            return false;
        }
        return CLASSES.contains(cls) || cls.endsWith("Texture2D") || cls.endsWith("TextureCube") || cls.endsWith("Texture2DArray");
    }

    /** The first top-level texture export of the package. */
    public static Export findTextureExport(AssetPackage pkg) {
        Export any = null;
        for (Export e : pkg.exports()) {
            if (isTextureClass(pkg.className(e))) {
                if (e.entry().outerIndex().isNull()) {
                    return e;
                }
                if (any == null) {
                    any = e;
                }
            }
        }
        if (any == null) {
            throw new CorruptDataException(pkg.name() + " holds no texture export (classes: "
                    + pkg.exports().stream().map(pkg::className).distinct().toList() + ")", pkg.name(), 0, "Exports");
        }
        return any;
    }

    /** Reads the package's texture; mappings are needed for the properties of unversioned packages (null: located without them). */
    public static TextureAsset read(AssetPackage pkg, Usmap mappings) {
        return read(pkg, findTextureExport(pkg), mappings);
    }

    public static TextureAsset read(AssetPackage pkg, Export e, Usmap mappings) {
        Map<String, String> kinds = new LinkedHashMap<>();
        TextureAsset t = readWith(pkg, e, mappings, kinds);
        t.mappings = mappings;
        t.propertyKinds = Collections.unmodifiableMap(kinds);
        return t;
    }

    private static TextureAsset readWith(AssetPackage pkg, Export e, Usmap mappings, Map<String, String> kinds) {
        String cls = pkg.className(e);
        PackageReader r = pkg.exportReader(e);
        long base = r.position();
        Map<String, Object> props = new LinkedHashMap<>();
        long nativeAt = -1;
        FormatException propertyError = null;
        try {
            PropertyExportContent c = PropertyParser.contentOf(pkg, e, mappings);
            nativeAt = base + c.scriptPropertiesSize();
            for (Property p : c.properties().properties()) {
                String name = p.name(pkg);
                String key = p.arrayIndex() == 0 ? name : name + "[" + p.arrayIndex() + "]";
                props.put(key, p.value().view(pkg));
                kinds.put(key, p.type().kind());
            }
        } catch (FormatException | IllegalStateException | IllegalArgumentException ex) {
            propertyError = ex instanceof FormatException f ? f : null;
        }
        if (nativeAt >= 0) {
            try {
                return readNative(pkg, e, cls, r, base, nativeAt, props);
            } catch (FormatException ex) {
                if (pkg.hasUnversionedProperties() && mappings == null) {
                    // fall through to the scan
                } else {
                    throw ex;
                }
            }
        }
        // no property list: find the first platform data entry by its shape
        byte[] data = e.rawData();
        for (int at = 0; at + 16 <= data.length; at++) {
            int idx = le32(data, at);
            if (idx <= 0 || idx >= pkg.names().size() || le32(data, at + 4) != 0) {
                continue;
            }
            String n = pkg.names().get(idx);
            if (!n.startsWith("PF_")) {
                continue;
            }
            try {
                r.seek(base + at);
                List<TexturePlatformData> list = readPlatforms(pkg, e, r, base);
                Boolean mipFlag = at >= 4 && (le32(data, at - 4) == 0 || le32(data, at - 4) == 1)
                        && pkg.version().atLeast(ObjectVersionUE5.DATA_RESOURCES) && le32(data, at - 8) == 1
                        ? Boolean.valueOf(le32(data, at - 4) == 1) : null;
                return new TextureAsset(pkg, e, cls, -1, at, mipFlag, list, (int) (r.position() - base), props);
            } catch (FormatException ex) {
                // not it
            }
        }
        throw new CorruptDataException("No cooked platform data found in " + cls + " " + pkg.name(e.entry().objectName())
                + (propertyError != null ? " (properties: " + propertyError.getMessage() + ")" : "")
                + (pkg.hasUnversionedProperties() && mappings == null ? " (unversioned: give usmap_path)" : ""),
                r.file(), base, cls);
    }

    private static TextureAsset readNative(AssetPackage pkg, Export e, String cls, PackageReader r, long base, long nativeAt,
            Map<String, Object> props) {
        r.seek(nativeAt);
        r.structure(cls);
        if (r.readBool32()) {
            r.readGuid();
        }
        long stripAt = r.position();
        int global = r.readU8();
        r.readU8();
        if ((global & 1) == 0) {
            throw new UnsupportedVersionException(cls + " keeps editor-only source data (not a cooked texture)", r.file(), stripAt, cls);
        }
        r.readU8();
        r.readU8();
        long cookedAt = r.position();
        if (!r.readBool32()) {
            throw new UnsupportedVersionException(cls + " is not cooked (bCooked is false): it has no platform data", r.file(), cookedAt,
                    cls);
        }
        long after = r.position();
        // UE5.3+ writes a bool (mip data serialized) before the entries; it is 0 or 1 and what follows is a PF_ name.
        int v = r.readI32();
        List<Long> starts = new ArrayList<>();
        if ((v == 0 || v == 1) && pkg.version().atLeast(ObjectVersionUE5.DATA_RESOURCES)) {
            starts.add(after + 4);
        }
        starts.add(after);
        if (!starts.contains(after + 4) && (v == 0 || v == 1)) {
            starts.add(after + 4);
        }
        FormatException first = null;
        for (long s : starts) {
            try {
                r.seek(s);
                List<TexturePlatformData> list = readPlatforms(pkg, e, r, base);
                return new TextureAsset(pkg, e, cls, (int) (nativeAt - base), (int) (s - base), s != after ? Boolean.valueOf(v == 1) : null,
                        list, (int) (r.position() - base), props);
            } catch (FormatException ex) {
                if (first == null) {
                    first = ex;
                }
            }
        }
        throw first;
    }

    private static List<TexturePlatformData> readPlatforms(AssetPackage pkg, Export e, PackageReader r, long base) {
        List<TexturePlatformData> list = new ArrayList<>();
        boolean ue5 = pkg.version().isUE5() || pkg.version().fileVersionUE5() > 0;
        long combinedDelta = e.entry().serialOffset() - base;
        while (true) {
            long at = r.position();
            FName n = r.readFName();
            if (n.index() < 0 || n.index() >= pkg.names().size()) {
                throw r.corrupt("Pixel format name index " + n.index() + " outside the name map", at);
            }
            String name = pkg.name(n);
            if (name.equals("None")) {
                break;
            }
            if (!name.startsWith("PF_")) {
                throw r.corrupt("Expected a pixel format name (PF_...), found '" + name + "'", at);
            }
            long skipAt = r.position();
            PlatformDataLayout layout = ue5 ? PlatformDataLayout.UE5 : ue4Layout(pkg, e, r, base, skipAt);
            long skip;
            if (layout.relativeSkip()) {
                skip = skipAt + r.readI64();
            } else if (layout.skipBytes() == 4) {
                skip = r.readU32() - combinedDelta;
            } else {
                skip = r.readI64() - combinedDelta;
            }
            if (skip <= r.position() || skip > base + e.rawData().length) {
                throw r.corrupt("Skip offset of the " + name + " platform data (" + layout.skipBytes() + " bytes, "
                        + (layout.relativeSkip() ? "relative" : "absolute in the package") + ") points outside the export", skipAt);
            }
            TexturePlatformData pd = readPlatformData(pkg, r, base, name, (int) (at - base), (int) (skip - base), layout);
            if (r.position() != skip) {
                throw r.corrupt("FTexturePlatformData for " + name + " ends at " + FormatException.hex(r.position())
                        + " but its skip offset says " + FormatException.hex(skip), r.position());
            }
            list.add(pd);
        }
        if (list.isEmpty()) {
            throw r.corrupt("Texture has no cooked platform data", r.position());
        }
        return list;
    }

    /**
     * The UE4 layout of a platform data entry whose skip offset starts at {@code skipAt}: by package
     * version, and for version 516 (UE4.19 and UE4.20 alike) by the word after the first four bytes of
     * the offset, which is an int64's high word (zero) from UE4.20 and the texture's width before.
     */
    private static PlatformDataLayout ue4Layout(AssetPackage pkg, Export e, PackageReader r, long base, long skipAt) {
        int v = pkg.version().fileVersionUE4();
        if (v > PlatformDataLayout.SHARED_UE4_VERSION) {
            return PlatformDataLayout.UE4_20;
        }
        if (v < PlatformDataLayout.SHARED_UE4_VERSION) {
            return PlatformDataLayout.UE4_0;
        }
        int rel = (int) (skipAt - base);
        byte[] data = e.rawData();
        if (rel + 8 > data.length) {
            throw r.corrupt("Skip offset runs past the export", skipAt);
        }
        return le32(data, rel + 4) == 0 ? PlatformDataLayout.UE4_20 : PlatformDataLayout.UE4_0;
    }

    private static TexturePlatformData readPlatformData(AssetPackage pkg, PackageReader r, long base, String name, int entryStart,
            int entryEnd, PlatformDataLayout layout) {
        r.structure("FTexturePlatformData");
        boolean ue5 = layout == PlatformDataLayout.UE5;
        byte[] placeholder = ue5 && pkg.summary().filterEditorOnly() ? r.readBytes(16) : null;
        long sizeAt = r.position();
        int sx = r.readI32();
        int sy = r.readI32();
        int packed = r.readI32();
        String pf = r.readFString().value();
        if (sx < 0 || sy < 0 || sx > 1 << 16 || sy > 1 << 16) {
            throw r.corrupt("Texture size " + sx + "x" + sy + " out of range", sizeAt);
        }
        int[] opt = null;
        if ((packed & TexturePlatformData.OPT_DATA_BIT) != 0) {
            opt = new int[] {r.readI32(), r.readI32()};
        }
        byte[] cpuCopy = null;
        if (ue5 && (packed & TexturePlatformData.CPU_COPY_BIT) != 0) {
            cpuCopy = readCpuCopy(r);
        }
        int firstMip = r.readI32();
        long countAt = r.position();
        int count = r.readI32();
        if (count < 0 || count > 32) {
            throw r.corrupt("Mip count " + count + " out of range", countAt);
        }
        List<TextureMip> mips = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            r.structure("FTexture2DMipMap[" + i + "]");
            boolean cooked = true;
            if (layout.mipCookedFlag()) {
                cooked = r.readBool32();
            }
            BulkData bulk = readBulk(pkg, r, base);
            int mx = r.readI32();
            int my = r.readI32();
            int mz = layout.mipSizeZ() ? r.readI32() : 1;
            if (mx <= 0 || my <= 0 || mz <= 0 || mx > 1 << 16 || my > 1 << 16 || mz > 1 << 16) {
                throw r.corrupt("Mip " + i + " size " + mx + "x" + my + "x" + mz + " out of range", r.position() - 12);
            }
            if (!cooked) {
                r.readFString();
            }
            mips.add(new TextureMip(mx, my, mz, bulk));
        }
        r.structure("FTexturePlatformData");
        boolean flag = false;
        VirtualTextureInfo vt = null;
        byte[] vtRaw = null;
        // bIsVirtual exists from UE4.23, which shares its package version with 4.21 and 4.22: the skip offset tells
        if (r.position() < base + entryEnd) {
            flag = true;
            if (r.readBool32()) {
                long vtAt = r.position();
                vt = VirtualTextures.read(pkg, r, base);
                long vtEnd = r.position();
                r.seek(vtAt);
                vtRaw = r.readBytes(vtEnd - vtAt);
            }
        }
        return new TexturePlatformData(name, placeholder, sx, sy, packed, pf, opt, firstMip, List.copyOf(mips), flag, vt, vtRaw,
                entryStart, entryEnd, layout, cpuCopy);
    }

    /** UE5.4's FSharedImage, kept as bytes: SizeX, SizeY, SizeZ, pixel format byte, gamma byte, int64 length, pixels. */
    private static byte[] readCpuCopy(PackageReader r) {
        r.structure("FSharedImage");
        long at = r.position();
        r.readI32();
        r.readI32();
        r.readI32();
        r.readU8();
        r.readU8();
        long lenAt = r.position();
        long len = r.readI64();
        if (len < 0) {
            throw r.corrupt("CPU copy of " + len + " bytes", lenAt);
        }
        r.require(len);
        r.seek(r.position() + len);
        long end = r.position();
        r.seek(at);
        return r.readBytes(end - at);
    }

    static BulkData readBulk(AssetPackage pkg, PackageReader r, long base) {
        long at = r.position();
        List<DataResource> table = pkg.dataResources();
        if (table != null && !table.isEmpty() && pkg.version().atLeast(ObjectVersionUE5.DATA_RESOURCES)) {
            int idx = r.readI32();
            if (idx < 0 || idx >= table.size()) {
                throw r.corrupt("Bulk data resource index " + idx + " outside the table of " + table.size(), at);
            }
            DataResource d = table.get(idx);
            BulkData b = new BulkData(d.legacyBulkDataFlags(), d.rawSize(), d.serialSize(), d.serialOffset(), idx, -1, at - base);
            if (b.location() == BulkData.Location.INLINE) {
                long inl = r.position() - base;
                r.require(d.serialSize());
                r.seek(r.position() + d.serialSize());
                b = new BulkData(b.flags(), b.elementCount(), b.sizeOnDisk(), b.offsetInFile(), idx, inl, at - base);
            }
            return b;
        }
        r.structure("FByteBulkData");
        int flags = r.readI32();
        long count;
        long size;
        if ((flags & BulkData.SIZE_64BIT) != 0) {
            count = r.readI64();
            size = r.readI64();
        } else {
            count = r.readI32();
            size = r.readU32();
        }
        long offset = r.readI64();
        if ((flags & BulkData.NO_OFFSET_FIXUP) == 0) {
            offset += pkg.summary().bulkDataStartOffset();
        }
        if ((flags & BulkData.BAD_DATA_VERSION) != 0) {
            r.readU16();
        }
        BulkData.Duplicate dup = null;
        if ((flags & BulkData.DUPLICATE_NON_OPTIONAL_PAYLOAD) != 0) {
            int dflags = r.readI32();
            long dsize = (dflags & BulkData.SIZE_64BIT) != 0 ? r.readI64() : r.readU32();
            long doff = r.readI64();
            if ((dflags & BulkData.NO_OFFSET_FIXUP) == 0) {
                doff += pkg.summary().bulkDataStartOffset();
            }
            if (dsize < 0) {
                throw r.corrupt("Duplicate bulk data size " + dsize + " is negative", at);
            }
            dup = new BulkData.Duplicate(dflags, dsize, doff);
        }
        if (count < 0 || size < 0) {
            throw r.corrupt("Bulk data size " + size + " is negative", at);
        }
        BulkData b = new BulkData(flags, count, size, offset, -1, -1, at - base, dup);
        if (b.location() == BulkData.Location.INLINE) {
            long inl = r.position() - base;
            r.require(size);
            r.seek(r.position() + size);
            b = new BulkData(flags, count, size, offset, -1, inl, at - base, dup);
        }
        return b;
    }

    private static int le32(byte[] d, int at) {
        return (d[at] & 0xff) | (d[at + 1] & 0xff) << 8 | (d[at + 2] & 0xff) << 16 | (d[at + 3] & 0xff) << 24;
    }

    public AssetPackage pkg() {
        return pkg;
    }

    /** The mappings the texture was read with (null: none). */
    public Usmap mappings() {
        return mappings;
    }

    public Export export() {
        return export;
    }

    public String className() {
        return className;
    }

    public String name() {
        return pkg.name(export.entry().objectName());
    }

    /** Export-relative offset of the first platform data entry. */
    public int platformStart() {
        return platformStart;
    }

    /** Export-relative offset of the native data (after the properties); -1 when the properties were not read. */
    public int nativeStart() {
        return nativeStart;
    }

    /** UE5.3+'s bool before the entries; null when the engine has none. */
    public Boolean serializeMipData() {
        return serializeMipData;
    }

    public List<TexturePlatformData> platforms() {
        return platforms;
    }

    /** The entry that is used: the first (cooked packages hold one per platform; a game cooks one). */
    public TexturePlatformData data() {
        return platforms.get(0);
    }

    /** Export-relative offset just after the NAME_None that ends the entries. */
    public int tailStart() {
        return tailStart;
    }

    /** The export's properties as JSON-friendly views (empty when they could not be read). */
    public Map<String, Object> properties() {
        return Collections.unmodifiableMap(properties);
    }

    /** The type (kind, e.g. EnumProperty) of each property of {@link #properties()}, in the same order. */
    public Map<String, String> propertyKinds() {
        return propertyKinds;
    }

    /** A property's view rendered as text, or null. */
    public String propertyText(String name) {
        Object o = properties.get(name);
        return o == null ? null : o.toString();
    }

    /** What kind of texture: 2d, cube, array, cube_array, volume. */
    public String kind() {
        String c = className.toLowerCase(Locale.ROOT);
        if (c.contains("cubearray")) {
            return "cube_array";
        }
        if (c.contains("cube") || data().isCube()) {
            return "cube";
        }
        if (c.contains("array")) {
            return "array";
        }
        if (c.contains("volume")) {
            return "volume";
        }
        return "2d";
    }

    /** Layers a mip holds one after another: faces x array entries (cube arrays: 6 per cube), volume depth is in the mip. */
    public int layerCount() {
        int slices = Math.max(1, data().numSlices());
        return slices;
    }

    /** True when the texture's sRGB property is on (the default when absent). */
    public boolean srgb() {
        Object o = properties.get("SRGB");
        return o == null || Boolean.TRUE.equals(o);
    }
}
