package io.uassetd.nativelib.oodle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.jna.Native;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class OodleNamesTest {
    @Test
    void eachPlatformGetsItsOwnNamesFirst() {
        assertThat(OodleNames.forPlatform("Windows 11", "amd64"))
                .containsExactly("oo2core_9_win64.dll", "oodle-data-shared.dll");
        assertThat(OodleNames.forPlatform("Linux", "amd64"))
                .containsExactly("liboo2corelinux64.so.9", "liboodle-data-shared.so");
        assertThat(OodleNames.forPlatform("Linux", "aarch64"))
                .containsExactly("liboo2corelinuxarm64.so.9", "liboodle-data-shared.so");
        assertThat(OodleNames.forPlatform("Mac OS X", "aarch64")).containsExactly("liboo2coremac64.2.9.10.dylib");
        assertThat(OodleNames.forPlatform("FreeBSD", "amd64")).isEqualTo(OodleNames.ALL).hasSize(6);
    }

    @Test
    void theJarFolderIsTheFolderOfAJarFileOnly() throws Exception {
        Path jna = Path.of(Native.class.getProtectionDomain().getCodeSource().getLocation().toURI());

        assertThat(OodleSearch.jarFolderOf(Native.class)).isEqualTo(jna.getParent());
        // In this build the module's own classes come from a folder, not a jar.
        assertThat(OodleSearch.jarFolderOf(OodleSearch.class)).isNull();
        assertThat(OodleSearch.jarFolderOf(String.class)).isNull();
    }

    @Test
    void blankValuesCountAsNotSet() {
        OodleSearch s = OodleSearch.nowhere(List.of("x")).withEnvironment(" ").withProperty("");

        assertThat(s.environment()).isNull();
        assertThat(s.property()).isNull();
        assertThatThrownBy(() -> OodleSearch.nowhere(List.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("No library file names to search for");
    }
}
