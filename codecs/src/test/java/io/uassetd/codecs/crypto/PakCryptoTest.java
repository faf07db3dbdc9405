package io.uassetd.codecs.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.error.WrongKeyException;
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
        assertThat(RivalsLimits.limit("chunknames")).isEqualTo(1600);
        assertThat(RivalsLimits.limit("ChunkNames")).isEqualTo(1600);
        for (String p : new String[] {"a", "Marvel/Content/x.uasset", "test.txt"}) {
            long l = RivalsLimits.limit(p);
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

    @Test
    void rivalsCipherIsStandardAesWithWordsReversed() {
        byte[] key = new byte[32];
        new Random(1).nextBytes(key);
        byte[] reversedKey = key.clone();
        RivalsScheme.reverseWords(reversedKey, 0, 32);
        byte[] data = "0123456789abcdef0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);
        byte[] viaRivals = data.clone();
        EncryptionScheme.RIVALS.cipher(AesKey.of(key)).encrypt(viaRivals, 0, 32);
        byte[] manual = data.clone();
        RivalsScheme.reverseWords(manual, 0, 32);
        new AesCipher(reversedKey).encrypt(manual, 0, 32);
        RivalsScheme.reverseWords(manual, 0, 32);
        assertThat(viaRivals).isEqualTo(manual).isNotEqualTo(data);
        EncryptionScheme.RIVALS.cipher(AesKey.of(key)).decrypt(viaRivals, 0, 32);
        assertThat(viaRivals).isEqualTo(data);
    }

    @Test
    void schemesByName() {
        assertThat(EncryptionScheme.byName("Rivals")).isSameAs(EncryptionScheme.RIVALS);
        assertThat(EncryptionScheme.byName("standard")).isSameAs(EncryptionScheme.STANDARD);
        assertThat(EncryptionScheme.RIVALS.storedLength("chunknames", 100)).isEqualTo(112);
        assertThat(EncryptionScheme.RIVALS.storedLength("chunknames", 5000)).isEqualTo(5000);
        assertThat(EncryptionScheme.RIVALS.encryptedPrefix("chunknames", 5000)).isEqualTo(1600);
    }
}
