package io.uassetd.codecs.iostore;

import io.uassetd.codecs.iostore.toc.IoChunkType;
import io.uassetd.codecs.iostore.toc.IoChunkId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.mesh.MeshInfo;
import io.uassetd.codecs.asset.mesh.MeshProfile;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.crypto.EncryptionScheme;
import io.uassetd.codecs.error.CancelledException;
import io.uassetd.codecs.bundle.BundleAssembler;
import io.uassetd.codecs.bundle.BundleChunk;
import io.uassetd.codecs.bundle.BundleInput;
import io.uassetd.codecs.game.GameProfile;
import io.uassetd.codecs.bundle.LegacyPackages;
import io.uassetd.codecs.bundle.MeshMaterialFix;
import io.uassetd.codecs.iostore.header.ContainerHeaderVersion;
import io.uassetd.codecs.iostore.toc.TocVersion;
import io.uassetd.codecs.bundle.BundlePackage;
import io.uassetd.codecs.bundle.BundleWriter;
import io.uassetd.codecs.bundle.ContainerCopy;
import io.uassetd.codecs.bundle.IoStoreProfile;
import io.uassetd.codecs.bundle.ZenPackages;
import io.uassetd.codecs.iostore.header.ContainerHeader;
import io.uassetd.codecs.iostore.header.StoreEntry;
import io.uassetd.codecs.pak.CompanionPak;
import io.uassetd.codecs.pak.PakReadOptions;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.codecs.task.TaskMonitor;
import io.uassetd.codecs.zen.convert.LegacyOutput;
import io.uassetd.codecs.zen.convert.ZenToLegacy;
import io.uassetd.testkit.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bundles built from the UE 5.8 fixture container's Zen packages read back through our reader and
 * package store with the same chunks and store entries, convert to the same legacy packages, and
 * list their files in the companion pak; copies (recompress, clone) keep every chunk; a failed
 * build leaves no file behind.
 */
class BundleWriterTest {
    private static final Codecs CODECS = Codecs.standard();
    private static final AesKey KEY = AesKey.of(IoStoreFixtures.CUE4PARSE_KEY);

    /** The fixture container's packages as bundle inputs: package chunks with their .ubulk sidecars. */
    static List<BundlePackage> packagesOf(IoStoreContainer src, IoStoreProfile profile) {
        String mount = src.mountPoint().orElseThrow();
        Map<Long, List<BundleChunk>> sidecars = new HashMap<>();
        List<Object[]> packages = new ArrayList<>();
        for (IoStoreFile f : src.files()) {
            String path = "CUE4ParseFixtures/Content/Fixtures/" + f.path().substring(mount.length());
            IoChunkId id = src.chunkId(f.chunkIndex());
            byte[] data = src.readChunk(f.chunkIndex());
            if (id.type(true) == IoChunkType.EXPORT_BUNDLE_DATA) {
                packages.add(new Object[] {data, path});
            } else {
                sidecars.computeIfAbsent(id.id(), k -> new ArrayList<>()).add(ZenPackages.sidecar(path, data));
            }
        }
        List<BundlePackage> out = new ArrayList<>();
        for (Object[] p : packages) {
            byte[] data = (byte[]) p[0];
            String path = (String) p[1];
            long id = io.uassetd.codecs.hash.Hashes.cityHash64LowerUtf16(
                    io.uassetd.codecs.zen.ZenPackage.read(data, path, profile.zenLayout()).packageName());
            out.add(ZenPackages.of(data, path, path, sidecars.getOrDefault(id, List.of()), profile));
        }
        return out;
    }

    /** The Uncompressed UE5.8 container's packages as bundle inputs for {@code profile}. */
    static List<BundlePackage> fixturePackages(IoStoreProfile profile) {
        try (IoStoreContainer src = IoStoreContainer.open(IoStoreFixtures.ue58("Tagged", "Uncompressed"))) {
            return packagesOf(src, profile);
        }
    }

    /** A copied container is described by the engine table's row of its TOC and container header versions. */
    @Test
    void copiedContainersTakeTheEngineOfTheirVersions() {
        Map<String, EngineVersion> expected = Map.of(
                "cue4parse/UE5_8/IoStore/Tagged/Zlib/CUE4ParseFixtures-Minimal-Zlib-Windows.utoc", EngineVersion.UE5_8,
                "cue4parse/UE6_0/IoStore/Tagged/Zlib/CUE4ParseFixtures-Minimal-Zlib-Windows.utoc", EngineVersion.UE6_0);
        expected.forEach((path, engine) -> {
            try (IoStoreContainer src = IoStoreContainer.open(Fixtures.path(path))) {
                assertThat(ContainerCopy.read(src, TaskMonitor.NONE).profile().engine()).as(path).isEqualTo(engine);
            }
        });
        // versions no fixture has: TOC 5 with header 3 is UE5.3 (Marvel Rivals' containers), header 2 the newest of 5.1/5.2
        assertThat(EngineVersion.newestWritingContainer(5, 3)).isEqualTo(EngineVersion.UE5_3);
        assertThat(EngineVersion.newestWritingContainer(5, 2)).isEqualTo(EngineVersion.UE5_2);
        assertThat(EngineVersion.newestWritingContainer(8, 99)).isEqualTo(EngineVersion.UE5_8);
    }

    @Test
    void fixtureContainerIdIsTheHashOfItsName() {
        try (IoStoreContainer src = IoStoreContainer.open(IoStoreFixtures.ue58("Tagged", "Uncompressed"))) {
            assertThat(BundleWriter.containerIdOf(src.name())).isEqualTo(src.containerId());
        }
    }

    @Test
    void bundleFromTheFixturePackagesReadsBackAndConvertsToTheSameLegacyPackages(@TempDir Path tmp) throws Exception {
        Path source = IoStoreFixtures.ue58("Tagged", "Uncompressed");
        Path utoc = tmp.resolve("Bundle_P.utoc");
        IoStoreProfile profile = IoStoreProfile.of(EngineVersion.UE5_8);
        BundleWriter.Result r;
        Map<IoChunkId, byte[]> expected = new HashMap<>();
        ContainerHeader srcHeader;
        try (IoStoreContainer src = IoStoreContainer.open(source)) {
            for (int i = 0; i < src.chunkCount(); i++) {
                if (src.chunkType(i) != IoChunkType.CONTAINER_HEADER) {
                    expected.put(src.chunkId(i), src.readChunk(i));
                }
            }
            srcHeader = src.containerHeader().orElseThrow();
            List<BundlePackage> packages = packagesOf(src, profile);
            assertThat(packages).hasSize(97);
            r = BundleWriter.write(utoc, BundleWriter.Options.of(profile).withMethod(CompressionMethod.ZLIB)
                    .withKeys(null, KEY), packages, List.of(), CODECS, TaskMonitor.NONE);
        }
        assertThat(r.packageCount()).isEqualTo(97);
        assertThat(r.files()).hasSize(111).contains("CUE4ParseFixtures/Content/Fixtures/Meshes/SM_Fixture.uasset",
                "CUE4ParseFixtures/Content/Fixtures/Textures/T_Streaming.ubulk");
        try (IoStoreContainer c = IoStoreContainer.open(utoc)) {
            assertThat(c.chunkCount()).isEqualTo(expected.size() + 1);
            assertThat(c.isCompressed()).isTrue();
            assertThat(c.toc().version()).isEqualTo(profile.tocVersion());
            for (Map.Entry<IoChunkId, byte[]> e : expected.entrySet()) {
                assertThat(c.readChunk(e.getKey())).as(e.getKey().toString()).isEqualTo(e.getValue());
            }
            int h = c.findFirst(IoChunkType.CONTAINER_HEADER);
            assertThat(c.chunkId(h).id()).isEqualTo(c.containerId());
            assertThat(c.toc().chunkMetas().get(h).flags() & 1).isZero();
            ContainerHeader header = c.containerHeader().orElseThrow();
            byte[] headerBytes = c.readChunk(h);
            assertThat(ContainerHeader.read(headerBytes, "bundle", 0).toBytes()).isEqualTo(headerBytes);
            assertThat(header.version()).isEqualTo(srcHeader.version());
            assertThat(header.packageIds()).containsExactlyInAnyOrderElementsOf(srcHeader.packageIds());
            for (long id : srcHeader.packageIds()) {
                StoreEntry want = srcHeader.storeEntry(id);
                StoreEntry got = header.storeEntry(id);
                assertThat(got.importedPackages()).as(Long.toHexString(id)).isEqualTo(want.importedPackages());
                assertThat(got.shaderMapHashes()).hasSameSizeAs(want.shaderMapHashes());
            }
        }
        // the companion pak lists every file of the container, encrypted with the key (stock engine: standard AES)
        try (PakReader pak = PakReader.open(r.pak(), new PakReadOptions(KEY, EncryptionScheme.STANDARD, CODECS))) {
            assertThat(pak.entries()).hasSize(1);
            String names = new String(pak.readEntry(pak.find(CompanionPak.ENTRY).orElseThrow()), StandardCharsets.UTF_8);
            assertThat(names.split("\n")).containsExactlyElementsOf(r.files());
        }
        // converting the bundle's packages to legacy gives the same packages as converting the source's
        Path global = Fixtures.path(IoStoreFixtures.UE58 + "Tagged/global.utoc");
        try (PackageStore original = PackageStore.builder(ContainerKeys.none(), CODECS).addContainer(global, 0)
                .addContainer(source, 1).strict(true).build();
                PackageStore rebuilt = PackageStore.builder(ContainerKeys.none(), CODECS).addContainer(global, 0)
                        .addContainer(utoc, 1).strict(true).build()) {
            int converted = 0;
            for (long id : srcHeader.packageIds()) {
                LegacyOutput a = ZenToLegacy.convert(original, id, EngineVersion.UE5_8, ZenToLegacy.Unresolved.RECOVER);
                LegacyOutput b = ZenToLegacy.convert(rebuilt, id, EngineVersion.UE5_8, ZenToLegacy.Unresolved.RECOVER);
                assertThat(b.relativePath()).isEqualTo(a.relativePath());
                assertThat(b.asset().toBytes().header()).isEqualTo(a.asset().toBytes().header());
                assertThat(b.asset().toBytes().exports()).isEqualTo(a.asset().toBytes().exports());
                assertThat(b.companions().keySet()).isEqualTo(a.companions().keySet());
                converted++;
            }
            assertThat(converted).isEqualTo(97);
        }
    }

    /**
     * A UE6_0 bundle from the UE6.0 fixture container's packages: TOC 10 with the AES-CTR encryption
     * UE6.0 writes (an IV per block and one for the directory index), container header 5, every
     * chunk and store entry as in the source, and its packages convert to the same legacy packages.
     */
    @Test
    void ue60BundleIsToc10WithAesCtrAndGivesTheSourcePackagesBack(@TempDir Path tmp) throws Exception {
        Path source = Ue60TocTest.ue60("Uncompressed");
        Path utoc = tmp.resolve("Six_P.utoc");
        IoStoreProfile profile = IoStoreProfile.of(EngineVersion.UE6_0);
        assertThat(profile.tocVersion()).isEqualTo(TocVersion.CONTAINER_ENCRYPTION_METHOD);
        assertThat(profile.headerVersion().value()).isEqualTo(5);
        Map<IoChunkId, byte[]> expected = new HashMap<>();
        ContainerHeader srcHeader;
        try (IoStoreContainer src = IoStoreContainer.open(source)) {
            for (int i = 0; i < src.chunkCount(); i++) {
                if (src.chunkType(i) != IoChunkType.CONTAINER_HEADER) {
                    expected.put(src.chunkId(i), src.readChunk(i));
                }
            }
            srcHeader = src.containerHeader().orElseThrow();
            BundleWriter.write(utoc, BundleWriter.Options.of(profile).withKeys(KEY, null), packagesOf(src, profile), List.of(),
                    CODECS, TaskMonitor.NONE);
        }
        try (IoStoreContainer c = IoStoreContainer.open(utoc, ContainerKeys.of(KEY), CODECS)) {
            assertThat(c.tocVersion()).isEqualTo(TocVersion.CONTAINER_ENCRYPTION_METHOD);
            assertThat(c.isEncrypted()).isTrue();
            assertThat(c.toc().header().encryptionMethod()).isEqualTo(io.uassetd.codecs.crypto.EncryptionMethod.AES_CTR);
            assertThat(c.toc().encryptionIvCount()).isEqualTo(c.toc().compressionBlocks().size() + 1);
            for (Map.Entry<IoChunkId, byte[]> e : expected.entrySet()) {
                assertThat(c.readChunk(e.getKey())).as(e.getKey().toString()).isEqualTo(e.getValue());
            }
            ContainerHeader header = c.containerHeader().orElseThrow();
            assertThat(header.version()).isEqualTo(srcHeader.version());
            for (long id : srcHeader.packageIds()) {
                assertThat(header.storeEntry(id).importedPackages()).isEqualTo(srcHeader.storeEntry(id).importedPackages());
            }
        }
        Path global = Fixtures.path("cue4parse/UE6_0/IoStore/Tagged/global.utoc");
        try (PackageStore original = PackageStore.builder(ContainerKeys.none(), CODECS).addContainer(global, 0)
                .addContainer(source, 1).strict(true).build();
                PackageStore rebuilt = PackageStore.builder(ContainerKeys.of(KEY), CODECS).addContainer(global, 0)
                        .addContainer(utoc, 1).strict(true).build()) {
            assertThat(io.uassetd.codecs.zen.ZenEngine.of(rebuilt, null).engine()).isEqualTo(EngineVersion.UE6_0);
            for (long id : srcHeader.packageIds()) {
                LegacyOutput a = ZenToLegacy.convert(original, id, EngineVersion.UE6_0, ZenToLegacy.Unresolved.RECOVER);
                LegacyOutput b = ZenToLegacy.convert(rebuilt, id, EngineVersion.UE6_0, ZenToLegacy.Unresolved.RECOVER);
                assertThat(b.asset().toBytes().header()).isEqualTo(a.asset().toBytes().header());
                assertThat(b.asset().toBytes().exports()).isEqualTo(a.asset().toBytes().exports());
            }
        }
    }

    @Test
    void compressingOnManyThreadsWritesTheSameBytes(@TempDir Path tmp) throws Exception {
        IoStoreProfile profile = IoStoreProfile.of(EngineVersion.UE5_8);
        List<BundlePackage> packages = fixturePackages(profile);
        BundleWriter.Options o = BundleWriter.Options.of(profile).withMethod(CompressionMethod.ZLIB).withKeys(KEY, null);
        BundleWriter.write(tmp.resolve("a/One_P.utoc"), o, packages, List.of(), CODECS, TaskMonitor.NONE);
        java.util.concurrent.ForkJoinPool pool = new java.util.concurrent.ForkJoinPool(4);
        try {
            BundleWriter.write(tmp.resolve("b/One_P.utoc"), o.withPool(pool), packages, List.of(), CODECS, TaskMonitor.NONE);
        } finally {
            pool.shutdown();
        }
        for (String f : List.of("One_P.utoc", "One_P.ucas", "One_P.pak")) {
            assertThat(Files.readAllBytes(tmp.resolve("b").resolve(f))).as(f).isEqualTo(Files.readAllBytes(tmp.resolve("a").resolve(f)));
        }
    }

    /**
     * A bundle made as the writer takes its packages, a window at a time (on two threads, or on the caller's), is the
     * bundle made from all of them at once, byte for byte, and holds no more than a window and the one made ahead:
     * with one-byte windows, the first 16 packages and one more (97 legacy packages of the UE5.8 fixture).
     */
    @Test
    void aStreamedBundleIsTheWholeOneAndHoldsAWindowAtATime(@TempDir Path tmp) throws Exception {
        Path source = IoStoreFixtures.ue58("Tagged", "Uncompressed");
        Path global = Fixtures.path(IoStoreFixtures.UE58 + "Tagged/global.utoc");
        List<BundleInput> inputs = new ArrayList<>();
        try (PackageStore store = PackageStore.builder(ContainerKeys.none(), CODECS).addContainer(global, 0)
                .addContainer(source, 1).strict(true).build()) {
            for (long id : store.packageIds()) {
                inputs.addAll(BundleInput.of(ZenToLegacy.convert(store, id, EngineVersion.UE5_8, ZenToLegacy.Unresolved.RECOVER)));
            }
        }
        IoStoreProfile profile = IoStoreProfile.of(EngineVersion.UE5_8);
        BundleAssembler.Plan whole = BundleAssembler.assemble(inputs, profile, false, new LegacyPackages(true), null, TaskMonitor.NONE);
        assertThat(whole.packages()).hasSize(97);
        Path a = tmp.resolve("a/Mod_P.utoc");
        BundleWriter.write(a, BundleWriter.Options.of(profile), whole.packages(), List.of(), CODECS, TaskMonitor.NONE);
        ForkJoinPool two = new ForkJoinPool(2);
        try {
            for (ForkJoinPool pool : java.util.Arrays.asList(two, null)) {
                java.util.concurrent.atomic.AtomicInteger made = new java.util.concurrent.atomic.AtomicInteger();
                java.util.concurrent.atomic.AtomicInteger taken = new java.util.concurrent.atomic.AtomicInteger();
                java.util.concurrent.atomic.AtomicInteger most = new java.util.concurrent.atomic.AtomicInteger();
                LegacyPackages legacy = new LegacyPackages(true);
                BundleAssembler.LegacyConverter counting = (in, p) -> {
                    most.accumulateAndGet(made.incrementAndGet() - taken.get(), Math::max);
                    return legacy.convert(in, p);
                };
                BundleAssembler.Assembly streamed = BundleAssembler.stream(inputs, profile, false, counting, pool, TaskMonitor.NONE, 1);
                Path b = tmp.resolve((pool == null ? "serial" : "pool") + "/Mod_P.utoc");
                BundleWriter.Result r = BundleWriter.write(b, BundleWriter.Options.of(profile).withPool(pool), sink -> streamed.forEach(p -> {
                    taken.incrementAndGet();
                    sink.accept(p);
                }), streamed.groupCount(), List.of(), null, CODECS, TaskMonitor.NONE);
                assertThat(r.packageCount()).isEqualTo(97);
                assertThat(streamed.legacyCount()).isEqualTo(97);
                assertThat(streamed.errors()).isEmpty();
                assertThat(made.get()).isEqualTo(97);
                assertThat(most.get()).as("packages made and not yet written").isBetween(16, 17);
                for (String ext : List.of(".utoc", ".ucas", ".pak")) {
                    assertThat(Files.readAllBytes(b.resolveSibling("Mod_P" + ext))).as(ext)
                            .isEqualTo(Files.readAllBytes(a.resolveSibling("Mod_P" + ext)));
                }
            }
        } finally {
            two.shutdown();
        }
    }

    @Test
    void aFailedBuildLeavesNoFileBehind(@TempDir Path tmp) throws Exception {
        IoStoreProfile profile = IoStoreProfile.of(EngineVersion.UE5_8);
        List<BundlePackage> packages = fixturePackages(profile);
        Path utoc = tmp.resolve("Broken_P.utoc");
        List<BundlePackage> twice = new ArrayList<>(packages);
        twice.add(packages.get(3));
        assertThatThrownBy(() -> BundleWriter.write(utoc, BundleWriter.Options.of(profile), twice, List.of(), CODECS,
                TaskMonitor.NONE)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("twice");
        assertThat(listing(tmp)).isEmpty();
        TaskMonitor cancelLate = new TaskMonitor() {
            int calls;

            @Override
            public boolean isCancelled() {
                return ++calls > 50;
            }

            @Override
            public void progress(long done, long total, String item) {
            }
        };
        assertThatThrownBy(() -> BundleWriter.write(utoc, BundleWriter.Options.of(profile).withMethod(CompressionMethod.ZLIB),
                packages, List.of(), CODECS, cancelLate)).isInstanceOf(CancelledException.class);
        assertThat(listing(tmp)).isEmpty();
    }

    @Test
    void copiesKeepEveryChunkAndTheHeader(@TempDir Path tmp) throws Exception {
        Path source = IoStoreFixtures.ue58("Tagged", "OodleEncrypted");
        Path recompressed = tmp.resolve("Recompressed.utoc");
        Path cloned = tmp.resolve("Clone_P.utoc");
        try (IoStoreContainer src = IoStoreContainer.open(source, ContainerKeys.of(KEY), CODECS)) {
            BundleWriter.Result a = ContainerCopy.copy(src, recompressed,
                    new ContainerCopy.Options(CompressionMethod.ZLIB, null, null, false, false), CODECS, TaskMonitor.NONE);
            assertThat(a.pak()).isNull();
            BundleWriter.Result b = ContainerCopy.copy(src, cloned,
                    new ContainerCopy.Options(CompressionMethod.ZLIB, KEY, null, true, true), CODECS, TaskMonitor.NONE);
            assertThat(b.containerId()).isEqualTo(BundleWriter.containerIdOf("Clone_P"));
            byte[] srcHeader = src.readChunk(src.findFirst(IoChunkType.CONTAINER_HEADER));
            try (IoStoreContainer x = IoStoreContainer.open(recompressed);
                    IoStoreContainer y = IoStoreContainer.open(cloned, ContainerKeys.of(KEY), CODECS)) {
                assertThat(x.containerId()).isEqualTo(src.containerId());
                assertThat(x.isEncrypted()).isFalse();
                assertThat(y.isEncrypted()).isTrue();
                assertThat(x.files()).hasSameSizeAs(src.files());
                assertThat(y.files().stream().map(IoStoreFile::path).toList())
                        .containsExactlyInAnyOrderElementsOf(src.files().stream().map(IoStoreFile::path).toList());
                for (int i = 0; i < src.chunkCount(); i++) {
                    IoChunkId id = src.chunkId(i);
                    if (src.chunkType(i) == IoChunkType.CONTAINER_HEADER) {
                        continue;
                    }
                    byte[] want = src.readChunk(i);
                    assertThat(x.readChunk(id)).isEqualTo(want);
                    assertThat(y.readChunk(id)).isEqualTo(want);
                }
                assertThat(x.readChunk(x.findFirst(IoChunkType.CONTAINER_HEADER))).isEqualTo(srcHeader);
                byte[] cloneHeader = y.readChunk(y.findFirst(IoChunkType.CONTAINER_HEADER));
                ContainerHeader ch = ContainerHeader.read(cloneHeader, "clone", 0);
                assertThat(ch.containerId()).isEqualTo(b.containerId());
                assertThat(ch.storeEntries()).hasSameSizeAs(src.containerHeader().orElseThrow().storeEntries());
                assertThat(cloneHeader.length).isEqualTo(srcHeader.length);
            }
        }
    }

    @Test
    void legacyPackagesConvertIntoABundleThatGivesThemBack(@TempDir Path tmp) throws Exception {
        Path source = IoStoreFixtures.ue58("Tagged", "Uncompressed");
        Path global = Fixtures.path(IoStoreFixtures.UE58 + "Tagged/global.utoc");
        // legacy inputs: the fixture's packages as extract_iostore_legacy writes them, with their bulk data
        List<BundleInput> inputs = new ArrayList<>();
        Map<String, LegacyOutput> originals = new HashMap<>();
        try (PackageStore store = PackageStore.builder(ContainerKeys.none(), CODECS).addContainer(global, 0)
                .addContainer(source, 1).strict(true).build()) {
            for (long id : store.packageIds()) {
                LegacyOutput lo = ZenToLegacy.convert(store, id, EngineVersion.UE5_8, ZenToLegacy.Unresolved.RECOVER);
                originals.put(lo.packageName(), lo);
                inputs.addAll(BundleInput.of(lo));
            }
        }
        // the Marvel Rivals profile over the UE5.8 layout: its TOC and header versions, and its mesh hook
        IoStoreProfile profile = IoStoreProfile.of(EngineVersion.UE5_8, GameProfile.MARVEL_RIVALS);
        assertThat(profile.tocVersion()).isEqualTo(TocVersion.PERFECT_HASH_WITH_OVERFLOW);
        assertThat(profile.headerVersion()).isEqualTo(ContainerHeaderVersion.NO_EXPORT_INFO);
        LegacyPackages legacy = new LegacyPackages(true);
        BundleAssembler.Plan plan = BundleAssembler.assemble(inputs, profile, false, legacy, null, TaskMonitor.NONE);
        assertThat(plan.errors()).isEmpty();
        assertThat(plan.packages()).hasSize(97);
        assertThat(plan.legacyCount()).isEqualTo(97);
        // the Tagged fixture's skeletal meshes get the Rivals material layout; nothing needed a note
        assertThat(legacy.notes()).noneMatch(n -> n.contains("material layout"));
        Path utoc = tmp.resolve("Legacy_P.utoc");
        BundleWriter.write(utoc, BundleWriter.Options.of(profile).withMethod(CompressionMethod.ZLIB).withKeys(null, KEY),
                plan.packages(), List.of(), CODECS, TaskMonitor.NONE);
        // Marvel Rivals' companion pak is in the game's own scheme: the standard one cannot read it
        try (PakReader pak = PakReader.open(tmp.resolve("Legacy_P.pak"), new PakReadOptions(KEY, EncryptionScheme.WORD_SWAP, CODECS))) {
            assertThat(new String(pak.readEntry(pak.find(CompanionPak.ENTRY).orElseThrow()), StandardCharsets.UTF_8))
                    .contains("Game/Fixtures/Meshes/SK_Fixture.uasset");
        }
        assertThatThrownBy(() -> {
            try (PakReader pak = PakReader.open(tmp.resolve("Legacy_P.pak"), new PakReadOptions(KEY, EncryptionScheme.STANDARD, CODECS))) {
                pak.readEntry(pak.find(CompanionPak.ENTRY).orElseThrow());
            }
        }).isInstanceOf(io.uassetd.codecs.error.FormatException.class);
        try (PackageStore rebuilt = PackageStore.builder(ContainerKeys.none(), CODECS).addContainer(global, 0)
                .addContainer(utoc, 1).strict(true).build()) {
            assertThat(rebuilt.containers().get(1).toc().version()).isEqualTo(TocVersion.PERFECT_HASH_WITH_OVERFLOW);
            assertThat(rebuilt.containers().get(1).containerHeader().orElseThrow().version())
                    .isEqualTo(ContainerHeaderVersion.NO_EXPORT_INFO);
            assertThat(rebuilt.packageCount()).isEqualTo(97);
            int fixedMeshes = 0;
            for (long id : rebuilt.packageIds()) {
                LegacyOutput b = ZenToLegacy.convert(rebuilt, id, EngineVersion.UE5_8, ZenToLegacy.Unresolved.RECOVER);
                LegacyOutput a = originals.get(b.packageName());
                assertThat(b.relativePath()).isEqualTo(a.relativePath());
                // what goes in: the original, with the Rivals mesh material fix where it applies
                AssetPackage.Bytes in = a.asset().toBytes();
                MeshMaterialFix.Result fixedIn = MeshMaterialFix.apply(GameProfile.MARVEL_RIVALS, true, in.header(), in.exports(),
                        "x.uasset", EngineVersion.UE5_8, b.packageName(), new ArrayList<>());
                assertThat(fixedIn.changed()).as(b.packageName()).isEqualTo(b.packageName().endsWith("/SK_Fixture"));
                AssetPackage.Bytes want = fixedIn.pkg().toBytes();
                assertThat(b.asset().toBytes().header()).as(b.packageName()).isEqualTo(want.header());
                assertThat(b.asset().toBytes().exports()).as(b.packageName()).isEqualTo(want.exports());
                if (fixedIn.changed()) {
                    MeshInfo m = MeshInfo.read(b.asset(), null, GameProfile.MARVEL_RIVALS.mesh());
                    assertThat(m.slotNames()).containsExactly("Primary", "Secondary");
                    assertThat(m.materials()).allSatisfy(x -> assertThat(x.gameplayTags()).isEmpty());
                    fixedMeshes++;
                }
                assertThat(b.companions().keySet()).isEqualTo(a.companions().keySet());
                b.companions().forEach((ext, data) -> assertThat(data).isEqualTo(a.companions().get(ext)));
            }
            assertThat(fixedMeshes).as("SK_Fixture comes back in the Rivals layout").isEqualTo(1);
        }
    }

    @Test
    void containersWithAPaddedHeaderAsRetocAndUAssetToolWriteThemAreReadAndCopied(@TempDir Path tmp) throws Exception {
        ContainerCopy.Snapshot s;
        try (IoStoreContainer src = IoStoreContainer.open(IoStoreFixtures.ue58("Tagged", "Uncompressed"))) {
            s = ContainerCopy.read(src, TaskMonitor.NONE);
        }
        // the fixture's header is a multiple of 16 bytes: leave packages out until it is not, so the padding shows
        ContainerHeader h = s.header();
        int keep = h.packageIds().size();
        while ((h.toBytes().length % 16) == 0) {
            keep--;
            h = new ContainerHeader(h.version(), h.containerId(), h.packageIds().subList(0, keep), h.storeEntries().subList(0, keep),
                    h.optionalSegmentPackageIds(), h.optionalSegmentStoreEntries(), h.redirectsNameMap(), h.localizedPackages(),
                    h.packageRedirects(), h.softPackageReferences());
        }
        int pad = 16 - h.toBytes().length % 16;
        ContainerHeader padded = new ContainerHeader(h.version(), h.containerId(), h.packageIds(), h.storeEntries(),
                h.optionalSegmentPackageIds(), h.optionalSegmentStoreEntries(), h.redirectsNameMap(), h.localizedPackages(),
                h.packageRedirects(), h.softPackageReferences(), pad);
        ContainerCopy.Snapshot tool = new ContainerCopy.Snapshot(s.name(), s.containerId(), s.profile(), s.mountPoint(), s.chunks(),
                padded, s.method(), false);
        Path made = tmp.resolve("Tool_P.utoc");
        ContainerCopy.write(tool, made, new ContainerCopy.Options(CompressionMethod.NONE, null, null, true, true), CODECS,
                TaskMonitor.NONE);
        Path global = Fixtures.path(IoStoreFixtures.UE58 + "Tagged/global.utoc");
        try (PackageStore store = PackageStore.builder(ContainerKeys.none(), CODECS).addContainer(global, 0).addContainer(made, 1)
                .strict(true).build()) {
            assertThat(store.packageCount()).isEqualTo(keep);
            IoStoreContainer c = store.containers().get(1);
            byte[] chunk = c.readChunk(c.findFirst(IoChunkType.CONTAINER_HEADER));
            assertThat(chunk.length % 16).isZero();
            assertThat(c.containerHeader().orElseThrow().trailingPadding()).isEqualTo(pad);
            Path clone = tmp.resolve("Clone_P.utoc");
            ContainerCopy.copy(c, clone, new ContainerCopy.Options(CompressionMethod.ZLIB, null, null, true, true), CODECS,
                    TaskMonitor.NONE);
            try (IoStoreContainer y = IoStoreContainer.open(clone)) {
                byte[] cloned = y.readChunk(y.findFirst(IoChunkType.CONTAINER_HEADER));
                assertThat(cloned).hasSize(chunk.length);
                assertThat(ContainerHeader.read(cloned, "clone", 0).withContainerId(c.containerId()).toBytes()).isEqualTo(chunk);
            }
        }
    }

    private static List<Path> listing(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        }
    }
}
