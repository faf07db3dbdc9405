package io.uassetd.codecs.iostore.header;

import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import io.uassetd.codecs.iostore.header.NameBatch;
import io.uassetd.codecs.iostore.internal.IoBits;
import java.util.ArrayList;
import java.util.Arrays;
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
 * headers byte for byte. UE4 container headers (no signature) are not supported. Unreal writes the
 * chunk without padding; retoc and UAssetTool pad it with zeros to a multiple of 16 bytes, which is
 * kept in {@link #trailingPadding} so those headers write back byte for byte too.
 *
 * @param trailingPadding zero bytes after the header (0 to 15)
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
        int trailingPadding) {

    public static final long SIGNATURE = 0x496F436EL;

    /** A header without trailing padding, as Unreal writes it. */
    public ContainerHeader(ContainerHeaderVersion version, long containerId, List<Long> packageIds, List<StoreEntry> storeEntries,
            List<Long> optionalSegmentPackageIds, List<StoreEntry> optionalSegmentStoreEntries, NameBatch redirectsNameMap,
            List<LocalizedPackage> localizedPackages, List<PackageRedirect> packageRedirects,
            SoftPackageReferences softPackageReferences) {
        this(version, containerId, packageIds, storeEntries, optionalSegmentPackageIds, optionalSegmentStoreEntries,
                redirectsNameMap, localizedPackages, packageRedirects, softPackageReferences, 0);
    }

    /** The same header with another container id (a copied container's). */
    public ContainerHeader withContainerId(long id) {
        return new ContainerHeader(version, id, packageIds, storeEntries, optionalSegmentPackageIds, optionalSegmentStoreEntries,
                redirectsNameMap, localizedPackages, packageRedirects, softPackageReferences, trailingPadding);
    }

    public ContainerHeader {
        Objects.requireNonNull(version, "version");
        packageIds = List.copyOf(packageIds);
        storeEntries = List.copyOf(storeEntries);
        optionalSegmentPackageIds = List.copyOf(optionalSegmentPackageIds);
        optionalSegmentStoreEntries = List.copyOf(optionalSegmentStoreEntries);
        localizedPackages = List.copyOf(localizedPackages);
        packageRedirects = List.copyOf(packageRedirects);
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
            throw new UnsupportedVersionException(String.format("Container header signature is 0x%08X, expected 0x%08X "
                    + "(\"IoCn\"); UE4 container headers are not supported", sig, SIGNATURE), source, sigAt,
                    "FIoContainerHeader");
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
