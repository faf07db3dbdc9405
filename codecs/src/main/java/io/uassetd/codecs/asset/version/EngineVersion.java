package io.uassetd.codecs.asset.version;

import io.uassetd.codecs.iostore.toc.TocVersion;
import io.uassetd.codecs.pak.PakVersion;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.iostore.ZenLayout;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The engine table: retail Unreal Engine releases, named as requests name them ("UE4_27", "UE5_3"),
 * each with every format version that follows from it. One row per release; the numbers come from
 * the public engine headers (ObjectVersion.h, PakFile versions, IoStore TOC and container header
 * versions) as CUE4Parse, UAssetAPI, repak and retoc record them, and agree with the fixtures:
 *
 * <ul>
 *   <li>{@code fileVersionUE4} / {@code fileVersionUE5}: the package file versions the editor writes
 *       (an unversioned, cooked package is read with these); UE5 5.0 1004, 5.1 1008, 5.2 and 5.3 1009,
 *       5.4 1012, 5.5 1013, 5.6 1017, 5.7 and later 1018 ({@link ObjectVersionUE5#IMPORT_TYPE_HIERARCHIES},
 *       the newest entry of the public enum through UE5.8).</li>
 *   <li>{@code legacyFileVersion}: the summary's LegacyFileVersion tag (-7 for UE4, -8 for UE5.0 to 5.5,
 *       -9 from UE5.6).</li>
 *   <li>{@code pakVersion}: the .pak footer version UnrealPak writes (4.0-4.2 2, 4.3-4.15 3, 4.16-4.19
 *       4, 4.20 5, 4.21 7, 4.22 8 with four compression slots, 4.23-4.24 8, 4.25 9, 4.26-5.6 11,
 *       5.7-5.8 12, 6.0 15).</li>
 *   <li>{@code tocVersion}: the .utoc version (4.25 1, 4.26 2, 4.27 3, 5.0-5.3 5, 5.4 6, 5.5-5.8 8,
 *       6.0 10); 0 where the release has no IoStore.</li>
 *   <li>{@code headerVersion}: the container header version (5.0 1, 5.1-5.2 2, 5.3-5.4 3, 5.5-5.6 4,
 *       5.7 on 5); -1 for UE4, whose container header has no version field.</li>
 *   <li>{@code zenLayout}: the Zen package header layout; null before UE4.26.</li>
 *   <li>{@code cv(...)}: the custom-version defaults, one per {@link CustomVersionKey} (only the
 *       custom versions some reader consults): the value the release's editor saves, which is what
 *       an unversioned (cooked) package of the release was written with. From the public custom
 *       version headers' per-release history as CUE4Parse ({@code Versions/F*ObjectVersion.cs},
 *       their per-release fallbacks) and UAssetAPI ({@code CustomVersions.cs}, {@code Introduced}
 *       attributes) record it, checked against every versioned fixture (UE4.25, UE4.27, UE5.7 editor
 *       packages; the UE5.8 versioned Zen packages): FCoreObjectVersion 4.12 1, 4.15 2, 4.22 3,
 *       4.25 on 4; FEditorObjectVersion 4.12 2 ... 4.26 on 40; FReleaseObjectVersion 4.11 1 ...
 *       4.27 43, UE5 44; FFortniteMainBranchObjectVersion 4.20 12 ... 5.5 170, 5.7 225 (fixture),
 *       5.8 268 (fixture); FSkeletalMeshCustomVersion 4.13 4 ... 4.26 on 18. Not confirmed by a
 *       public source or fixture: UE5.6's FFortniteMainBranchObjectVersion (180, the newest entry
 *       CUE4Parse listed when it mapped UE5.5 to 170) and UE6.0's row (UE5.8's values).</li>
 * </ul>
 *
 * Adding a release is one row here (plus, where the release really changes a layout, the new gated
 * field in the reader and its {@link ObjectVersionUE5} or format-version constant).
 */
public enum EngineVersion {
    // release(FileVersionUE4, FileVersionUE5, LegacyFileVersion, pak, TOC, container header, Zen layout,
    //         cv(FCoreObjectVersion, FEditorObjectVersion, FReleaseObjectVersion, FFortniteMainBranchObjectVersion,
    //            FSkeletalMeshCustomVersion))
    UE4_0(342, 0, -7, 2, 0, -1, null, cv(0, 0, 0, 0, 0)),
    UE4_1(352, 0, -7, 2, 0, -1, null, cv(0, 0, 0, 0, 0)),
    UE4_2(363, 0, -7, 2, 0, -1, null, cv(0, 0, 0, 0, 0)),
    UE4_3(382, 0, -7, 3, 0, -1, null, cv(0, 0, 0, 0, 0)),
    UE4_4(385, 0, -7, 3, 0, -1, null, cv(0, 0, 0, 0, 0)),
    UE4_5(401, 0, -7, 3, 0, -1, null, cv(0, 0, 0, 0, 0)),
    UE4_6(413, 0, -7, 3, 0, -1, null, cv(0, 0, 0, 0, 0)),
    UE4_7(434, 0, -7, 3, 0, -1, null, cv(0, 0, 0, 0, 0)),
    UE4_8(451, 0, -7, 3, 0, -1, null, cv(0, 0, 0, 0, 0)),
    UE4_9(482, 0, -7, 3, 0, -1, null, cv(0, 0, 0, 0, 0)),
    UE4_10(482, 0, -7, 3, 0, -1, null, cv(0, 0, 0, 0, 0)),
    UE4_11(498, 0, -7, 3, 0, -1, null, cv(0, 0, 1, 0, 0)),
    UE4_12(504, 0, -7, 3, 0, -1, null, cv(1, 2, 1, 0, 0)),
    UE4_13(505, 0, -7, 3, 0, -1, null, cv(1, 6, 3, 0, 4)),
    UE4_14(508, 0, -7, 3, 0, -1, null, cv(1, 8, 4, 0, 5)),
    UE4_15(510, 0, -7, 3, 0, -1, null, cv(2, 14, 7, 0, 7)),
    UE4_16(513, 0, -7, 4, 0, -1, null, cv(2, 17, 9, 0, 9)),
    UE4_17(513, 0, -7, 4, 0, -1, null, cv(2, 20, 10, 0, 9)),
    UE4_18(514, 0, -7, 4, 0, -1, null, cv(2, 20, 10, 0, 10)),
    UE4_19(516, 0, -7, 4, 0, -1, null, cv(2, 23, 12, 0, 15)),
    UE4_20(516, 0, -7, 5, 0, -1, null, cv(2, 24, 17, 12, 16)),
    UE4_21(517, 0, -7, 7, 0, -1, null, cv(2, 26, 20, 17, 16)),
    UE4_22(517, 0, -7, 8, 0, -1, null, cv(3, 30, 20, 25, 16)),
    UE4_23(517, 0, -7, 8, 0, -1, null, cv(3, 34, 23, 27, 17)),
    UE4_24(518, 0, -7, 8, 0, -1, null, cv(3, 37, 28, 31, 17)),
    UE4_25(518, 0, -7, 9, 1, -1, null, cv(4, 38, 30, 31, 17)),
    UE4_26(519, 0, -7, 11, 2, -1, ZenLayout.UE4_PACKAGE_SUMMARY, cv(4, 40, 38, 43, 18)),
    UE4_27(522, 0, -7, 11, 3, -1, ZenLayout.UE4_PACKAGE_SUMMARY, cv(4, 40, 43, 47, 18)),
    UE5_0(522, 1004, -8, 11, 5, 1, ZenLayout.ZEN_SUMMARY, cv(4, 40, 44, 59, 18)),
    UE5_1(522, 1008, -8, 11, 5, 2, ZenLayout.ZEN_SUMMARY, cv(4, 40, 44, 80, 18)),
    UE5_2(522, 1009, -8, 11, 5, 2, ZenLayout.BULK_DATA_MAP, cv(4, 40, 44, 83, 18)),
    UE5_3(522, 1009, -8, 11, 5, 3, ZenLayout.DEPENDENCY_BUNDLES, cv(4, 40, 44, 111, 18)),
    UE5_4(522, 1012, -8, 11, 6, 3, ZenLayout.PADDED_BULK_DATA_MAP, cv(4, 40, 44, 134, 18)),
    UE5_5(522, 1013, -8, 11, 8, 4, ZenLayout.PADDED_BULK_DATA_MAP, cv(4, 40, 44, 170, 18)),
    UE5_6(522, 1017, -9, 11, 8, 4, ZenLayout.VERSE_CELLS, cv(4, 40, 44, 180, 18)),
    UE5_7(522, 1018, -9, 12, 8, 5, ZenLayout.VERSE_CELLS, cv(4, 40, 44, 225, 18), EngineQuirk.COOKED_IMPORTS_WITHOUT_PACKAGE_NAME),
    UE5_8(522, 1018, -9, 12, 8, 5, ZenLayout.VERSE_CELLS, cv(4, 40, 44, 268, 18)),
    UE6_0(522, 1018, -9, 15, 10, 5, ZenLayout.VERSE_CELLS, cv(4, 40, 44, 268, 18));

    /** The newest release in the table. */
    public static final EngineVersion LATEST = UE6_0;

    private final int fileVersionUE4;
    private final int fileVersionUE5;
    private final int legacyFileVersion;
    private final int pakVersion;
    private final int tocVersion;
    private final int headerVersion;
    private final ZenLayout zenLayout;
    private final int[] customVersions;
    private final PackageVersion packageVersion;
    private final Set<EngineQuirk> quirks;

    EngineVersion(int fileVersionUE4, int fileVersionUE5, int legacyFileVersion, int pakVersion, int tocVersion,
            int headerVersion, ZenLayout zenLayout, int[] customVersions, EngineQuirk... quirks) {
        this.quirks = quirks.length == 0 ? EnumSet.noneOf(EngineQuirk.class) : EnumSet.copyOf(List.of(quirks));
        this.fileVersionUE4 = fileVersionUE4;
        this.fileVersionUE5 = fileVersionUE5;
        this.legacyFileVersion = legacyFileVersion;
        this.pakVersion = pakVersion;
        this.tocVersion = tocVersion;
        this.headerVersion = headerVersion;
        this.zenLayout = zenLayout;
        this.customVersions = customVersions;
        if (customVersions.length != CustomVersionKey.values().length) {
            throw new IllegalStateException(name() + ": one custom version per CustomVersionKey");
        }
        this.packageVersion = new PackageVersion(fileVersionUE4, fileVersionUE5, 0, customVersions());
    }

    /** Whether this release has {@code quirk} (the table's last column). */
    public boolean has(EngineQuirk quirk) {
        return quirks.contains(quirk);
    }

    /** A row's custom versions, in {@link CustomVersionKey} order. */
    private static int[] cv(int core, int editor, int release, int fortniteMain, int skeletalMesh) {
        return new int[] {core, editor, release, fortniteMain, skeletalMesh};
    }

    /**
     * The value of a custom version this release's editor saves (the newest it knows), which an
     * unversioned package of the release is read with. 0 where the key had no change yet.
     */
    public int customVersion(CustomVersionKey key) {
        return customVersions[key.ordinal()];
    }

    /**
     * Whether a package's custom versions could have been saved by this release: every one the table
     * holds has this release's value (an editor saves the newest of its release; keys the table does
     * not hold say nothing).
     */
    public boolean savesCustomVersions(Collection<CustomVersion> versions) {
        for (CustomVersion v : versions) {
            CustomVersionKey k = CustomVersionKey.of(v.key());
            if (k != null && customVersion(k) != v.version()) {
                return false;
            }
        }
        return true;
    }

    /**
     * The releases among {@code among} (same file versions) whose custom versions the package's agree
     * with; {@code among} itself when none does (a licensee or plugin build saves other values) or the
     * package lists none of the table's keys.
     */
    public static List<EngineVersion> byCustomVersions(List<EngineVersion> among, Collection<CustomVersion> versions) {
        List<EngineVersion> out = new ArrayList<>();
        for (EngineVersion e : among) {
            if (e.savesCustomVersions(versions)) {
                out.add(e);
            }
        }
        return out.isEmpty() ? among : out;
    }

    /** Every custom version of the release, in {@link CustomVersionKey} order. */
    public Map<CustomVersionKey, Integer> customVersions() {
        Map<CustomVersionKey, Integer> m = new EnumMap<>(CustomVersionKey.class);
        for (CustomVersionKey k : CustomVersionKey.values()) {
            m.put(k, customVersions[k.ordinal()]);
        }
        return m;
    }

    /** FileVersionUE4 this engine writes. */
    public int fileVersionUE4() {
        return fileVersionUE4;
    }

    /** FileVersionUE5 this engine writes, 0 for UE4 releases. */
    public int fileVersionUE5() {
        return fileVersionUE5;
    }

    /** The LegacyFileVersion tag of the packages this engine saves (-7, -8, -9). */
    public int legacyFileVersion() {
        return legacyFileVersion;
    }

    /** The .pak footer version UnrealPak of this release writes. */
    public int pakVersion() {
        return pakVersion;
    }

    /** The .utoc version this release writes; 0 when it has no IoStore. */
    public int tocVersion() {
        return tocVersion;
    }

    /** The container header version this release writes; -1 when its header has none (UE4). */
    public int headerVersion() {
        return headerVersion;
    }

    /** Whether the release writes IoStore containers with Zen packages this tool reads (UE4.26 on). */
    public boolean hasZen() {
        return zenLayout != null;
    }

    /** The Zen package header layout of this release. */
    public ZenLayout zenLayout() {
        if (zenLayout == null) {
            throw new UnsupportedVersionException("Zen packages of " + this + " (before UE4_26) are not supported");
        }
        return zenLayout;
    }

    /**
     * Whether this build reads every container format of the release (its pak and TOC versions are
     * known to the readers). Detection and {@link #guess} only pick such releases; a row for a
     * release whose formats are still to come would be there for requests that name it.
     */
    public boolean formatsSupported() {
        int newestPak = 0;
        for (PakVersion v : PakVersion.values()) {
            newestPak = Math.max(newestPak, v.onDisk());
        }
        return pakVersion <= newestPak && tocVersion <= TocVersion.latest().value();
    }

    /**
     * Whether the release writes packages exactly as the release before it does (same file versions,
     * LegacyFileVersion, Zen layout and custom-version defaults) but other containers: UE6_0 after
     * UE5_8, whose cooked packages in the CUE4Parse fixtures are the same bytes while its pak (15) and
     * TOC (10) versions differ. Such a release is found from its containers; a package on its own is
     * taken as the older release ({@link EngineChoice#detectableFromPackages}). (Rows identical in
     * every column, e.g. UE4_9 and UE4_10, stay as they were: the newer is named.)
     */
    public boolean packagesLikePrevious() {
        int i = ordinal();
        if (i == 0) {
            return false;
        }
        EngineVersion p = values()[i - 1];
        return p.fileVersionUE4 == fileVersionUE4 && p.fileVersionUE5 == fileVersionUE5
                && p.legacyFileVersion == legacyFileVersion && p.zenLayout == zenLayout
                && p.packageVersion.equals(packageVersion) && (p.pakVersion != pakVersion || p.tocVersion != tocVersion);
    }

    /** The package versions this engine writes (licensee 0), with its custom-version defaults. */
    public PackageVersion packageVersion() {
        return packageVersion;
    }

    public boolean isUE5() {
        return fileVersionUE5 != 0;
    }

    public boolean atLeast(EngineVersion other) {
        return compareTo(other) >= 0;
    }

    /** "UE5.3" for display. */
    public String displayName() {
        return name().substring(0, 3) + "." + name().substring(4);
    }

    /** The range the table covers, for help and error texts: "UE4_0 ... UE6_0". */
    public static String range() {
        return values()[0] + " ... " + LATEST;
    }

    /**
     * The newest release whose containers have this .utoc version and container header version (the
     * {@code tocVersion} and {@code headerVersion} columns); else the newest with this .utoc version;
     * else {@link #LATEST}. What a container is taken to be when nothing else names its engine (a
     * copied container keeps its own versions either way).
     */
    public static EngineVersion newestWritingContainer(int tocVersion, long headerVersion) {
        EngineVersion sameToc = null;
        for (int i = values().length - 1; i >= 0; i--) {
            EngineVersion e = values()[i];
            if (e.tocVersion == tocVersion) {
                if (e.headerVersion == headerVersion) {
                    return e;
                }
                sameToc = sameToc != null ? sameToc : e;
            }
        }
        return sameToc != null ? sameToc : LATEST;
    }

    /** The releases from {@code first} to {@code last}, oldest first. */
    public static List<EngineVersion> between(EngineVersion first, EngineVersion last) {
        List<EngineVersion> out = new ArrayList<>();
        for (EngineVersion e : values()) {
            if (e.atLeast(first) && last.atLeast(e)) {
                out.add(e);
            }
        }
        return out;
    }

    /** Parses "UE5_3", "ue5.3", "5.3", "VER_UE4_27", "4.27". */
    public static EngineVersion parse(String text) {
        if (text == null) {
            throw new UnsupportedVersionException("Engine version is missing");
        }
        String t = text.trim().toUpperCase(Locale.ROOT).replace('.', '_');
        if (t.startsWith("VER_")) {
            t = t.substring(4);
        }
        if (!t.startsWith("UE")) {
            t = "UE" + t;
        }
        try {
            return valueOf(t);
        } catch (IllegalArgumentException e) {
            throw new UnsupportedVersionException("Unknown engine version '" + text + "' (expected " + range() + ")");
        }
    }

    /**
     * The newest engine (of those whose formats this build reads) whose UE4 and UE5 file versions are
     * at most the given ones.
     */
    public static EngineVersion guess(PackageVersion v) {
        EngineVersion best = UE4_0;
        for (EngineVersion e : values()) {
            if (e.formatsSupported() && !e.packagesLikePrevious() && e.fileVersionUE4 <= v.fileVersionUE4()
                    && e.fileVersionUE5 <= v.fileVersionUE5()) {
                best = e;
            }
        }
        return best;
    }
}
