package io.uassetd.codecs.asset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.core.FEngineVersion;
import io.uassetd.codecs.asset.core.FGenerationInfo;
import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.io.FString;
import io.uassetd.codecs.asset.version.CustomVersion;
import io.uassetd.codecs.asset.version.CustomVersionContainer;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.asset.version.LegacyFileVersion;
import io.uassetd.codecs.asset.version.ObjectVersion;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import io.uassetd.codecs.asset.version.PackageVersion;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Property-based round trips of the package summary's segments: for every engine release in the
 * table, versioned or unversioned, cooked or editor, a summary with random counts, offsets, GUIDs,
 * custom versions, engine versions, packages to cook and chunk ids is written, read back (with the
 * engine when unversioned) and written again to the same bytes, with the same tables.
 */
class PackageFileSummaryPropertiesTest {

    @Property(tries = 200)
    void randomSummariesReadBackEqual(@ForAll("engines") EngineVersion engine, @ForAll boolean unversioned,
            @ForAll boolean filter, @ForAll long seed) {
        PackageFileSummary s = random(engine, unversioned, filter, new Random(seed));
        PackageWriter w = new PackageWriter(s.version(), s.filterEditorOnly());
        s.write(w);
        byte[] bytes = w.toByteArray();
        byte[] file = Arrays.copyOf(bytes, bytes.length + 8192);
        PackageFileSummary back = PackageFileSummary.read(new PackageReader(file, "random.uasset"), engine);
        PackageWriter again = new PackageWriter(back.version(), back.filterEditorOnly());
        back.write(again);
        assertThat(again.toByteArray()).isEqualTo(bytes);
        assertThat(back.version()).isEqualTo(s.version());
        assertThat(back.isUnversioned()).isEqualTo(unversioned);
        assertThat(back.customVersions().versions()).extracting(CustomVersion::key, CustomVersion::version)
                .isEqualTo(s.customVersions().versions().stream().map(c -> tuple(c.key(), c.version())).toList());
        assertThat(back.packageName()).isEqualTo(s.packageName());
        assertThat(back.packageFlags()).isEqualTo(s.packageFlags());
        assertThat(back.totalHeaderSize()).isEqualTo(s.totalHeaderSize());
        assertThat(back.generations()).isEqualTo(s.generations());
        assertThat(back.additionalPackagesToCook()).isEqualTo(s.additionalPackagesToCook());
        assertThat(List.of(back.nameCount(), back.nameOffset(), back.exportCount(), back.exportOffset(), back.importCount(),
                back.importOffset(), back.dependsOffset(), back.thumbnailTableOffset()))
                .isEqualTo(List.of(s.nameCount(), s.nameOffset(), s.exportCount(), s.exportOffset(), s.importCount(),
                        s.importOffset(), s.dependsOffset(), s.thumbnailTableOffset()));
    }

    @Provide
    Arbitrary<EngineVersion> engines() {
        return Arbitraries.of(EngineVersion.values());
    }

    private static PackageFileSummary random(EngineVersion engine, boolean unversioned, boolean filter, Random rnd) {
        PackageVersion v = engine.packageVersion();
        LegacyFileVersion legacy = LegacyFileVersion.of(engine.legacyFileVersion()).orElseThrow();
        boolean hashed = v.atLeast(ObjectVersionUE5.PACKAGE_SAVED_HASH);
        int flags = (rnd.nextInt() & ~PackageFileSummary.PKG_FILTER_EDITOR_ONLY) | (filter ? PackageFileSummary.PKG_FILTER_EDITOR_ONLY : 0);
        List<CustomVersion> customs = new ArrayList<>();
        for (int i = rnd.nextInt(4); i > 0; i--) {
            customs.add(CustomVersion.of(guid(rnd), rnd.nextInt(100)));
        }
        byte[] hash = new byte[20];
        rnd.nextBytes(hash);
        SummaryVersions versions = new SummaryVersions(legacy, unversioned ? 0 : 864, unversioned ? 0 : v.fileVersionUE4(),
                unversioned || !legacy.atLeast(LegacyFileVersion.UE5_VERSION) ? 0 : v.fileVersionUE5(),
                unversioned ? 0 : v.licenseeVersion(), unversioned ? v : v.fileVersions(), unversioned);
        SummaryHeader header = new SummaryHeader(hashed ? hash : null,
                new CustomVersionContainer(legacy.customVersionFormat(), customs), rnd.nextInt(5000),
                FString.of("/Game/" + word(rnd)), flags);
        SummaryTables tables = new SummaryTables(count(rnd), offset(rnd), count(rnd), offset(rnd), FString.of(word(rnd)),
                count(rnd), offset(rnd), count(rnd), offset(rnd), count(rnd), offset(rnd), count(rnd), offset(rnd), count(rnd),
                offset(rnd), offset(rnd), offset(rnd), count(rnd), offset(rnd), offset(rnd), offset(rnd), count(rnd), offset(rnd));
        List<FGenerationInfo> generations = new ArrayList<>();
        for (int i = rnd.nextInt(3); i > 0; i--) {
            generations.add(new FGenerationInfo(rnd.nextInt(100), rnd.nextInt(100)));
        }
        boolean owner = !filter && v.atLeast(ObjectVersion.ADDED_PACKAGE_OWNER);
        SummaryGuids guids = new SummaryGuids(hashed ? null : guid(rnd), owner ? guid(rnd) : null,
                owner && !v.atLeast(ObjectVersion.NON_OUTER_PACKAGE_IMPORT) ? guid(rnd) : null, generations);
        boolean engineObject = v.atLeast(ObjectVersion.ENGINE_VERSION_OBJECT);
        SummaryEngineVersions engines = new SummaryEngineVersions(engineObject ? engineVersion(rnd) : null,
                engineObject ? 0 : rnd.nextInt(1 << 20),
                v.atLeast(ObjectVersion.PACKAGE_SUMMARY_HAS_COMPATIBLE_ENGINE_VERSION) ? engineVersion(rnd) : null);
        List<FString> toCook = new ArrayList<>();
        for (int i = rnd.nextInt(3); i > 0; i--) {
            toCook.add(FString.of("/Game/" + word(rnd)));
        }
        SummaryCooking cooking = new SummaryCooking(rnd.nextInt(4), List.of(), rnd.nextInt(), toCook, 0);
        int[] chunkIds = new int[v.atLeast(ObjectVersion.CHANGED_CHUNKID_TO_BE_AN_ARRAY_OF_CHUNKIDS) ? rnd.nextInt(4)
                : v.atLeast(ObjectVersion.ADDED_CHUNKID_TO_ASSETDATA_AND_UPACKAGE) ? 1 : 0];
        Arrays.setAll(chunkIds, i -> rnd.nextInt(1000));
        SummaryDataOffsets data = new SummaryDataOffsets(offset(rnd), rnd.nextInt(1 << 20), offset(rnd), chunkIds,
                rnd.nextInt(20) - 1, offset(rnd), rnd.nextInt(50), rnd.nextBoolean() ? -1 : rnd.nextInt(1 << 20),
                rnd.nextBoolean() ? -1 : offset(rnd));
        return new PackageFileSummary(versions, header, tables, guids, engines, cooking, data);
    }

    private static int count(Random rnd) {
        return rnd.nextInt(20);
    }

    private static int offset(Random rnd) {
        return 1 + rnd.nextInt(2000);
    }

    private static FGuid guid(Random rnd) {
        return new FGuid(rnd.nextInt(), rnd.nextInt(), rnd.nextInt(), rnd.nextInt());
    }

    private static FEngineVersion engineVersion(Random rnd) {
        return new FEngineVersion(4 + rnd.nextInt(2), rnd.nextInt(28), rnd.nextInt(5), rnd.nextInt(1 << 24),
                FString.of("++UE5+Release-" + word(rnd)));
    }

    private static String word(Random rnd) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1 + rnd.nextInt(12); i > 0; i--) {
            sb.append((char) ('a' + rnd.nextInt(26)));
        }
        return sb.toString();
    }
}
