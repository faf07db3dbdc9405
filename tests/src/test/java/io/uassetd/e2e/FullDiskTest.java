package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.Reply;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A full disk (a 32 KiB tmpfs, mounted only when the tests run as root and mount works; skipped
 * otherwise): from_json over an existing package fails with NO_SPACE naming the file, and leaves
 * the old .uasset/.uexp pair exactly as it was, with no temporary file.
 */
class FullDiskTest extends SharedDaemon {
    private static boolean sh(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    }

    @Test
    void aFullDiskIsNoSpaceAndLeavesTheOldPackage(@TempDir Path tmp) throws Exception {
        Path json = tmp.resolve("json");
        for (String n : List.of("ABP_SMG_A", "MGA_HeavyWeapon_Parent")) {
            Reply r = call("to_json", Map.of("file_path", Fixtures.path("uassetapi/TestJson/" + n + ".uasset").toString(),
                    "output_path", json.toString()));
            assertThat(r.success()).as(r.message()).isTrue();
        }
        Path disk = Files.createDirectories(tmp.resolve("disk"));
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "mounting a tmpfs needs root");
        Assumptions.assumeTrue(sh("mount", "-t", "tmpfs", "-o", "size=32k", "tmpfs", disk.toString()), "mount is available");
        try {
            Path target = disk.resolve("X.uasset");
            Reply old = call("from_json", Map.of("file_path", json.resolve("ABP_SMG_A.json").toString(), "output_path",
                    target.toString()));
            assertThat(old.success()).as(old.message()).isTrue();
            byte[] oldUasset = Files.readAllBytes(target);
            byte[] oldUexp = Files.readAllBytes(disk.resolve("X.uexp"));
            // the new pair (13.5 + 11 KiB) does not fit beside the old one in 32 KiB
            Reply r = call("from_json", Map.of("file_path", json.resolve("MGA_HeavyWeapon_Parent.json").toString(), "output_path",
                    target.toString()));
            String said = r.message() + " " + (r.data() == null ? "" : r.dataTree().toString());
            if (!r.success()) {
                assertThat(r.errorCode()).as(said).isEqualTo(ErrorCode.NO_SPACE);
            } else {
                // a batch action: the package is among its failures, with the code
                assertThat(said).contains("NO_SPACE");
            }
            assertThat(said).contains(disk.toString());
            assertThat(Files.readAllBytes(target)).isEqualTo(oldUasset);
            assertThat(Files.readAllBytes(disk.resolve("X.uexp"))).isEqualTo(oldUexp);
            try (Stream<Path> s = Files.list(disk)) {
                assertThat(s.map(p -> p.getFileName().toString()).sorted().toList()).containsExactly("X.uasset", "X.uexp");
            }
        } finally {
            sh("umount", disk.toString());
        }
        assertThat(Arrays.asList(disk.toFile().list())).isEmpty();
    }
}
