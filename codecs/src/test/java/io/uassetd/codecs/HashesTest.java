package io.uassetd.codecs;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.hash.Hashes;
import org.junit.jupiter.api.Test;

class HashesTest {
    @Test
    void cityHashOfPackagePathsMatchesKnownPackageIds() {
        assertThat(Hashes.cityHash64LowerUtf16("/Game/_AssemblyStorm/TestMod/LIB_Hooks"))
                .isEqualTo(0x4aaf10fd2f66632eL);
        assertThat(Hashes.cityHash64LowerUtf16("/Game/UI/Menu_EscapeMenu/MENU_EscapeMenu"))
                .isEqualTo(0x80e800043d46fa72L);
        assertThat(Hashes.hex64(0x4aaf10fd2f66632eL)).isEqualTo("0x4AAF10FD2F66632E");
    }

    @Test
    void hex64IsSixteenUpperCaseDigitsForEveryValue() {
        for (long v : new long[] {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 0x80e800043d46fa72L, 0xABCL}) {
            assertThat(Hashes.hex64(v)).isEqualTo(String.format(java.util.Locale.ROOT, "0x%016X", v));
        }
    }

    @Test
    void fnv64PathHashesMatchPakV11Vectors() {
        long seed = 0x205c5a7dL;
        assertThat(Hashes.fnv64LowerUtf16("test.txt", seed)).isEqualTo(0x505f79362ba172eaL);
        assertThat(Hashes.fnv64LowerUtf16("test.png", seed)).isEqualTo(0x20704bb513057fc3L);
        assertThat(Hashes.fnv64LowerUtf16("zeros.bin", seed)).isEqualTo(0x3261d69865a675d0L);
        assertThat(Hashes.fnv64LowerUtf16("directory/nested.txt", seed)).isEqualTo(0xf778c4cfa5689e1fL);
    }

    /**
     * The ASCII shortcuts (lower-casing A-Z into a byte array, no String copies) against the definition:
     * String.toLowerCase(Locale.ROOT), then UTF-16LE or ISO-8859-1 bytes; every character up to U+02FF alone
     * and inside a longer name, and names that mix cases, digits and punctuation.
     */
    @Test
    void lowerCaseHashShortcutsEqualTheDefinition() {
        java.util.List<String> names = new java.util.ArrayList<>(java.util.List.of("", "None", "/Game/UI/Menu_EscapeMenu/MENU_EscapeMenu",
                "/Script/CoreUObject", "Default__SKEL_Hero_C", "AZaz@[`{09_./", "\u00C0gua", "Stra\u00DFe", "\u0130stanbul",
                "\uD83D\uDE00Smile", "\u03A3\u039F\u03A3"));
        for (char c = 0; c < 0x300; c++) {
            names.add(String.valueOf(c));
            names.add("Ab" + c + "Yz");
        }
        for (String n : names) {
            byte[] utf16 = n.toLowerCase(java.util.Locale.ROOT).getBytes(java.nio.charset.StandardCharsets.UTF_16LE);
            assertThat(Hashes.cityHash64LowerUtf16(n)).as(n).isEqualTo(Hashes.cityHash64(utf16));
            boolean ascii = n.chars().allMatch(ch -> ch < 0x80);
            boolean wide = !ascii;
            byte[] narrow = n.toLowerCase(java.util.Locale.ROOT).getBytes(wide ? java.nio.charset.StandardCharsets.UTF_16LE
                    : java.nio.charset.StandardCharsets.ISO_8859_1);
            assertThat(io.uassetd.codecs.iostore.header.NameBatch.hash(n, wide)).as(n).isEqualTo(Hashes.cityHash64(narrow));
            if (ascii) {
                assertThat(Hashes.cityHash64LowerAscii(n)).as(n).isEqualTo(Hashes.cityHash64(narrow));
            }
        }
    }
}
