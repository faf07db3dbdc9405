package io.uassetd.nativelib.oodle;

import java.util.List;
import java.util.Locale;

/** The file names the Oodle core library ships under, per platform. */
public final class OodleNames {
    public static final String WINDOWS_X64 = "oo2core_9_win64.dll";
    public static final String LINUX_X64 = "liboo2corelinux64.so.9";
    public static final String LINUX_ARM64 = "liboo2corelinuxarm64.so.9";
    public static final String MAC = "liboo2coremac64.2.9.10.dylib";
    /** Newer SDKs ship these with the same entry points. */
    public static final String WINDOWS_DATA_SHARED = "oodle-data-shared.dll";
    public static final String UNIX_DATA_SHARED = "liboodle-data-shared.so";

    /** Every known name, whatever the platform. */
    public static final List<String> ALL = List.of(
            WINDOWS_X64, LINUX_X64, LINUX_ARM64, MAC, WINDOWS_DATA_SHARED, UNIX_DATA_SHARED);

    private OodleNames() {
    }

    /** The names to try on the running JVM's platform, most usual first. */
    public static List<String> forCurrentPlatform() {
        return forPlatform(System.getProperty("os.name", ""), System.getProperty("os.arch", ""));
    }

    /**
     * The names to try for an {@code os.name}/{@code os.arch} pair, most usual first. An unknown
     * platform gets every name (the loader reports which ones failed and why).
     */
    public static List<String> forPlatform(String osName, String osArch) {
        String os = osName.toLowerCase(Locale.ROOT);
        String arch = osArch.toLowerCase(Locale.ROOT);
        boolean arm = arch.equals("aarch64") || arch.equals("arm64");
        if (os.startsWith("windows")) {
            return List.of(WINDOWS_X64, WINDOWS_DATA_SHARED);
        }
        if (os.startsWith("mac") || os.startsWith("darwin")) {
            return List.of(MAC);
        }
        if (os.startsWith("linux")) {
            return List.of(arm ? LINUX_ARM64 : LINUX_X64, UNIX_DATA_SHARED);
        }
        return ALL;
    }
}
