package io.uassetd.codecs.iostore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.hash.Hashes;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.iostore.header.ContainerHeader;
import io.uassetd.codecs.iostore.header.NameBatch;
import io.uassetd.codecs.iostore.toc.IoChunkId;
import io.uassetd.codecs.iostore.toc.IoChunkType;
import io.uassetd.codecs.iostore.header.ContainerHeaderVersion;
import io.uassetd.codecs.iostore.header.CulturePackage;
import io.uassetd.codecs.iostore.header.PackageRedirect;
import io.uassetd.codecs.iostore.header.StoreEntry;
import io.uassetd.codecs.iostore.toc.TocVersion;
import io.uassetd.codecs.task.TaskMonitor;
import io.uassetd.codecs.zen.ZenPackage;
import io.uassetd.codecs.zen.convert.BulkConversionResult;
import io.uassetd.codecs.zen.convert.ZenToLegacy;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * UE4.26/4.27 IoStore: the container header without signature (32-byte store entries, and the
 * 16-byte entries some shipped games use), built from the store entries retoc recorded for its UE4.27
 * Zen packages (retoc/UE4.27/*.metadata.json); and a UE4.27 mod container (TOC version 3) with those
 * packages next to a global.utoc holding the LoaderGlobalNames/Hashes and LoaderInitialLoadMeta
 * chunks, read as a package store and converted to legacy packages. The fixtures hold no UE4 container
 * with its .ucas, so both containers are written by {@link IoStoreWriter}.
 */
class Ue4IoStoreTest {
    static final List<String> PACKAGES = List.of("BP_Aphid_Meat_Prop", "BP_SpicyChoppingDamage", "EQ_StaticObstacleTargetLocation",
            "SPR_UI_Battle", "T_Emissive", "Table_SignsJanuary", "TestModUI");

    record Pkg(String name, long id, byte[] data, StoreEntry entry) {
    }

    static List<Pkg> packages() throws Exception {
        List<Pkg> out = new ArrayList<>();
        for (String n : PACKAGES) {
            Path f = Fixtures.path("retoc/UE4.27/" + n + (n.equals("TestModUI") ? ".uzenasset" : ".uasset"));
            byte[] data = Files.readAllBytes(f);
            JsonNode e = new ObjectMapper().readTree(Fixtures.path("retoc/UE4.27/" + n + ".metadata.json").toFile()).get("store_entry");
            List<Long> imports = new ArrayList<>();
            e.get("imported_packages").forEach(x -> imports.add(x.bigIntegerValue().longValue()));
            StoreEntry entry = new StoreEntry(e.get("export_count").asInt(), e.get("export_bundle_count").asInt(), imports, List.of(),
                    e.get("export_bundles_size").asLong(), e.get("load_order").asLong());
            ZenPackage zen = ZenPackage.read(data, n, EngineVersion.UE4_27);
            out.add(new Pkg(zen.packageName(), Hashes.cityHash64LowerUtf16(zen.packageName()), data, entry));
        }
        return out;
    }

    static ContainerHeader header(List<Pkg> pkgs, ContainerHeaderVersion v, Map<String, List<CulturePackage>> cultures,
            List<PackageRedirect> redirects) {
        List<StoreEntry> entries = pkgs.stream().map(p -> v == ContainerHeaderVersion.UE4 ? p.entry()
                : new StoreEntry(p.entry().exportCount(), p.entry().exportBundleCount(), p.entry().importedPackages(), List.of()))
                .toList();
        return new ContainerHeader(v, 0x1122334455667788L, pkgs.stream().map(Pkg::id).toList(), entries, List.of(), List.of(),
                NameBatch.fromUe4Parts(new byte[0], new byte[0], "none", 0), List.of(), redirects, null, 0, cultures);
    }

    @Test
    void ue4HeaderWritesTheUe4LayoutAndReadsBack() throws Exception {
        List<Pkg> pkgs = packages();
        Map<String, List<CulturePackage>> cultures = new LinkedHashMap<>();
        cultures.put("de", List.of(new CulturePackage(pkgs.get(0).id(), pkgs.get(1).id())));
        ContainerHeader h = header(pkgs, ContainerHeaderVersion.UE4, cultures,
                List.of(new PackageRedirect(pkgs.get(2).id(), pkgs.get(3).id(), null)));
        byte[] bytes = h.toBytes();
        // no "IoCn" signature: the container id comes first, then the package count and two empty name arrays
        ByteReader r = ByteReader.of("h", 0, bytes, "h");
        assertThat(r.raw64()).isEqualTo(0x1122334455667788L);
        assertThat(r.u32()).isEqualTo(PACKAGES.size());
        assertThat(r.u32()).isZero();
        assertThat(r.u32()).isZero();
        assertThat(r.u32()).isEqualTo(PACKAGES.size());
        r.skip(8 * PACKAGES.size());
        long imports = pkgs.stream().mapToLong(p -> p.entry().importedPackages().size()).sum();
        assertThat(r.u32()).isEqualTo(32L * PACKAGES.size() + 8 * imports);
        // the first entry: export bundles size, export count, bundle count, load order, pad
        assertThat(r.raw64()).isEqualTo(pkgs.get(0).entry().exportBundlesSize());
        assertThat(r.i32()).isEqualTo(pkgs.get(0).entry().exportCount());

        ContainerHeader back = ContainerHeader.read(bytes, "ue4", 0);
        assertThat(back.version()).isEqualTo(ContainerHeaderVersion.UE4);
        assertThat(back.packageIds()).isEqualTo(h.packageIds());
        assertThat(back.storeEntries()).hasSameSizeAs(pkgs);
        for (int i = 0; i < pkgs.size(); i++) {
            StoreEntry e = back.storeEntries().get(i);
            assertThat(e.importedPackages()).isEqualTo(pkgs.get(i).entry().importedPackages());
            assertThat(e.exportBundlesSize()).isEqualTo(pkgs.get(i).data().length);
            assertThat(e.loadOrder()).isEqualTo(pkgs.get(i).entry().loadOrder());
            assertThat(e.exportCount()).isEqualTo(pkgs.get(i).entry().exportCount());
        }
        assertThat(back.culturePackageMap()).isEqualTo(cultures);
        assertThat(back.packageRedirects()).containsExactly(new PackageRedirect(pkgs.get(2).id(), pkgs.get(3).id(), null));
        assertThat(back.toBytes()).isEqualTo(bytes);
    }

    @Test
    void shortEntriesAreToldApartByTheBufferSize() throws Exception {
        List<Pkg> pkgs = packages();
        byte[] bytes = header(pkgs, ContainerHeaderVersion.UE4_SHORT_ENTRIES, Map.of(), List.of()).toBytes();
        ContainerHeader back = ContainerHeader.read(bytes, "ue4 short", 0);
        assertThat(back.version()).isEqualTo(ContainerHeaderVersion.UE4_SHORT_ENTRIES);
        for (int i = 0; i < pkgs.size(); i++) {
            assertThat(back.storeEntries().get(i).importedPackages()).isEqualTo(pkgs.get(i).entry().importedPackages());
            assertThat(back.storeEntries().get(i).exportCount()).isEqualTo(pkgs.get(i).entry().exportCount());
        }
        assertThat(back.toBytes()).isEqualTo(bytes);
    }

    @Test
    void damagedUe4HeadersFailNamingTheField() throws Exception {
        byte[] bytes = header(packages(), ContainerHeaderVersion.UE4, Map.of(), List.of()).toBytes();
        for (int cut : new int[] {4, 11, 20, 40, bytes.length - 1}) {
            assertThatThrownBy(() -> ContainerHeader.read(Arrays.copyOf(bytes, cut), "cut", 0))
                    .isInstanceOf(io.uassetd.codecs.error.FormatException.class).hasMessageContaining("cut");
        }
        byte[] wrongCount = bytes.clone();
        wrongCount[8] = 9;
        assertThatThrownBy(() -> ContainerHeader.read(wrongCount, "count", 0)).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("Package count 9");
    }

    /** A UE4.27 mod container (TOC 3) and a global.utoc, written here, read as a store and converted. */
    @Test
    void ue427ContainerConvertsToLegacy(@TempDir Path tmp) throws Exception {
        List<Pkg> pkgs = packages();
        Path global = tmp.resolve("global.utoc");
        try (IoStoreWriter w = IoStoreWriter.create(global, IoStoreWriter.Options.of(TocVersion.PARTITION_SIZE, 0), Codecs.standard())) {
            w.addChunk(IoChunkId.of(0, 0, IoChunkType.LOADER_INITIAL_LOAD_META, false),
                    Files.readAllBytes(Fixtures.path("retoc/UE4.27/LoaderInitialLoadMeta_1.bin")), null);
            w.addChunk(IoChunkId.of(0, 0, IoChunkType.LOADER_GLOBAL_NAMES, false),
                    Files.readAllBytes(Fixtures.path("retoc/UE4.27/LoaderGlobalNames_1.bin")), null);
            w.addChunk(IoChunkId.of(0, 0, IoChunkType.LOADER_GLOBAL_NAME_HASHES, false),
                    Files.readAllBytes(Fixtures.path("retoc/UE4.27/LoaderGlobalNameHashes_1.bin")), null);
            w.finish();
        }
        Path mod = tmp.resolve("Mod_P.utoc");
        ContainerHeader h = header(pkgs, ContainerHeaderVersion.UE4, Map.of(), List.of());
        try (IoStoreWriter w = IoStoreWriter.create(mod, IoStoreWriter.Options.of(TocVersion.PARTITION_SIZE, h.containerId()),
                Codecs.standard())) {
            for (Pkg p : pkgs) {
                w.addChunk(IoChunkId.of(p.id(), 0, IoChunkType.EXPORT_BUNDLE_DATA, false), p.data(), null);
            }
            w.addChunk(IoChunkId.of(h.containerId(), 0, IoChunkType.CONTAINER_HEADER, false), h.toBytes(), null);
            w.finish();
        }
        try (IoStoreContainer c = IoStoreContainer.open(mod, ContainerKeys.none(), Codecs.standard())) {
            assertThat(c.toc().version()).isEqualTo(TocVersion.PARTITION_SIZE);
            ContainerHeader read = c.containerHeader().orElseThrow();
            assertThat(read.version()).isEqualTo(ContainerHeaderVersion.UE4);
            assertThat(read.toBytes()).isEqualTo(h.toBytes());
            // what inspect_iostore reports: the header is read (version -1: UE4 has no version field)
            ContainerSummary summary = c.summary();
            assertThat(summary.containerHeaderProblem()).isNull();
            assertThat(summary.containerHeaderVersion()).isEqualTo(-1);
            assertThat(summary.packageCount()).isEqualTo(pkgs.size());
            assertThat(summary.chunksByType()).containsEntry("EXPORT_BUNDLE_DATA", pkgs.size());
        }
        try (PackageStore store = PackageStore.builder(ContainerKeys.none(), Codecs.standard())
                .addContainer(global, PackageStore.GAME_PRIORITY).addContainer(mod, PackageStore.MOD_PRIORITY).build()) {
            assertThat(store.problems()).isEmpty();
            assertThat(store.packageIds()).containsExactlyInAnyOrderElementsOf(pkgs.stream().map(Pkg::id).toList());
            assertThat(store.scriptObjects()).isPresent();
            assertThat(store.scriptObjects().get().entries()).hasSize(23393);
            assertThat(io.uassetd.codecs.zen.ZenEngine.of(store, null).engine()).isEqualTo(EngineVersion.UE4_27);
            // without the base game, an import from one of its packages fails NOT_FOUND-style, naming the package
            Pkg aphid = pkgs.get(0);
            String base = Hashes.hex64(aphid.entry().importedPackages().get(0));
            assertThatThrownBy(() -> ZenToLegacy.convert(store, aphid.id(), EngineVersion.UE4_27, ZenToLegacy.Unresolved.FAIL))
                    .isInstanceOfSatisfying(io.uassetd.codecs.zen.convert.MissingPackageException.class,
                            e -> assertThat(e.missing()).contains(base))
                    .hasMessageContaining(base + " is not in it")
                    .hasMessageContaining("unresolved: placeholder");
            Path out = tmp.resolve("legacy");
            // the base game's packages are not there: their imports become placeholders
            BulkConversionResult r = ZenToLegacy.convertAll(store, n -> true, EngineVersion.UE4_27, ZenToLegacy.Unresolved.PLACEHOLDER,
                    out, TaskMonitor.NONE);
            assertThat(r.failures()).isEmpty();
            assertThat(r.converted()).hasSize(pkgs.size());
            for (Pkg p : pkgs) {
                Path uasset = out.resolve(p.name().substring(1) + ".uasset");
                AssetPackage legacy = AssetPackage.open(uasset, EngineVersion.UE4_27);
                ZenPackage zen = ZenPackage.read(p.data(), p.name(), EngineVersion.UE4_27);
                assertThat(legacy.exports()).hasSize(zen.exportMap().size());
                long[] at = zen.exportDataOffsets();
                for (int i = 0; i < at.length; i++) {
                    assertThat(legacy.exports().get(i).rawData()).isEqualTo(Arrays.copyOfRange(zen.exportData(), (int) at[i],
                            (int) (at[i] + zen.exportMap().get(i).cookedSerialSize())));
                }
            }
            // what the placeholder mode wrote for BP_Aphid_Meat_Prop's imports from the absent base game
            AssetPackage aphidLegacy = AssetPackage.open(out.resolve(aphid.name().substring(1) + ".uasset"), EngineVersion.UE4_27);
            List<String> placeholders = aphidLegacy.importInfos().stream()
                    .filter(i -> i.objectName().startsWith("Unresolved_") || i.objectName().startsWith("/Unresolved"))
                    .map(i -> i.classPackage() + "." + i.className() + " " + i.objectName()).toList();
            assertThat(placeholders).isNotEmpty().allMatch(x -> x.startsWith("/Script/CoreUObject.Object Unresolved_")
                    || x.startsWith("/Script/CoreUObject.Package /Unresolved"));
            // TestModUI's .uexp is the one retoc's legacy pair has
            assertThat(Files.readAllBytes(out.resolve("Game/_AssemblyStorm/TestMod/TestModUI.uexp")))
                    .isEqualTo(Files.readAllBytes(Fixtures.path("retoc/UE4.27/TestModUI.uexp")));
        }
    }
}
