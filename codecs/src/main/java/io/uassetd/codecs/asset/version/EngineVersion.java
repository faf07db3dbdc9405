package io.uassetd.codecs.asset.version;

import io.uassetd.codecs.error.UnsupportedVersionException;
import java.util.Locale;

/**
 * Retail Unreal Engine releases, named as requests name them ("UE4_27", "UE5_3"). Each maps to the
 * package file versions its editor writes; an unversioned (cooked) package is read with the versions
 * of the engine the caller names. UE5: 5.0 1004, 5.1 1008, 5.2 and 5.3 1009, 5.4 1012, 5.5 1013,
 * 5.6 1017 (OS_SUB_OBJECT_SHADOW_SERIALIZATION), 5.7, 5.8 and 6.0 1018 (IMPORT_TYPE_HIERARCHIES, the
 * last entry of EUnrealEngineObjectUE5Version in the engine's ObjectVersion.h as CUE4Parse and UAssetAPI
 * mirror it; the UAssetAPI UE5.7 editor fixtures and the CUE4Parse UE5.8 cooked packages store 1018).
 * 5.7 and 5.8 differ in cooked packages only: a UE5.8 import stores a PackageName, a UE5.7 one does not.
 */
public enum EngineVersion {
    UE4_0(342, 0), UE4_1(352, 0), UE4_2(363, 0), UE4_3(382, 0), UE4_4(385, 0), UE4_5(401, 0),
    UE4_6(413, 0), UE4_7(434, 0), UE4_8(451, 0), UE4_9(482, 0), UE4_10(482, 0), UE4_11(498, 0),
    UE4_12(504, 0), UE4_13(505, 0), UE4_14(508, 0), UE4_15(510, 0), UE4_16(513, 0), UE4_17(513, 0),
    UE4_18(514, 0), UE4_19(516, 0), UE4_20(516, 0), UE4_21(517, 0), UE4_22(517, 0), UE4_23(517, 0),
    UE4_24(518, 0), UE4_25(518, 0), UE4_26(519, 0), UE4_27(522, 0),
    UE5_0(522, 1004), UE5_1(522, 1008), UE5_2(522, 1009), UE5_3(522, 1009), UE5_4(522, 1012),
    UE5_5(522, 1013), UE5_6(522, 1017), UE5_7(522, 1018), UE5_8(522, 1018), UE6_0(522, 1018);

    private final int fileVersionUE4;
    private final int fileVersionUE5;

    EngineVersion(int fileVersionUE4, int fileVersionUE5) {
        this.fileVersionUE4 = fileVersionUE4;
        this.fileVersionUE5 = fileVersionUE5;
    }

    /** FileVersionUE4 this engine writes. */
    public int fileVersionUE4() {
        return fileVersionUE4;
    }

    /** FileVersionUE5 this engine writes, 0 for UE4 releases. */
    public int fileVersionUE5() {
        return fileVersionUE5;
    }

    /** The package versions this engine writes (licensee 0). */
    public PackageVersion packageVersion() {
        return new PackageVersion(fileVersionUE4, fileVersionUE5, 0);
    }

    public boolean isUE5() {
        return fileVersionUE5 != 0;
    }

    public boolean atLeast(EngineVersion other) {
        return compareTo(other) >= 0;
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
            throw new UnsupportedVersionException("Unknown engine version '" + text + "' (expected UE4_0 ... UE6_0)");
        }
    }

    /** The newest engine whose UE4 and UE5 file versions are at most the given ones, for display. */
    public static EngineVersion guess(PackageVersion v) {
        EngineVersion best = UE4_0;
        for (EngineVersion e : values()) {
            if (e == UE6_0) {
                continue; // the same package versions as UE5_8, whose cooks the fixtures show: the guess stays UE5_8
            }
            if (e.fileVersionUE4 <= v.fileVersionUE4() && e.fileVersionUE5 <= v.fileVersionUE5()) {
                best = e;
            }
        }
        return best;
    }
}
