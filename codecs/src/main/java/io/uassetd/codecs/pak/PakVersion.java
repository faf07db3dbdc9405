package io.uassetd.codecs.pak;

import io.uassetd.codecs.error.UnsupportedVersionException;
import java.util.Locale;

/**
 * Pak versions in the order the format grew, named by the feature each introduced. The version a
 * user names ({@link #userName()}: V1..V15, V8A, V8B) is kept apart from the number stored on
 * disk ({@link #onDisk()}): V8A and V8B both store 8 and differ in the footer (4 or 5 compression
 * name slots) and in the entry's compression index width.
 */
public enum PakVersion {
    INITIAL(1, "V1"),
    NO_TIMESTAMPS(2, "V2"),
    COMPRESSION_ENCRYPTION(3, "V3"),
    INDEX_ENCRYPTION(4, "V4"),
    RELATIVE_CHUNK_OFFSETS(5, "V5"),
    DELETE_RECORDS(6, "V6"),
    ENCRYPTION_KEY_GUID(7, "V7"),
    /** V8A: compression by name, 4 name slots, a one-byte compression index in entries. */
    FNAME_BASED_COMPRESSION_4_SLOTS(8, "V8A"),
    /** V8B: compression by name, 5 name slots. */
    FNAME_BASED_COMPRESSION(8, "V8B"),
    FROZEN_INDEX(9, "V9"),
    PATH_HASH_INDEX(10, "V10"),
    FNV64_BUG_FIX(11, "V11"),
    /** UE 5.8 paks: directory-index file names stored as UTF-8 without a terminator. */
    UTF8_PAK_DIRECTORY(12, "V12"),
    /**
     * The full directory index is one flat block ({@link PakFlatDirectoryIndex}, magic "QDFP"): sorted,
     * prefix-compressed directory names and a file-name blob instead of a map of maps (UE 5.9 / 6.0).
     */
    SORTED_DIRECTORY_INDEX(13, "V13"),
    /** The footer ends with an int32 PakchunkIndex (-1 when none) after the compression names (UE 6.0). */
    PAKCHUNK_INDEX(14, "V14"),
    /**
     * The footer ends with the EncryptionMethod (u8: 0 None, 1 AES-ECB, 2 AES-CTR) and three 12-byte
     * IVs (primary index, path hash index, full directory index); with AES-CTR every encrypted entry
     * carries its own IV in the index (UE 6.0, PakFile_Version_EncryptionMethod).
     */
    ENCRYPTION_METHOD(15, "V15");

    /** FPakInfo::PakFile_Magic. */
    public static final long MAGIC = 0x5A6F12E1L;

    private final int onDisk;
    private final String userName;

    PakVersion(int onDisk, String userName) {
        this.onDisk = onDisk;
        this.userName = userName;
    }

    public int onDisk() {
        return onDisk;
    }

    public String userName() {
        return userName;
    }

    public boolean atLeast(PakVersion v) {
        return compareTo(v) >= 0;
    }

    public boolean before(PakVersion v) {
        return compareTo(v) < 0;
    }

    /** Number of 32-byte compression method names in the footer. */
    public int compressionSlots() {
        if (before(FNAME_BASED_COMPRESSION_4_SLOTS)) {
            return 0;
        }
        return this == FNAME_BASED_COMPRESSION_4_SLOTS ? 4 : 5;
    }

    /** Size of FPakInfo on disk for this version. */
    public int footerSize() {
        int size = 4 + 4 + 8 + 8 + 20;
        if (atLeast(ENCRYPTION_KEY_GUID)) {
            size += 16;
        }
        if (atLeast(INDEX_ENCRYPTION)) {
            size += 1;
        }
        if (this == FROZEN_INDEX) {
            size += 1;
        }
        if (atLeast(PAKCHUNK_INDEX)) {
            size += 4;
        }
        if (atLeast(ENCRYPTION_METHOD)) {
            size += 1 + 3 * 12;
        }
        return size + 32 * compressionSlots();
    }

    /** Offset of the magic inside the footer. */
    int magicOffsetInFooter() {
        return (atLeast(ENCRYPTION_KEY_GUID) ? 16 : 0) + (atLeast(INDEX_ENCRYPTION) ? 1 : 0);
    }

    /**
     * Whether the writer stores the pruned directory index (inside the path hash index) flat, like the
     * full one ({@link PakFlatDirectoryIndex}): V13 and V14, whose layout comes from CUE4Parse's
     * description of SortedDirectoryIndex alone. The only engine-written paks past V12, the UE6.0
     * fixtures (V15), keep the pruned index as the classic map of maps and only the full one flat, so
     * V15 is written that way; the reader takes either form by the flat index's magic.
     */
    public boolean writesFlatDirectoryIndex() {
        return atLeast(SORTED_DIRECTORY_INDEX) && before(ENCRYPTION_METHOD);
    }

    /** Whether the writer can produce this version. */
    public boolean writable() {
        return atLeast(COMPRESSION_ENCRYPTION);
    }

    /** The newest version this project reads and writes. */
    public static PakVersion latest() {
        return ENCRYPTION_METHOD;
    }

    /** Parses a user-facing name: "v11", "11", "V8A", "8b", "v8" (= V8B). */
    public static PakVersion parse(String name) {
        String n = name.trim().toUpperCase(Locale.ROOT);
        if (!n.startsWith("V")) {
            n = "V" + n;
        }
        if (n.equals("V8")) {
            n = "V8B";
        }
        for (PakVersion v : values()) {
            if (v.userName.equals(n)) {
                return v;
            }
        }
        if (n.matches("V\\d{1,4}") && Integer.parseInt(n.substring(1)) > latest().onDisk()) {
            throw new UnsupportedVersionException("Pak version " + n.substring(1) + " is newer than the newest supported version "
                    + latest().onDisk() + " (" + latest().userName() + ", PakFile_Version_EncryptionMethod)");
        }
        throw new IllegalArgumentException("Unknown pak version '" + name + "' (V1..V15, V8A, V8B)");
    }

    @Override
    public String toString() {
        return userName;
    }
}
