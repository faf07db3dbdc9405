package io.uassetd.codecs.iostore.header;

import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import io.uassetd.codecs.iostore.header.NameBatch;
import io.uassetd.codecs.iostore.internal.IoBits;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * FIoContainerHeader: the container-header chunk of a UE5 container. u32 signature "IoCn"
 * (0x496F436E), u32 version, u64 container id, [u32 package count before OptionalSegmentPackages],
 * package ids and the store-entries buffer, [optional-segment package ids and store entries from
 * OptionalSegmentPackages], the redirect name batch, [localized packages from LocalizedPackages],
 * package redirects, [soft package references from SoftPackageReferences; from
 * SoftPackageReferencesOffset an int64 offset/size pair locating them]. The store-entries buffer is
 * decoded into {@link StoreEntry} records and written back in Unreal's layout (fixed entries, then
 * each entry's imports and shader hashes in order, empty arrays at offset 0), which reproduces real
 * headers byte for byte. A UE4.26/4.27 header ({@link ContainerHeaderVersion#UE4}) has no signature:
 * the container id, u32 package count, the container's name map as two byte arrays (strings, each a
 * 2-byte header then its characters; a u64 hash algorithm id then one u64 hash per name), the package
 * ids, the store-entries buffer of 32-byte entries, the culture package map (u32 count, then per
 * culture an FString and an array of source/localized package id pairs) and the package redirects
 * as id pairs (learned from retoc's container_header.rs and CUE4Parse's FIoContainerHeader, which
 * agree on the fields they read). Unreal writes the
 * chunk without padding; retoc and UAssetTool pad it with zeros to a multiple of 16 bytes, which is
 * kept in {@link #trailingPadding} so those headers write back byte for byte too.
 *
 * @param trailingPadding zero bytes after the header (0 to 15)
 * @param culturePackageMap UE4 only: culture -> localized packages (empty for UE5 headers)
 */
public record ContainerHeader(
        ContainerHeaderVersion version,
        long containerId,
        List<Long> packageIds,
        List<StoreEntry> storeEntries,
        List<Long> optionalSegmentPackageIds,
        List<StoreEntry> optionalSegmentStoreEntries,
        NameBatch redirectsNameMap,
        List<LocalizedPackage> localizedPackages,
        List<PackageRedirect> packageRedirects,
        SoftPackageReferences softPackageReferences,
        int trailingPadding,
        Map<String, List<CulturePackage>> culturePackageMap) {

    public static final long SIGNATURE = 0x496F436EL;

    /** A header with trailing padding and no UE4 culture package map. */
    public ContainerHeader(ContainerHeaderVersion version, long containerId, List<Long> packageIds, List<StoreEntry> storeEntries,
            List<Long> optionalSegmentPackageIds, List<StoreEntry> optionalSegmentStoreEntries, NameBatch redirectsNameMap,
            List<LocalizedPackage> localizedPackages, List<PackageRedirect> packageRedirects,
            SoftPackageReferences softPackageReferences, int trailingPadding) {
        this(version, containerId, packageIds, storeEntries, optionalSegmentPackageIds, optionalSegmentStoreEntries,
                redirectsNameMap, localizedPackages, packageRedirects, softPackageReferences, trailingPadding, Map.of());
    }

    /** A header without trailing padding, as Unreal writes it. */
    public ContainerHeader(ContainerHeaderVersion version, long containerId, List<Long> packageIds, List<StoreEntry> storeEntries,
            List<Long> optionalSegmentPackageIds, List<StoreEntry> optionalSegmentStoreEntries, NameBatch redirectsNameMap,
            List<LocalizedPackage> localizedPackages, List<PackageRedirect> packageRedirects,
            SoftPackageReferences softPackageReferences) {
        this(version, containerId, packageIds, storeEntries, optionalSegmentPackageIds, optionalSegmentStoreEntries,
                redirectsNameMap, localizedPackages, packageRedirects, softPackageReferences, 0, Map.of());
    }

    /** The same header with another container id (a copied container's). */
    public ContainerHeader withContainerId(long id) {
        return new ContainerHeader(version, id, packageIds, storeEntries, optionalSegmentPackageIds, optionalSegmentStoreEntries,
                redirectsNameMap, localizedPackages, packageRedirects, softPackageReferences, trailingPadding, culturePackageMap);
    }

    public ContainerHeader {
        Objects.requireNonNull(version, "version");
        packageIds = List.copyOf(packageIds);
        storeEntries = List.copyOf(storeEntries);
        optionalSegmentPackageIds = List.copyOf(optionalSegmentPackageIds);
        optionalSegmentStoreEntries = List.copyOf(optionalSegmentStoreEntries);
        localizedPackages = List.copyOf(localizedPackages);
        packageRedirects = List.copyOf(packageRedirects);
        Map<String, List<CulturePackage>> cultures = new LinkedHashMap<>();
        (culturePackageMap == null ? Map.<String, List<CulturePackage>>of() : culturePackageMap)
                .forEach((k, v) -> cultures.put(k, List.copyOf(v)));
        culturePackageMap = Collections.unmodifiableMap(cultures);
        if (!version.isUe4() && !culturePackageMap.isEmpty()) {
            throw new IllegalArgumentException("Only UE4 container headers have a culture package map");
        }
        if (trailingPadding < 0 || trailingPadding > 15) {
            throw new IllegalArgumentException("Trailing padding " + trailingPadding + " is not 0 to 15 bytes");
        }
        if (packageIds.size() != storeEntries.size()
                || optionalSegmentPackageIds.size() != optionalSegmentStoreEntries.size()) {
            throw new IllegalArgumentException("Package ids and store entries differ in count");
        }
    }

    public static ContainerHeader read(byte[] data, String source, long baseOffset) {
        ByteReader r = ByteReader.of(source, baseOffset, data, "FIoContainerHeader");
        long sigAt = r.offset();
        long sig = r.u32();
        if (sig != SIGNATURE) {
            return readUe4(data, source, baseOffset);
        }
        long versionAt = r.offset();
        ContainerHeaderVersion v = ContainerHeaderVersion.of(r.u32(), source, versionAt);
        long containerId = r.raw64();
        long packageCount = -1;
        long countAt = r.offset();
        if (!v.atLeast(ContainerHeaderVersion.OPTIONAL_SEGMENT_PACKAGES)) {
            packageCount = r.u32();
        }
        List<Long> ids = readIds(r, "package id");
        if (packageCount >= 0 && packageCount != ids.size()) {
            throw new CorruptDataException("Package count " + packageCount + " differs from the " + ids.size()
                    + " package ids", source, countAt, "FIoContainerHeader");
        }
        List<StoreEntry> entries = readStoreEntries(r, v, ids.size());
        List<Long> optIds = List.of();
        List<StoreEntry> optEntries = List.of();
        if (v.atLeast(ContainerHeaderVersion.OPTIONAL_SEGMENT_PACKAGES)) {
            optIds = readIds(r, "optional segment package id");
            optEntries = readStoreEntries(r, v, optIds.size());
        }
        NameBatch names = NameBatch.read(r);
        List<LocalizedPackage> localized = new ArrayList<>();
        if (v.atLeast(ContainerHeaderVersion.LOCALIZED_PACKAGES)) {
            r.structure("FIoContainerHeaderLocalizedPackage[]");
            int n = IoBits.count(r, r.u32(), LocalizedPackage.SIZE, "localized package");
            for (int i = 0; i < n; i++) {
                localized.add(LocalizedPackage.read(r));
            }
        }
        r.structure("FIoContainerHeaderPackageRedirect[]");
        int n = IoBits.count(r, r.u32(), PackageRedirect.SIZE, "package redirect");
        List<PackageRedirect> redirects = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            redirects.add(PackageRedirect.read(r));
        }
        SoftPackageReferences soft = null;
        if (v == ContainerHeaderVersion.SOFT_PACKAGE_REFERENCES) {
            soft = SoftPackageReferences.read(r);
        } else if (v.atLeast(ContainerHeaderVersion.SOFT_PACKAGE_REFERENCES_OFFSET)) {
            r.structure("FIoContainerHeaderSerialInfo");
            long infoAt = r.offset();
            long offset = r.raw64();
            long size = r.raw64();
            if (offset != r.position() || size < 0 || size > r.remaining()) {
                throw new CorruptDataException("Soft package references at " + offset + " (" + size
                        + " bytes) do not follow the serial info", source, infoAt, "FIoContainerHeaderSerialInfo");
            }
            int start = r.position();
            soft = SoftPackageReferences.read(r);
            if (r.position() - start != size) {
                throw new CorruptDataException("Soft package references take " + (r.position() - start)
                        + " bytes, the serial info says " + size, source, infoAt, "FIoContainerHeaderSerialInfo");
            }
        }
        int padding = r.remaining();
        long paddingAt = r.offset();
        if (padding > 15 || !allZero(r.bytes(padding)) || (padding > 0 && r.position() % 16 != 0)) {
            throw new CorruptDataException(padding + " bytes left after the container header (at most 15 zero bytes of "
                    + "padding to a multiple of 16 are allowed)", source, paddingAt, "FIoContainerHeader");
        }
        return new ContainerHeader(v, containerId, ids, entries, optIds, optEntries, names, localized, redirects, soft, padding);
    }

    /**
     * Reads a UE4.26/4.27 header (no signature). {@link #read} takes a header without the "IoCn"
     * signature as one; a chunk that is neither fails here naming the first field that does not fit.
     */
    public static ContainerHeader readUe4(byte[] data, String source, long baseOffset) {
        ByteReader r = ByteReader.of(source, baseOffset, data, "FContainerHeader (UE4)");
        if (data.length < 12) {
            throw new CorruptDataException("Container header of " + data.length + " bytes has neither the \"IoCn\" signature "
                    + "of UE5 nor room for a UE4 header", source, baseOffset, "FIoContainerHeader");
        }
        long containerId = r.raw64();
        long countAt = r.offset();
        long packageCount = r.u32();
        r.structure("FContainerHeader (UE4) Names");
        byte[] names = r.bytes(IoBits.count(r, r.u32(), 1, "name byte"));
        r.structure("FContainerHeader (UE4) NameHashes");
        byte[] hashes = r.bytes(IoBits.count(r, r.u32(), 1, "name hash byte"));
        NameBatch nameMap = NameBatch.fromUe4Parts(names, hashes, source, countAt);
        List<Long> ids = readIds(r, "package id");
        if (packageCount != ids.size()) {
            throw new CorruptDataException("Package count " + packageCount + " differs from the " + ids.size()
                    + " package ids (not a UE4 container header, and no \"IoCn\" signature of UE5)", source, countAt,
                    "FContainerHeader (UE4)");
        }
        int entriesAt = r.position();
        ContainerHeaderVersion layout = ContainerHeaderVersion.UE4;
        List<StoreEntry> entries;
        try {
            entries = readUe4StoreEntries(r, ContainerHeaderVersion.UE4, ids.size());
        } catch (CorruptDataException long32) {
            r.position(entriesAt);
            try {
                entries = readUe4StoreEntries(r, ContainerHeaderVersion.UE4_SHORT_ENTRIES, ids.size());
                layout = ContainerHeaderVersion.UE4_SHORT_ENTRIES;
            } catch (CorruptDataException short16) {
                throw long32;
            }
        }
        r.structure("FCulturePackageMap");
        int cultures = IoBits.count(r, r.u32(), 8, "culture");
        Map<String, List<CulturePackage>> map = new LinkedHashMap<>();
        for (int i = 0; i < cultures; i++) {
            String culture = r.fstring();
            int n = IoBits.count(r, r.u32(), 16, "localized package");
            List<CulturePackage> list = new ArrayList<>(n);
            for (int k = 0; k < n; k++) {
                list.add(new CulturePackage(r.raw64(), r.raw64()));
            }
            map.put(culture, list);
        }
        r.structure("PackageRedirects (UE4)");
        int n = IoBits.count(r, r.u32(), 16, "package redirect");
        List<PackageRedirect> redirects = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            redirects.add(new PackageRedirect(r.raw64(), r.raw64(), null));
        }
        int padding = r.remaining();
        long paddingAt = r.offset();
        if (padding > 15 || !allZero(r.bytes(padding)) || (padding > 0 && r.position() % 16 != 0)) {
            throw new CorruptDataException(padding + " bytes left after the UE4 container header (at most 15 zero bytes of "
                    + "padding to a multiple of 16 are allowed)", source, paddingAt, "FContainerHeader (UE4)");
        }
        return new ContainerHeader(layout, containerId, ids, entries, List.of(), List.of(), nameMap, List.of(),
                redirects, null, padding, map);
    }

    /**
     * UE4 store entries in one of the two entry sizes; the entries' arrays must fill the rest of the
     * buffer exactly (that is what tells the two sizes apart).
     */
    private static List<StoreEntry> readUe4StoreEntries(ByteReader r, ContainerHeaderVersion v, int count) {
        long at = r.offset();
        List<StoreEntry> entries = readStoreEntries(r, v, count);
        long arrays = 0;
        for (StoreEntry e : entries) {
            arrays += e.arraysSize();
        }
        long size = r.offset() - at - 4;
        if ((long) count * StoreEntry.size(v) + arrays != size) {
            throw new CorruptDataException(count + " store entries of " + StoreEntry.size(v) + " bytes and their " + arrays
                    + " bytes of arrays do not fill the " + size + "-byte buffer", r.source(), at, "FPackageStoreEntry[] (UE4)");
        }
        return entries;
    }

    /** Writes a UE4 header: {@link #redirectsNameMap} is the container's name map (hash version 0: no hashes buffer). */
    private void writeUe4(ByteWriter w) {
        w.u64(containerId).u32(packageIds.size());
        byte[] names = redirectsNameMap.ue4Strings();
        byte[] hashes = redirectsNameMap.ue4Hashes();
        w.u32(names.length).bytes(names);
        w.u32(hashes.length).bytes(hashes);
        writeIds(w, packageIds);
        writeStoreEntries(w, storeEntries);
        w.u32(culturePackageMap.size());
        culturePackageMap.forEach((culture, list) -> {
            w.fstring(culture);
            w.u32(list.size());
            for (CulturePackage c : list) {
                w.u64(c.sourcePackageId()).u64(c.localizedPackageId());
            }
        });
        w.u32(packageRedirects.size());
        for (PackageRedirect p : packageRedirects) {
            w.u64(p.sourcePackageId()).u64(p.targetPackageId());
        }
        w.zeros(trailingPadding);
    }

    private static boolean allZero(byte[] b) {
        for (byte x : b) {
            if (x != 0) {
                return false;
            }
        }
        return true;
    }

    private static List<Long> readIds(ByteReader r, String what) {
        r.structure("FPackageId[]");
        int n = IoBits.count(r, r.u32(), 8, what);
        Long[] ids = new Long[n];
        for (int i = 0; i < n; i++) {
            ids[i] = r.raw64();
        }
        return Arrays.asList(ids);
    }

    private static List<StoreEntry> readStoreEntries(ByteReader r, ContainerHeaderVersion v, int count) {
        r.structure("FFilePackageStoreEntry[]");
        int size = IoBits.count(r, r.u32(), 1, "store entry byte");
        long base = r.offset();
        byte[] buf = r.bytes(size);
        int entrySize = StoreEntry.size(v);
        if ((long) count * entrySize > size) {
            throw new CorruptDataException(count + " store entries of " + entrySize + " bytes do not fit the " + size
                    + "-byte buffer", r.source(), base, "FFilePackageStoreEntry[]");
        }
        ByteReader b = ByteReader.of(r.source(), base, buf, "FFilePackageStoreEntry");
        List<StoreEntry> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(StoreEntry.read(b, i * entrySize, v));
        }
        return out;
    }

    public void write(ByteWriter w) {
        if (version.isUe4()) {
            writeUe4(w);
            return;
        }
        w.u32(SIGNATURE).u32(version.value()).u64(containerId);
        if (!version.atLeast(ContainerHeaderVersion.OPTIONAL_SEGMENT_PACKAGES)) {
            w.u32(packageIds.size());
        }
        writeIds(w, packageIds);
        writeStoreEntries(w, storeEntries);
        if (version.atLeast(ContainerHeaderVersion.OPTIONAL_SEGMENT_PACKAGES)) {
            writeIds(w, optionalSegmentPackageIds);
            writeStoreEntries(w, optionalSegmentStoreEntries);
        }
        redirectsNameMap.write(w);
        if (version.atLeast(ContainerHeaderVersion.LOCALIZED_PACKAGES)) {
            w.u32(localizedPackages.size());
            for (LocalizedPackage p : localizedPackages) {
                p.write(w);
            }
        }
        w.u32(packageRedirects.size());
        for (PackageRedirect p : packageRedirects) {
            p.write(w);
        }
        SoftPackageReferences soft = softPackageReferences == null ? SoftPackageReferences.none() : softPackageReferences;
        if (version == ContainerHeaderVersion.SOFT_PACKAGE_REFERENCES) {
            soft.write(w);
        } else if (version.atLeast(ContainerHeaderVersion.SOFT_PACKAGE_REFERENCES_OFFSET)) {
            ByteWriter s = new ByteWriter();
            soft.write(s);
            w.u64(w.size() + 16L).u64(s.size()).bytes(s.toByteArray());
        }
        w.zeros(trailingPadding);
    }

    public byte[] toBytes() {
        ByteWriter w = new ByteWriter(1024);
        write(w);
        return w.toByteArray();
    }

    private static void writeIds(ByteWriter w, List<Long> ids) {
        w.u32(ids.size());
        for (long id : ids) {
            w.u64(id);
        }
    }

    /**
     * Writes the store-entries buffer in two passes: the first places every entry's arrays after all
     * fixed parts, in entry order; the second writes the fixed parts with their views' offsets, then
     * the arrays in the same order. Nothing is written at a position computed while writing, so no
     * entry can overwrite another's arrays however many packages import others.
     */
    private void writeStoreEntries(ByteWriter w, List<StoreEntry> entries) {
        int entrySize = StoreEntry.size(version);
        long[] arraysAt = new long[entries.size()];
        long at = (long) entries.size() * entrySize;
        for (int i = 0; i < entries.size(); i++) {
            arraysAt[i] = at;
            at += entries.get(i).arraysSize();
        }
        if (at > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("Store entries take " + at + " bytes, more than a container header holds");
        }
        w.u32(at);
        for (int i = 0; i < entries.size(); i++) {
            entries.get(i).writeFixed(w, (long) i * entrySize, arraysAt[i], version);
        }
        for (StoreEntry e : entries) {
            e.writeArrays(w);
        }
    }

    /** Store entry of a package in this container, by id; null when absent. */
    public StoreEntry storeEntry(long packageId) {
        int i = packageIds.indexOf(packageId);
        return i < 0 ? null : storeEntries.get(i);
    }

    /** Package id -> index into {@link #packageIds()}. */
    public Map<Long, Integer> packageIndex() {
        Map<Long, Integer> m = new HashMap<>(packageIds.size() * 2);
        for (int i = 0; i < packageIds.size(); i++) {
            m.put(packageIds.get(i), i);
        }
        return m;
    }
}
