package io.uassetd.codecs.texture.asset;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.io.MemoryBudget;
import io.uassetd.codecs.texture.image.Dds;
import io.uassetd.testkit.Fixtures;
import io.uassetd.testkit.FuzzOutcomes;
import io.uassetd.testkit.Mutator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Texture packages mutated from real cooked textures (matya's T_Worm_A, BC4 with two mips in its
 * .ubulk, and T_Worm_N, BC5 inline, each cooked by UE4.18, UE4.27 and UE5.0): one file of the set
 * (.uasset, .uexp or .ubulk) is mutated per input, and the set goes through what the texture
 * actions do: open the package, read the texture's platform data, decode every mip from wherever
 * its payload lives (inline, .uexp end, .ubulk) and write the DDS of its mips. Every input decodes or
 * throws a FormatException naming the file, never anything else (INTERNAL in the daemon), a hang or
 * an allocation past the memory budget (64 MiB here: mip sizes and bulk sizes are admitted first).
 * {@value #TRIES} inputs per texture and engine, times {@code -Duassetd.fuzz.scale=N}.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class TextureFuzzTest {
    static final int TRIES = 30;
    private long budget;

    @TempDir
    Path tmp;

    @BeforeEach
    void smallBudget() {
        budget = MemoryBudget.limit();
        MemoryBudget.limit(64L << 20);
    }

    @AfterEach
    void restore() {
        MemoryBudget.limit(budget);
    }

    private static void exercise(Path uasset, EngineVersion engine) {
        AssetPackage p = AssetPackage.open(uasset, engine);
        TextureAsset t = TextureAsset.read(p, null);
        TexturePlatformData d = t.data();
        d.pixelFormat();
        int mips = d.mips().size();
        for (int i = 0; i < mips; i++) {
            TextureImages.decode(t, i, 0, TextureImages.options(t, true));
        }
        if (mips > 0) {
            // the DDS of the whole chain, as extract_texture_dds writes it
            assertThat(TextureImages.dds(t)).isNotEmpty();
        }
    }

    @Test
    void mutatedTexturePackagesDecodeOrFailClearly() throws Exception {
        int tries = TRIES * FuzzOutcomes.scale();
        FuzzOutcomes o = new FuzzOutcomes();
        List<String> versions = List.of("4.18", "4.27", "5.0");
        List<String> names = List.of("T_Worm_A", "T_Worm_N");
        int sets = 0;
        for (String v : versions) {
            EngineVersion engine = EngineVersion.parse(v);
            for (String name : names) {
                Path src = Fixtures.path("matya/" + v + "/" + name + ".uasset");
                List<String> exts = Files.exists(src.resolveSibling(name + ".ubulk")) ? List.of(".uasset", ".uexp", ".ubulk")
                        : List.of(".uasset", ".uexp");
                byte[][] orig = new byte[exts.size()][];
                for (int k = 0; k < exts.size(); k++) {
                    orig[k] = Files.readAllBytes(src.resolveSibling(name + exts.get(k)));
                }
                // the exports' tail holds the platform data (mip counts, sizes, bulk offsets): worth corrupting
                Mutator[] m = new Mutator[exts.size()];
                for (int k = 0; k < exts.size(); k++) {
                    int len = orig[k].length;
                    m[k] = new Mutator((v + name + k).hashCode(), exts.get(k).equals(".ubulk") ? null
                            : Mutator.range(exts.get(k).equals(".uexp") ? Math.max(0, len - 512) : 0, len, 4));
                }
                sets++;
                Path dir = Files.createDirectories(tmp.resolve(v + "-" + name));
                for (int i = 0; i < tries; i++) {
                    int k = i % exts.size();
                    Mutator.Mutation mu = m[k].next(orig[k]);
                    for (int j = 0; j < exts.size(); j++) {
                        Files.write(dir.resolve("X" + exts.get(j)), j == k ? mu.data() : orig[j]);
                    }
                    Path x = dir.resolve("X.uasset");
                    o.check(v + " " + name + exts.get(k) + " #" + i + " " + mu.description(), () -> exercise(x, engine));
                }
            }
        }
        o.report("texture packages");
        assertThat(o.total()).isEqualTo(sets * tries);
        assertThat(o.bugs()).as("inputs that escaped as something other than a FormatException naming the file").isEmpty();
        assertThat(o.rejected()).as("the mutations matter: some inputs are refused").isPositive();
        assertThat(o.accepted()).as("and some still decode").isPositive();
    }

    /** DDS files written from the mips of real textures, mutated, read back as inject_texture reads a DDS. */
    @Test
    void ddsOfRealMipsMutated() throws Exception {
        int tries = TRIES * 4 * FuzzOutcomes.scale();
        FuzzOutcomes o = new FuzzOutcomes();
        TextureAsset t = TextureAsset.read(AssetPackage.open(Fixtures.path("matya/5.0/T_Worm_A.uasset"), EngineVersion.parse("5.0")),
                null);
        byte[] dds = TextureImages.dds(t);
        Mutator m = new Mutator(20261128, Mutator.range(0, 160, 4));
        for (int i = 0; i < tries; i++) {
            Mutator.Mutation mu = m.next(dds);
            o.check("T_Worm_A.dds #" + i + " " + mu.description(), () -> Dds.read(mu.data(), "fuzz.dds"));
        }
        o.report("DDS of texture mips");
        assertThat(o.total()).isEqualTo(tries);
        assertThat(o.bugs()).isEmpty();
        assertThat(o.rejected()).isPositive();
    }
}
