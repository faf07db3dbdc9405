package io.uassetd.codecs.crypto;

import io.uassetd.codecs.error.UnsupportedVersionException;

/**
 * EIoEncryptionMethod: how a UE6.0 container encrypts, recorded in the pak 15 trailer and in the
 * header of a TOC from version 10 (ContainerEncryptionMethod) on. Older paks and TOCs are AES-ECB
 * whenever they are encrypted ("Older paks are AES-ECB by definition").
 */
public enum EncryptionMethod {
    /** Not encrypted. */
    NONE(0),
    /** AES-256-ECB over 16-byte aligned units, as every older pak and TOC. */
    AES_ECB(1),
    /**
     * AES-256-CTR: a 16-byte counter block of a 12-byte IV stored per encryption unit followed by a
     * big-endian 32-bit block counter starting at 0 ({@link AesCtr}).
     */
    AES_CTR(2);

    private final int value;

    EncryptionMethod(int value) {
        this.value = value;
    }

    /** The byte stored on disk. */
    public int value() {
        return value;
    }

    /** The method a stored byte names; any other value is UNSUPPORTED_VERSION naming it. */
    public static EncryptionMethod of(int value, String file, long offset, String structure) {
        for (EncryptionMethod m : values()) {
            if (m.value == value) {
                return m;
            }
        }
        throw new UnsupportedVersionException("Unknown encryption method " + value + " (known: 0 None, 1 AES (ECB), 2 AES_CTR)",
                file, offset, structure);
    }

    /** "None", "AES", "AES_CTR": the names of EIoEncryptionMethod. */
    public String unrealName() {
        return switch (this) {
            case NONE -> "None";
            case AES_ECB -> "AES";
            case AES_CTR -> "AES_CTR";
        };
    }
}
