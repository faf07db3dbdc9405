package io.uassetd.codecs.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.error.WrongKeyException;
import io.uassetd.codecs.game.GameProfile;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PakCryptoTest {
    static final String HEX = "94d25bc3aeb420e0be914edc9d5435a1eaab5f2864e09e94019ac205b727a7de";
    static final String B64 = "lNJbw660IOC+kU7cnVQ1oeqrXyhk4J6UAZrCBbcnp94=";

    @Test
    void keyParsesFromHexWithOrWithoutPrefixAndFromBase64() {
        assertThat(AesKey.parse(HEX)).isEqualTo(AesKey.parse("0x" + HEX.toUpperCase())).isEqualTo(AesKey.parse(B64));
        assertThat(AesKey.parse(HEX).bytes()[0]).isEqualTo((byte) 0x94);
    }

    @Test
    void badKeysAreRefused() {
        assertThatThrownBy(() -> AesKey.parse("abcd")).isInstanceOf(WrongKeyException.class);
        assertThatThrownBy(() -> AesKey.parse("AAAA")).isInstanceOf(WrongKeyException.class).hasMessageContaining("3 bytes");
    }

    @Test
    void rivalsLimitMatchesTheKnownVector() {
        assertThat(WordSwapScheme.limit("chunknames")).isEqualTo(1600);
        assertThat(WordSwapScheme.limit("ChunkNames")).isEqualTo(1600);
        for (String p : new String[] {"a", "Marvel/Content/x.uasset", "test.txt"}) {
            long l = WordSwapScheme.limit(p);
            assertThat(l % 64).isZero();
            assertThat(l).isBetween(320L, 4096L);
        }
    }

    @Test
    void standardAesMatchesFips197Vector() {
        // FIPS-197 C.3: AES-256
        byte[] key = new byte[32];
        for (int i = 0; i < 32; i++) {
            key[i] = (byte) i;
        }
        byte[] block = java.util.HexFormat.of().parseHex("00112233445566778899aabbccddeeff");
        EncryptionScheme.STANDARD.cipher(AesKey.of(key)).encrypt(block, 0, 16);
        assertThat(java.util.HexFormat.of().formatHex(block)).isEqualTo("8ea2b7ca516745bfeafc49904b496089");
    }

    /**
     * The Rivals cipher checked against an expectation built without the production code: the JDK's
     * own AES (javax.crypto, not {@link AesCipher}) and a word swap through ByteBuffer byte orders
     * (not {@code WordSwapScheme.reverseWords}). It restates the scheme (each 4-byte word of the key,
     * and of each block before and after AES-256-ECB, byte-reversed), so it checks the implementation
     * against that statement, not the statement against the game: no public known-answer vector was
     * found (CUE4Parse reads these paks with its own table-driven Rijndael, NetEaseAes, and ships no
     * test vector); the game-side check is the e2e MarvelRivalsProfileTest's recorded outputs.
     */
    @Test
    void rivalsCipherIsStandardAesWithWordsReversed() throws Exception {
        byte[] key = new byte[32];
        new Random(1).nextBytes(key);
        byte[] data = "0123456789abcdef0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);
        byte[] viaRivals = data.clone();
        EncryptionScheme.WORD_SWAP.cipher(AesKey.of(key)).encrypt(viaRivals, 0, 32);

        javax.crypto.Cipher jdk = javax.crypto.Cipher.getInstance("AES/ECB/NoPadding");
        jdk.init(javax.crypto.Cipher.ENCRYPT_MODE, new javax.crypto.spec.SecretKeySpec(swapEachWord(key), "AES"));
        byte[] expected = swapEachWord(jdk.doFinal(swapEachWord(data)));
        assertThat(viaRivals).isEqualTo(expected).isNotEqualTo(data);
        EncryptionScheme.WORD_SWAP.cipher(AesKey.of(key)).decrypt(viaRivals, 0, 32);
        assertThat(viaRivals).isEqualTo(data);
    }

    /** A copy with the byte order of every 32-bit word reversed (ByteBuffer order swap, not the production loop). */
    private static byte[] swapEachWord(byte[] in) {
        java.nio.ByteBuffer src = java.nio.ByteBuffer.wrap(in).order(java.nio.ByteOrder.BIG_ENDIAN);
        java.nio.ByteBuffer dst = java.nio.ByteBuffer.allocate(in.length).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        while (src.remaining() >= 4) {
            dst.putInt(src.getInt());
        }
        return dst.array();
    }

    @Test
    void schemesByName() {
        assertThat(EncryptionScheme.byName("Word_Swap")).isSameAs(EncryptionScheme.WORD_SWAP);
        assertThatThrownBy(() -> EncryptionScheme.byName("rivals")).hasMessageContaining("standard, word_swap");
        // a game's name or alias resolves to its scheme one layer up, in the game table
        assertThat(GameProfile.encryptionSchemeNamed("rivals")).isSameAs(EncryptionScheme.WORD_SWAP);
        assertThat(EncryptionScheme.byName("standard")).isSameAs(EncryptionScheme.STANDARD);
        assertThat(EncryptionScheme.WORD_SWAP.storedLength("chunknames", 100)).isEqualTo(112);
        assertThat(EncryptionScheme.WORD_SWAP.storedLength("chunknames", 5000)).isEqualTo(5000);
        assertThat(EncryptionScheme.WORD_SWAP.encryptedPrefix("chunknames", 5000)).isEqualTo(1600);
    }
}
