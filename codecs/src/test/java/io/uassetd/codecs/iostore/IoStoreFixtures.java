package io.uassetd.codecs.iostore;

import io.uassetd.testkit.Fixtures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The IoStore fixtures the tests use, by name. */
final class IoStoreFixtures {
    static final String UE58 = "cue4parse/UE5_8/IoStore/";
    static final byte[] CUE4PARSE_KEY = "CUE4ParseFixtureAESKey0123456789".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private IoStoreFixtures() {
    }

    /** Every .utoc under the fixture folder, as paths relative to it. */
    static Stream<String> allTocs() {
        Path root = Fixtures.root();
        try (Stream<Path> s = Files.walk(root)) {
            List<String> out = s.filter(p -> p.toString().endsWith(".utoc")).map(p -> root.relativize(p).toString())
                    .sorted().toList();
            return out.stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The UE5.8 content container of a flavour (Tagged/Unversioned) and variant (Oodle, Zlib, ...). */
    static Path ue58(String flavour, String variant) {
        return Fixtures.path(UE58 + flavour + "/" + variant + "/CUE4ParseFixtures-Minimal-" + variant + "-Windows.utoc");
    }

    /** Flavour/variant pairs present in the fixtures. */
    static Stream<String[]> ue58Variants() {
        return Stream.of(new String[] {"Tagged", "Oodle"}, new String[] {"Tagged", "Zlib"},
                new String[] {"Tagged", "Uncompressed"}, new String[] {"Tagged", "OodlePartitioned"},
                new String[] {"Tagged", "OodleEncrypted"}, new String[] {"Unversioned", "Oodle"},
                new String[] {"Unversioned", "Uncompressed"});
    }
}
