package io.uassetd.codecs.crypto;

/** Unreal's own AES: ECB over the whole (16-aligned) data with the key as given. */
final class StandardScheme implements EncryptionScheme {
    @Override
    public String name() {
        return "standard";
    }

    @Override
    public AesCipher cipher(AesKey key) {
        return new AesCipher(key.bytes());
    }

    @Override
    public long encryptedPrefix(String entryPath, long storedLength) {
        return storedLength;
    }

    @Override
    public long storedLength(String entryPath, long size) {
        return AesCipher.align(size);
    }

    @Override
    public byte[] indexTrailer() {
        return new byte[0];
    }

    @Override
    public boolean hashesPlaintext() {
        return false;
    }

    @Override
    public String toString() {
        return name();
    }
}
