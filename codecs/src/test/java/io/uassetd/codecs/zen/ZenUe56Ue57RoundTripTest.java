package io.uassetd.codecs.zen;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.DataResource;
import io.uassetd.codecs.asset.ObjectImport;
import io.uassetd.codecs.asset.Region;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.version.EngineChoice;
import io.uassetd.codecs.asset.version.EngineSource;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.bundle.BundlePackage;
import io.uassetd.codecs.bundle.BundleWriter;
import io.uassetd.codecs.bundle.IoStoreProfile;
import io.uassetd.codecs.bundle.ZenPackages;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.iostore.ContainerKeys;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.pak.PakEntry;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.codecs.task.TaskMonitor;
import io.uassetd.codecs.zen.convert.LegacyOutput;
import io.uassetd.codecs.zen.convert.ZenToLegacy;
import io.uassetd.codecs.zen.write.BulkChunk;
import io.uassetd.codecs.zen.write.LegacyToZen;
import io.uassetd.codecs.zen.write.ZenConversion;
import io.uassetd.codecs.zen.write.ZenTarget;
import io.uassetd.testkit.Fixtures;
import io.uassetd.testkit.PackageCopies;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Legacy -> Zen -> legacy for UE5.6 and UE5.7 on real files, with the Zen packages' engine detected.
 *
 * <p>UE5.6: the BpThirdPerson cook (unversioned, the four packages of the fixture set) converted for
 * UE5_6 and back, with the UE5.8 global container's script objects (script object ids are hashes of
 * their paths, the same in every release). Export data and bulk data come back byte for byte, the
 * import map with the same objects in the same order, the export map with the same objects, classes,
 * templates, outers, flags and sizes. What a Zen package does not hold comes back different, and the
 * test lists it exactly: the class of an import from a package that is not in the store (Zen stores
 * only the imported object's hash; its class becomes /Script/CoreUObject.Object, and the name map
 * loses the class names no other reference uses and gains {@code Object}), the data resources' outer
 * objects (left null), and the summary and export-map fields the Zen header does not carry.
 *
 * <p>UE5.7: the cooked UE5.7 copies {@code CookedUe57LayoutTest} builds (each real cooked UE5.8
 * package of the CUE4Parse LegacyPak paks written again without import PackageNames) converted for
 * UE5_7 and back. The names, imports, export data and bulk data come back identical, and the header
 * bytes that differ are exactly those that differ when the UE5.8 original makes the same round trip
 * for UE5_8 (the saved hash, LegacyUE3Version, export-map dependency fields, preload dependencies):
 * UE5.7 loses nothing UE5.8 keeps.
 *
 * <p>In both, converting the legacy result to Zen again gives the first Zen package byte for byte, and
 * a container written for the release is found as that release where the container can tell it:
 * UE5_6 by its TOC and container header versions (8 and 4: UE5_5 or UE5_6) and the Zen layout the
 * packages read with; UE5_7 and UE5_8 write the same TOC, header version, Zen layout and file
 * versions, so a UE5_7 container is found as UE5_8 (the newest), and one unversioned Zen package of
 * UE5.6 to 5.8 (one layout) as UE5_8 as well.
 */
class ZenUe56Ue57RoundTripTest {
    @TempDir
    Path tmp;

    private static final String BP = "uassetapi/TestUE5_6/BpThirdPerson";

    /** Package -> the imports whose class is lost (their package is not in the store), by path. */
    private static final Map<String, List<String>> UE56_LOST_CLASSES = new LinkedHashMap<>();

    static {
        UE56_LOST_CLASSES.put("BP_ThirdPersonCharacter", List.of(
                "/Game/Characters/Mannequins/Anims/Unarmed/ABP_Unarmed.Default__ABP_Unarmed_C",
                "/Game/Characters/Mannequins/Anims/Unarmed/ABP_Unarmed.ABP_Unarmed_C",
                "/Game/Input/Touch/BPI_TouchInterface.BPI_TouchInterface_C",
                "/Game/Input/Touch/BPI_TouchInterface.Default__BPI_TouchInterface_C",
                "/Game/Input/Actions/IA_Jump.IA_Jump", "/Game/Input/Actions/IA_Look.IA_Look",
                "/Game/Input/Actions/IA_MouseLook.IA_MouseLook", "/Game/Input/Actions/IA_Move.IA_Move",
                "/Game/Characters/Mannequins/Meshes/SKM_Quinn_Simple.SKM_Quinn_Simple"));
        UE56_LOST_CLASSES.put("MI_Quinn_01", List.of("/Game/Characters/Mannequins/Materials/M_Mannequin.M_Mannequin",
                "/Game/Characters/Mannequins/Textures/Quinn/T_Quinn_01_D.T_Quinn_01_D",
                "/Game/Characters/Mannequins/Textures/Quinn/T_Quinn_01_MRA.T_Quinn_01_MRA",
                "/Game/Characters/Mannequins/Textures/Quinn/T_Quinn_01_N.T_Quinn_01_N"));
        UE56_LOST_CLASSES.put("M_Mannequin", List.of(
                "/Engine/Functions/Engine_MaterialFunctions01/Opacity/CameraDepthFade.CameraDepthFade",
                "/Engine/Functions/Engine_MaterialFunctions01/Texturing/ScaleUVsByCenter.ScaleUVsByCenter",
                "/Engine/Functions/Engine_MaterialFunctions02/Utility/BreakOutFloat2Components.BreakOutFloat2Components",
                "/Game/Characters/Mannequins/Textures/Manny/T_Manny_01_BN.T_Manny_01_BN",
                "/Game/Characters/Mannequins/Textures/Manny/T_Manny_01_D.T_Manny_01_D",
                "/Game/Characters/Mannequins/Textures/Manny/T_Manny_01_MRA.T_Manny_01_MRA",
                "/Game/Characters/Mannequins/Textures/Shared/T_UE_Logo_M.T_UE_Logo_M"));
        UE56_LOST_CLASSES.put("SM_Cube", List.of("/Game/LevelPrototyping/Materials/MI_PrototypeGrid_Gray.MI_PrototypeGrid_Gray"));
    }

    /** Package -> the class names its name map loses (no other reference uses them); every one gains "Object". */
    private static final Map<String, List<String>> UE56_LOST_NAMES = Map.of(
            "BP_ThirdPersonCharacter", List.of("AnimBlueprintGeneratedClass", "SkeletalMesh"),
            "MI_Quinn_01", List.of("Material", "Texture2D"),
            "M_Mannequin", List.of("MaterialFunction", "Texture2D"),
            "SM_Cube", List.of("MaterialInstanceConstant"));

    @Test
    void bpThirdPersonUe56LegacyToZenToLegacy() throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.list(Fixtures.path(BP))) {
            files = s.filter(p -> p.toString().endsWith(".uasset")).sorted().toList();
        }
        assertThat(files).hasSize(4);
        List<BundlePackage> bundle = new ArrayList<>();
        IoStoreProfile profile = IoStoreProfile.of(EngineVersion.UE5_6);
        try (PackageStore store = ZenFixtures.ue58Store("Tagged/Uncompressed")) {
            for (Path f : files) {
                String base = f.getFileName().toString().replace(".uasset", "");
                AssetPackage original = AssetPackage.open(f, EngineVersion.UE5_6);
                Map<String, byte[]> companions = LegacyToZen.companions(f);
                ZenConversion zen = LegacyToZen.convert(original, null, ZenTarget.of(EngineVersion.UE5_6), companions);
                // the Zen package reads and writes back under UE5_6's layout
                assertThat(ZenPackage.read(zen.zenPackage(), base, EngineVersion.UE5_6).toBytes()).isEqualTo(zen.zenPackage());
                // one unversioned Zen package: UE5.6 to 5.8 share the layout, the newest is named
                EngineChoice single = ZenEngine.of(zen.zenPackage(), base, null);
                assertThat(single.engine()).isEqualTo(EngineVersion.UE5_8);

                LegacyOutput back = ZenToLegacy.convert(zen.model(), zen.packageId(), zen.storeEntry(), store,
                        store.scriptObjects().orElseThrow(), EngineVersion.UE5_6, ZenToLegacy.Unresolved.RECOVER, companions);
                AssetPackage legacy = back.asset();
                AssetPackage.Bytes ob = original.toBytes();
                AssetPackage.Bytes lb = legacy.toBytes();
                assertThat(lb.exports()).as(base + " export data").isEqualTo(ob.exports());
                assertThat(back.companions()).containsOnlyKeys(companions.keySet());
                companions.forEach((ext, data) -> assertThat(back.companions().get(ext)).as(base + ext).isEqualTo(data));
                assertThat(lb.header()).as(base + " header size").hasSize(ob.header().length);

                // imports: the same objects in the same order; the class lost exactly where the notes say
                List<String> lost = UE56_LOST_CLASSES.get(base);
                List<String> want = new ArrayList<>();
                for (String line : imports(original)) {
                    String path = line.substring(0, line.indexOf(" class "));
                    want.add(lost.contains(path) ? path + " class /Script/CoreUObject.Object" : line);
                }
                assertThat(imports(legacy)).as(base).isEqualTo(want);
                assertThat(back.notes().stream().filter(n -> n.contains("its class is written as /Script/CoreUObject.Object")))
                        .hasSize(lost.size());
                // names: the same, less the class names only those imports used, plus "Object"
                Set<String> names = new LinkedHashSet<>(names(original));
                names.removeAll(UE56_LOST_NAMES.get(base));
                names.add("Object");
                assertThat(new LinkedHashSet<>(names(legacy))).as(base).isEqualTo(names);
                // exports: the same objects, classes, templates, outers, flags, sizes and offsets
                assertThat(exportObjects(legacy)).as(base).isEqualTo(exportObjects(original));
                // data resources: all but the outer object
                if (original.dataResources() != null) {
                    assertThat(legacy.dataResources()).hasSameSizeAs(original.dataResources());
                    for (int i = 0; i < original.dataResources().size(); i++) {
                        DataResource a = original.dataResources().get(i);
                        assertThat(legacy.dataResources().get(i)).isEqualTo(new DataResource(a.flags(), a.cookedIndex(), a.serialOffset(),
                                a.duplicateSerialOffset(), a.serialSize(), a.rawSize(), PackageIndex.NULL, a.legacyBulkDataFlags()));
                    }
                    assertThat(back.notes()).contains("data resource outers are not stored in Zen packages and are left null");
                }

                // legacy -> Zen again: the same Zen package
                AssetPackage reread = AssetPackage.read(lb.header(), lb.exports(), f.getFileName().toString(), EngineVersion.UE5_6);
                assertThat(LegacyToZen.convert(reread, null, ZenTarget.of(EngineVersion.UE5_6), back.companions()).zenPackage())
                        .as(base + " Zen again").isEqualTo(zen.zenPackage());
                bundle.add(ZenPackages.of(zen.zenPackage(), base, "BpThirdPerson/Content/" + base + ".uasset",
                        sidecars(zen, "BpThirdPerson/Content/" + base), profile));
            }
        }
        // a container written for UE5_6 is found as UE5_6 (TOC 8 and header 4: UE5_5 or UE5_6; the layout tells)
        assertThat(containerEngine("Bp56_P", bundle, profile).engine()).isEqualTo(EngineVersion.UE5_6);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Tagged", "Unversioned"})
    void cookedUe57CopiesLegacyToZenToLegacy(String mode) throws Exception {
        List<String> checked = new ArrayList<>();
        List<BundlePackage> bundle = new ArrayList<>();
        IoStoreProfile profile = IoStoreProfile.of(EngineVersion.UE5_7);
        try (PackageStore store = ZenFixtures.ue58Store(mode + "/Uncompressed");
                PakReader r = PakReader.open(Fixtures.path("cue4parse/UE5_8/LegacyPak/" + mode + "/Uncompressed/CUE4ParseFixtures-Legacy-"
                        + mode + "-Uncompressed.pak"))) {
            for (PakEntry e : r.entries()) {
                if (!e.path().endsWith(".uasset") && !e.path().endsWith(".umap")) {
                    continue;
                }
                String base = e.path().substring(0, e.path().lastIndexOf('.'));
                byte[] header = r.readEntry(e);
                byte[] uexp = r.find(base + ".uexp").map(r::readEntry).orElseThrow();
                Map<String, byte[]> companions = new LinkedHashMap<>();
                for (String ext : BulkChunk.EXTENSIONS) {
                    r.find(base + ext).ifPresent(x -> companions.put(ext, r.readEntry(x)));
                }
                AssetPackage p58 = AssetPackage.read(header, uexp, e.path(), EngineVersion.UE5_8);
                AssetPackage.Bytes c57 = PackageCopies.builderOf(p58, i -> new ObjectImport(i.classPackage(), i.className(),
                        i.outerIndex(), i.objectName(), null, i.importOptional())).build(p58.name()).toBytes();
                AssetPackage p57 = AssetPackage.read(c57.header(), c57.exports(), e.path(), EngineVersion.UE5_7);
                String name = "/Game/Fixtures/" + base;

                ZenConversion zen = LegacyToZen.convert(p57, name, ZenTarget.of(EngineVersion.UE5_7), companions);
                assertThat(ZenPackage.read(zen.zenPackage(), base, EngineVersion.UE5_7).toBytes()).isEqualTo(zen.zenPackage());
                LegacyOutput back = ZenToLegacy.convert(zen.model(), zen.packageId(), zen.storeEntry(), store,
                        store.scriptObjects().orElseThrow(), EngineVersion.UE5_7, ZenToLegacy.Unresolved.RECOVER, companions);
                assertThat(back.notes()).as(base).isEmpty();
                AssetPackage legacy = back.asset();
                AssetPackage.Bytes lb = legacy.toBytes();
                assertThat(lb.exports()).as(base).isEqualTo(c57.exports());
                companions.forEach((ext, data) -> assertThat(back.companions().get(ext)).as(base + ext).isEqualTo(data));
                assertThat(legacy.imports()).allSatisfy(i -> assertThat(i.packageName()).isNull());
                assertThat(imports(legacy)).as(base).isEqualTo(imports(p57));
                assertThat(names(legacy)).as(base).isEqualTo(names(p57));
                assertThat(lb.header()).as(base).hasSize(c57.header().length);

                // the header bytes that differ are those the UE5.8 original's own round trip changes
                ZenConversion zen58 = LegacyToZen.convert(p58, name, ZenTarget.of(EngineVersion.UE5_8), companions);
                AssetPackage back58 = ZenToLegacy.convert(zen58.model(), zen58.packageId(), zen58.storeEntry(), store,
                        store.scriptObjects().orElseThrow(), EngineVersion.UE5_8, ZenToLegacy.Unresolved.RECOVER, companions).asset();
                Map<String, Set<Long>> lost57 = changed(p57, legacy);
                assertThat(lost57).as(base).isEqualTo(changed(p58, back58)).containsKey("SUMMARY");
                assertThat(lost57.keySet()).as(base).isSubsetOf("SUMMARY", "EXPORT_MAP", "PRELOAD_DEPENDENCIES");

                AssetPackage reread = AssetPackage.read(lb.header(), lb.exports(), e.path(), EngineVersion.UE5_7);
                assertThat(LegacyToZen.convert(reread, name, ZenTarget.of(EngineVersion.UE5_7), back.companions()).zenPackage())
                        .as(base + " Zen again").isEqualTo(zen.zenPackage());
                bundle.add(ZenPackages.of(zen.zenPackage(), base, "CUE4ParseFixtures/Content/Fixtures/" + base
                        + e.path().substring(e.path().lastIndexOf('.')), sidecars(zen, "CUE4ParseFixtures/Content/Fixtures/" + base),
                        profile));
                checked.add(base);
            }
        }
        assertThat(checked).containsExactlyInAnyOrder("DataTables/DT_AllProperties", "Maps/Empty",
                "Properties/DA_AllProperties", "Textures/T_BC6H", "Textures/T_Streaming");
        // UE5_7 and UE5_8 write the same TOC and header versions, Zen layout and file versions: the newest is named
        EngineChoice c = containerEngine("Copy57_" + mode + "_P", bundle, profile);
        assertThat(c.engine()).isEqualTo(EngineVersion.UE5_8);
        assertThat(c.source()).isEqualTo(mode.equals("Tagged") ? EngineSource.PACKAGE : EngineSource.CONTAINER);
    }

    /** The engine ZenEngine finds for a container of {@code packages} written for {@code profile} (with the UE5.8 global). */
    private EngineChoice containerEngine(String name, List<BundlePackage> packages, IoStoreProfile profile) {
        Path utoc = tmp.resolve(name + ".utoc");
        BundleWriter.write(utoc, BundleWriter.Options.of(profile), packages, List.of(), Codecs.standard(), TaskMonitor.NONE);
        try (PackageStore s = PackageStore.builder(ContainerKeys.of(AesKey.of(ZenFixtures.CUE4PARSE_KEY)), Codecs.standard())
                .addContainer(ZenFixtures.ue58Global("Tagged/Uncompressed"), PackageStore.GAME_PRIORITY)
                .addContainer(utoc, PackageStore.GAME_PRIORITY).strict(true).build()) {
            assertThat(s.packageIds()).hasSize(packages.size());
            return ZenEngine.of(s, null);
        }
    }

    private static List<io.uassetd.codecs.bundle.BundleChunk> sidecars(ZenConversion zen, String pathBase) {
        List<io.uassetd.codecs.bundle.BundleChunk> out = new ArrayList<>();
        for (BulkChunk c : zen.bulkChunks()) {
            out.add(ZenPackages.sidecar(pathBase + c.extension(), c.data()));
        }
        return out;
    }

    /** Region kind -> offsets (inside the region) of the header bytes that differ between {@code a} and {@code b}. */
    private static Map<String, Set<Long>> changed(AssetPackage a, AssetPackage b) {
        byte[] x = a.toBytes().header();
        byte[] y = b.toBytes().header();
        assertThat(y).hasSize(x.length);
        Map<String, Set<Long>> out = new TreeMap<>();
        for (int i = 0; i < x.length; i++) {
            if (x[i] != y[i]) {
                for (Region r : a.regions()) {
                    if (i >= r.start() && i < r.end()) {
                        out.computeIfAbsent(r.kind().name(), k -> new LinkedHashSet<>()).add(i - r.start());
                    }
                }
            }
        }
        return out;
    }

    static List<String> names(AssetPackage p) {
        List<String> out = new ArrayList<>();
        for (var n : p.names().entries()) {
            out.add(n.name().value());
        }
        return out;
    }

    static List<String> imports(AssetPackage p) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < p.imports().size(); i++) {
            ObjectImport x = p.imports().get(i);
            out.add(p.objectPath(PackageIndex.ofImport(i)) + " class " + p.names().render(x.classPackage()) + "."
                    + p.names().render(x.className()) + (x.importOptional() ? " optional" : ""));
        }
        return out;
    }

    /** Each export's object, class, super, template, outer, flags, size and offset. */
    static List<String> exportObjects(AssetPackage p) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < p.exports().size(); i++) {
            var e = p.exports().get(i).entry();
            out.add(p.objectPath(PackageIndex.ofExport(i)) + " class " + path(p, e.classIndex()) + " super " + path(p, e.superIndex())
                    + " template " + path(p, e.templateIndex()) + " outer " + path(p, e.outerIndex()) + " flags " + e.objectFlags()
                    + " size " + e.serialSize() + " offset " + e.serialOffset());
        }
        return out;
    }

    private static String path(AssetPackage p, PackageIndex i) {
        return i.isNull() ? "null" : p.objectPath(i);
    }
}
