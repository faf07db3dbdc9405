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
}
