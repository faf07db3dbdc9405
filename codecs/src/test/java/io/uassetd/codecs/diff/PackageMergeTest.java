package io.uassetd.codecs.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.json.UAssetJson;
import io.uassetd.codecs.asset.property.content.DataTableRows;
import io.uassetd.codecs.asset.property.content.PropertyEditor;
import io.uassetd.codecs.asset.property.content.PropertyExportContent;
import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.diff.PackageMerge.Conflict;
import io.uassetd.codecs.diff.PackageMerge.Resolution;
import io.uassetd.codecs.hash.Hashes;
import io.uassetd.codecs.iostore.ContainerKeys;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.pak.PakEntry;
import io.uassetd.codecs.pak.PakReadOptions;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.codecs.zen.ZenPackage;
import io.uassetd.codecs.zen.convert.ZenToLegacy;
import io.uassetd.codecs.zen.write.LegacyToZen;
import io.uassetd.codecs.zen.write.ZenConversion;
import io.uassetd.codecs.zen.write.ZenTarget;
import io.uassetd.testkit.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * {@link PackageMerge} on real packages: DataTables, a StringTable, curve tables and data assets of
 * UE4.27 (UAssetGUI's JSON), UE5.8 (CUE4Parse legacy paks, tagged and unversioned; Zen packages of
 * its containers converted to legacy) and UE6.0. "Game versions" and "mods" are made by editing the
 * base through uassetd's own code (the PropertyEditor behind set_property_value/remove_property, or
 * the JSON tree written back as from_json does), so every expected change is known: a rebased mod
 * holds exactly its own changes on the new base, disjoint mods merge into exactly both sets of
 * changes, overlapping edits give exactly the conflicts made. Every result is written as a package,
 * read back and written again byte for byte, and converted to Zen and back.
 */
class PackageMergeTest {
    private static final byte[] KEY = "CUE4ParseFixtureAESKey0123456789".getBytes(StandardCharsets.US_ASCII);

    /** A package of one engine with its mappings (null for tagged). */
    record Pkg(AssetPackage pkg, String name, EngineVersion engine, Usmap usmap) {
        Pkg reread() {
            AssetPackage.Bytes b = pkg.toBytes();
            return new Pkg(AssetPackage.read(b.header(), b.exports(), name, engine), name, engine, usmap);
        }

        ObjectNode tree() {
            return UAssetJson.toTree(reread().pkg, usmap);
        }

        /** A copy edited through the property editor (the code of set_property_value / remove_property). */
        Pkg edit(Consumer<Pkg> edits) {
            Pkg copy = reread();
            PropertyParser.parseAll(copy.pkg, usmap).apply();
            edits.accept(copy);
            return copy.reread();
        }

        /** A copy edited through its JSON tree and written back (the code of from_json). */
        Pkg editTree(Consumer<ObjectNode> edits) {
            ObjectNode t = tree();
            edits.accept(t);
            return fromTree(t);
        }

        Pkg fromTree(JsonNode t) {
            AssetPackage.Bytes b = UAssetJson.toPackageBytes(t, name, usmap);
            return new Pkg(AssetPackage.read(b.header(), b.exports(), name, engine), name, engine, usmap);
        }

        PropertyEditor row(String row) {
            for (Export e : pkg.exports()) {
                PropertyExportContent c = PropertyParser.contentOf(pkg, e, usmap);
                if (c != null && c.rows() != null) {
                    DataTableRows.Row r = c.rows().row(pkg, row);
                    if (r != null) {
                        return new PropertyEditor(pkg, r.value().properties());
                    }
                }
            }
            throw new AssertionError("no row " + row + " in " + name);
        }

        void removeRow(String row) {
            for (Export e : pkg.exports()) {
                PropertyExportContent c = PropertyParser.contentOf(pkg, e, usmap);
                if (c != null && c.rows() != null && c.rows().row(pkg, row) != null) {
                    assertThat(c.rows().rows().remove(c.rows().row(pkg, row))).isTrue();
                    return;
                }
            }
            throw new AssertionError("no row " + row);
        }

        PropertyEditor export(String name) {
            for (Export e : pkg.exports()) {
                if (pkg.names().render(e.entry().objectName()).equals(name)) {
                    return PropertyParser.contentOf(pkg, e, usmap).editor(pkg);
                }
            }
            throw new AssertionError("no export " + name);
        }
    }

    // ---- inputs ----

    private static Pkg throwLights() throws Exception {
        JsonNode json = UAssetJson.parse(Files.readAllBytes(Fixtures.path("uassetgui-json/DT_ThrowLights.json")), "DT_ThrowLights.uasset");
        AssetPackage.Bytes b = UAssetJson.toPackageBytes(json, "DT_ThrowLights.uasset");
        return new Pkg(AssetPackage.read(b.header(), b.exports(), "DT_ThrowLights.uasset", EngineVersion.UE4_27), "DT_ThrowLights.uasset",
                EngineVersion.UE4_27, null);
    }

    private static Pkg stringTable() throws Exception {
        JsonNode json = UAssetJson.parse(Files.readAllBytes(Fixtures.path("uassetgui-json/World_StringTable.json")), "World_StringTable.uasset");
        AssetPackage.Bytes b = UAssetJson.toPackageBytes(json, "World_StringTable.uasset");
        return new Pkg(AssetPackage.read(b.header(), b.exports(), "World_StringTable.uasset", EngineVersion.UE4_27),
                "World_StringTable.uasset", EngineVersion.UE4_27, null);
    }

    private static Pkg legacyPak(String version, String flavour, String path) {
        String pak = "cue4parse/" + version + "/LegacyPak/" + flavour + "/Uncompressed/CUE4ParseFixtures-Legacy-" + flavour + "-Uncompressed.pak";
        EngineVersion engine = version.equals("UE6_0") ? EngineVersion.UE6_0 : EngineVersion.UE5_8;
        try (PakReader r = PakReader.open(Fixtures.path(pak), PakReadOptions.defaults())) {
            for (PakEntry e : r.entries()) {
                if (e.path().endsWith(path + ".uasset")) {
                    byte[] uexp = r.find(e.path().replace(".uasset", ".uexp")).map(r::readEntry).orElse(null);
                    String name = path.substring(path.lastIndexOf('/') + 1) + ".uasset";
                    return new Pkg(AssetPackage.read(r.readEntry(e), uexp, name, engine), name, engine,
                            flavour.equals("Unversioned") ? mappings(version) : null);
                }
            }
        }
        throw new AssertionError(path + " not in " + pak);
    }

    private static Usmap mappings(String version) {
        return Usmap.load(Fixtures.path("cue4parse/" + version + "/Mappings/CUE4ParseFixtures-Uncompressed.usmap"), Codecs.standard());
    }

    /** A Zen package of a CUE4Parse container, converted to legacy in memory. */
    private static Pkg zen(String version, String packagePath) {
        EngineVersion engine = version.equals("UE6_0") ? EngineVersion.UE6_0 : EngineVersion.UE5_8;
        String base = "cue4parse/" + version + "/IoStore/Tagged/";
        try (PackageStore store = PackageStore.builder(ContainerKeys.of(AesKey.of(KEY)), Codecs.standard())
                .addContainer(Fixtures.path(base + "global.utoc"), PackageStore.GAME_PRIORITY)
                .addContainer(Fixtures.path(base + "Uncompressed/CUE4ParseFixtures-Minimal-Uncompressed-Windows.utoc"), PackageStore.GAME_PRIORITY)
                .strict(true).build()) {
            AssetPackage converted = ZenToLegacy.convert(store, Hashes.cityHash64LowerUtf16(packagePath), engine).asset();
            String name = packagePath.substring(packagePath.lastIndexOf('/') + 1) + ".uasset";
            return new Pkg(converted, name, engine, null).reread();
        }
    }

    // ---- checks ----

    private static Set<String> lines(Pkg a, Pkg b) {
        Set<String> s = new LinkedHashSet<>();
        PackageDiff.diff(a.pkg, a.usmap, b.reread().pkg, b.usmap).forEach(c -> s.add(c.render()));
        return s;
    }

    /** Writes the merged tree as a package, checks read -> write gives the same bytes and Zen conversion, returns it. */
    private static Pkg written(Pkg like, PackageMerge.Result r) {
        AssetPackage.Bytes b = UAssetJson.toPackageBytes(r.tree(), like.name, like.usmap);
        AssetPackage back = AssetPackage.read(b.header(), b.exports(), like.name, like.engine);
        AssetPackage.Bytes again = back.toBytes();
        assertThat(again.header()).as("header round trip").isEqualTo(b.header());
        assertThat(again.exports()).as("exports round trip").isEqualTo(b.exports());
        Pkg out = new Pkg(back, like.name, like.engine, like.usmap);
        // to Zen and back: the same package
        ZenConversion z = LegacyToZen.convert(out.reread().pkg, ZenTarget.of(like.engine));
        ZenPackage zp = ZenPackage.read(z.zenPackage(), like.name, like.engine);
        assertThat(zp.packageName()).isEqualTo(z.packageName());
        return out;
    }

    private static Pkg rebaseExpectingNoConflict(Pkg base, Pkg mod, Pkg newBase) {
        PackageMerge.Result r = PackageMerge.rebase(base.tree(), mod.tree(), newBase.tree(), Resolution.FAIL);
        assertThat(r.conflicts()).isEmpty();
        Pkg out = written(base, r);
        assertThat(lines(newBase, out)).as("the rebased mod holds exactly its own changes").isEqualTo(lines(base, mod));
        return out;
    }

    // ---- rebase ----

    @Test
    void ue427DataTableModRebasedOntoAPatchHoldsExactlyItsChanges() throws Exception {
        Pkg base = throwLights();
        Pkg mod = base.edit(p -> p.row("ThrowTorch").set("DurationSeconds", 25.5));
        Pkg patch = base.edit(p -> p.row("MoonstoneFlare").set("DurationSeconds", 40.0)).editTree(t -> {
            ArrayNode rows = (ArrayNode) t.get("Exports").get(0).get("Table").get("Data");
            ObjectNode added = rows.get(1).deepCopy();
            added.put("Name", "PatchFlare");
            rows.add(added);
            ((ArrayNode) t.get("NameMap")).add("PatchFlare");
        });
        assertThat(lines(base, mod)).containsExactly("~ Exports[DT_ThrowLights].Rows[ThrowTorch].DurationSeconds: 20.0 -> 25.5");
        Pkg out = rebaseExpectingNoConflict(base, mod, patch);
        // and the patch's own changes are all still there
        assertThat(lines(base, out)).containsAll(lines(base, patch)).contains(
                "~ Exports[DT_ThrowLights].Rows[ThrowTorch].DurationSeconds: 20.0 -> 25.5");
    }

    private static String lastRow(Pkg p) {
        for (Export e : p.pkg.exports()) {
            PropertyExportContent c = PropertyParser.contentOf(p.pkg, e, p.usmap);
            if (c != null && c.rows() != null) {
                List<DataTableRows.Row> rows = c.rows().rows();
                return p.pkg.names().render(rows.get(rows.size() - 1).name());
            }
        }
        throw new AssertionError();
    }

    @Test
    void theSameValueChangedOnBothSidesIsOneConflictResolvedByThePolicy() throws Exception {
        Pkg base = throwLights();
        Pkg mod = base.edit(p -> p.row("ThrowTorch").set("DurationSeconds", 25.5));
        Pkg patch = base.edit(p -> {
            p.row("ThrowTorch").set("DurationSeconds", 30.0);
            p.row("MoonstoneFlare").set("DurationSeconds", 40.0);
        });
        String path = "Exports[DT_ThrowLights].Rows[ThrowTorch].DurationSeconds";
        for (Resolution res : Resolution.values()) {
            PackageMerge.Result r = PackageMerge.rebase(base.tree(), mod.tree(), patch.tree(), res);
            assertThat(r.conflicts()).hasSize(1);
            Conflict c = r.conflicts().get(0);
            assertThat(c.path()).isEqualTo(path);
            assertThat(c.base().asDouble()).isEqualTo(20.0);
            assertThat(c.sides()).extracting(PackageMerge.Side::source).containsExactly("new_base", "mod");
            assertThat(c.sides()).extracting(s -> s.value().asDouble()).containsExactly(30.0, 25.5);
            assertThat(r.failed(res)).isEqualTo(res == Resolution.FAIL);
            if (res == Resolution.FAIL) {
                assertThat(c.chosen()).isNull();
                continue;
            }
            Pkg out = written(base, r);
            assertThat(c.chosen()).isEqualTo(res == Resolution.INCOMING ? "mod" : "new_base");
            Set<String> expected = res == Resolution.INCOMING ? Set.of("~ " + path + ": 30.0 -> 25.5") : Set.of();
            assertThat(lines(patch, out)).isEqualTo(expected);
        }
    }

    @Test
    void aChangeToARowThePatchRemovedConflicts() throws Exception {
        Pkg base = throwLights();
        String gone = lastRow(base);
        Pkg mod = base.edit(p -> p.row(gone).set("DurationSeconds", 99.0));
        Pkg patch = base.edit(p -> p.removeRow(gone));
        PackageMerge.Result keep = PackageMerge.rebase(base.tree(), mod.tree(), patch.tree(), Resolution.EXISTING);
        assertThat(keep.conflicts()).extracting(Conflict::path).containsExactly("Exports[DT_ThrowLights].Rows[" + gone + "]");
        assertThat(keep.conflicts().get(0).sides().get(0).value().isNull()).isTrue();
        assertThat(lines(patch, written(base, keep))).isEmpty();
        PackageMerge.Result take = PackageMerge.rebase(base.tree(), mod.tree(), patch.tree(), Resolution.INCOMING);
        Set<String> l = lines(patch, written(base, take));
        assertThat(l).hasSize(1);
        assertThat(l.iterator().next()).startsWith("+ Exports[DT_ThrowLights].Rows[" + gone + "]: {\"DurationSeconds\":99.0");
    }

    @Test
    void aRowTheModAddedComesWithItsNameOnTheNewBase() throws Exception {
        Pkg base = throwLights();
        Pkg mod = base.editTree(t -> {
            ArrayNode rows = (ArrayNode) t.get("Exports").get(0).get("Table").get("Data");
            ObjectNode added = rows.get(0).deepCopy();
            added.put("Name", "ModdedTorch");
            ((ObjectNode) added.get("Value").get(0)).put("Value", 77.0);
            rows.add(added);
            ((ArrayNode) t.get("NameMap")).add("ModdedTorch");
        });
        Pkg patch = base.edit(p -> p.row("ThrowTorch").set("DurationSeconds", 30.0));
        Pkg out = rebaseExpectingNoConflict(base, mod, patch);
        assertThat(out.pkg.names().indexOf("ModdedTorch")).isGreaterThanOrEqualTo(0);
        assertThat(lines(base, mod)).contains("+ Names[ModdedTorch]: \"ModdedTorch\"");
    }

    @Test
    void ue58DataAssetModWithANewImportRebasesOntoAPatchThatRenumberedTheImports() {
        for (String flavour : List.of("Tagged", "Unversioned")) {
            Pkg base = legacyPak("UE5_8", flavour, "Properties/DA_AllProperties");
            // the mod: a scalar, a map value, and a class reference to an import it adds
            Pkg mod = base.editTree(t -> {
                ArrayNode imports = (ArrayNode) t.get("Imports");
                ObjectNode pkgImp = imports.get(0).deepCopy();
                pkgImp.put("ObjectName", "/Script/ModdedModule").put("OuterIndex", 0).put("ClassPackage", "/Script/CoreUObject")
                        .put("ClassName", "Package");
                imports.add(pkgImp);
                ObjectNode clsImp = imports.get(0).deepCopy();
                clsImp.put("ObjectName", "ModdedClass").put("OuterIndex", -imports.size()).put("ClassPackage", "/Script/CoreUObject")
                        .put("ClassName", "Class");
                imports.add(clsImp);
                ((ArrayNode) t.get("NameMap")).add("/Script/ModdedModule").add("ModdedClass");
                ArrayNode props = (ArrayNode) t.get("Exports").get(1).get("Data");
                prop(props, "Integer").put("Value", 7);
                prop(props, "ClassReference").put("Value", -imports.size());
                ((ObjectNode) prop(props, "IntegerMap").get("Value").get(0).get(1)).put("Value", 1234);
            });
            // the patch: an import inserted first (every import renumbered), another property changed
            // (tagged: first, so every import is renumbered; unversioned data keeps instanced structs raw, with
            // import indexes inside, so there the patch's import is appended)
            Pkg patch = base.editTree(t -> {
                if (flavour.equals("Tagged")) {
                    insertImportFirst(t);
                } else {
                    appendImport(t);
                }
                ArrayNode props = (ArrayNode) t.get("Exports").get(1).get("Data");
                ((ObjectNode) prop(props, "Vector").get("Value")).put("Y", 8.5);
            });
            assertThat(lines(base, mod)).as(flavour).hasSize(7);
            Pkg out = rebaseExpectingNoConflict(base, mod, patch);
            assertThat(out.pkg.imports()).hasSize(patch.pkg.imports().size() + 2);
        }
    }

    @Test
    void ue58AndUe60DataTablesMergeDisjointModsAndReportOverlaps() {
        for (String version : List.of("UE5_8", "UE6_0")) {
            for (String flavour : version.equals("UE6_0") ? List.of("Tagged") : List.of("Tagged", "Unversioned")) {
                Pkg base = legacyPak(version, flavour, "DataTables/DT_AllProperties");
                String row = firstRow(base);
                Pkg a = base.edit(p -> p.row(row).set("Number", 11));
                Pkg b = base.edit(p -> p.row(row).set("Message", "Modded message"));
                checkMerge(base, a, b, version + " " + flavour);
                Pkg c = base.edit(p -> p.row(row).set("Number", 12));
                PackageMerge.Result r = PackageMerge.merge(base.tree(), List.of(a.tree(), c.tree()), List.of("a", "c"), Resolution.EXISTING);
                assertThat(r.conflicts()).extracting(Conflict::path, Conflict::chosen)
                        .containsExactly(org.assertj.core.groups.Tuple.tuple("Exports[DT_AllProperties].Rows[" + row + "].Number", "a"));
                assertThat(r.conflicts().get(0).sides()).extracting(PackageMerge.Side::source).containsExactly("a", "c");
                assertThat(lines(base, written(base, r))).isEqualTo(lines(base, a));
            }
        }
    }

    private static void checkMerge(Pkg base, Pkg a, Pkg b, String what) {
        PackageMerge.Result r = PackageMerge.merge(base.tree(), List.of(a.tree(), b.tree()), List.of("a", "b"), Resolution.FAIL);
        assertThat(r.conflicts()).as(what).isEmpty();
        Set<String> expected = new LinkedHashSet<>(lines(base, a));
        expected.addAll(lines(base, b));
        assertThat(lines(base, a)).as(what).hasSize(1);
        assertThat(lines(base, b)).as(what).hasSize(1);
        assertThat(lines(base, written(base, r))).as(what).isEqualTo(expected);
    }

    private static String firstRow(Pkg p) {
        for (Export e : p.pkg.exports()) {
            PropertyExportContent c = PropertyParser.contentOf(p.pkg, e, p.usmap);
            if (c != null && c.rows() != null) {
                return p.pkg.names().render(c.rows().rows().get(0).name());
            }
        }
        throw new AssertionError("no DataTable in " + p.name);
    }

    @Test
    void threeModsOfOneValueGiveOneConflictWithEverySide() throws Exception {
        Pkg base = throwLights();
        List<JsonNode> mods = new ArrayList<>();
        for (double v : new double[] {21, 22, 23}) {
            mods.add(base.edit(p -> p.row("ThrowTorch").set("DurationSeconds", v)).tree());
        }
        PackageMerge.Result last = PackageMerge.merge(base.tree(), mods, List.of("m1", "m2", "m3"), Resolution.INCOMING);
        assertThat(last.conflicts()).hasSize(1);
        assertThat(last.conflicts().get(0).sides()).extracting(PackageMerge.Side::source).containsExactly("m1", "m2", "m3");
        assertThat(last.conflicts().get(0).chosen()).isEqualTo("m3");
        assertThat(lines(base, written(base, last))).containsExactly("~ Exports[DT_ThrowLights].Rows[ThrowTorch].DurationSeconds: 20.0 -> 23.0");
        PackageMerge.Result first = PackageMerge.merge(base.tree(), mods, List.of("m1", "m2", "m3"), Resolution.EXISTING);
        assertThat(first.conflicts().get(0).chosen()).isEqualTo("m1");
        assertThat(lines(base, written(base, first))).containsExactly("~ Exports[DT_ThrowLights].Rows[ThrowTorch].DurationSeconds: 20.0 -> 21.0");
    }

    @Test
    void stringTableEntriesMergeByKey() throws Exception {
        Pkg base = stringTable();
        ObjectNode t0 = base.tree();
        ArrayNode entries = (ArrayNode) t0.get("Exports").get(0).get("Table").get("Value");
        assertThat(entries.size()).isGreaterThanOrEqualTo(2);
        String k0 = entries.get(0).get(0).asText();
        String k1 = entries.get(1).get(0).asText();
        Pkg a = base.editTree(t -> ((ArrayNode) entry(t, 0)).set(1, "Modded A"));
        Pkg b = base.editTree(t -> {
            ((ArrayNode) entry(t, 1)).set(1, "Modded B");
            ArrayNode added = ((ArrayNode) t.get("Exports").get(0).get("Table").get("Value")).addArray();
            added.add("ModdedKey").add("Modded text");
        });
        PackageMerge.Result r = PackageMerge.merge(base.tree(), List.of(a.tree(), b.tree()), List.of("a", "b"), Resolution.FAIL);
        assertThat(r.conflicts()).isEmpty();
        Pkg out = written(base, r);
        ArrayNode merged = (ArrayNode) out.tree().get("Exports").get(0).get("Table").get("Value");
        Map<String, String> m = new java.util.LinkedHashMap<>();
        merged.forEach(p -> m.put(p.get(0).asText(), p.get(1).asText()));
        assertThat(m).containsEntry(k0, "Modded A").containsEntry(k1, "Modded B").containsEntry("ModdedKey", "Modded text")
                .hasSize(entries.size() + 1);
        // both change the first entry: a conflict addressed by key
        Pkg c = base.editTree(t -> ((ArrayNode) entry(t, 0)).set(1, "Modded C"));
        PackageMerge.Result x = PackageMerge.merge(base.tree(), List.of(a.tree(), c.tree()), List.of("a", "c"), Resolution.FAIL);
        assertThat(x.conflicts()).extracting(Conflict::path)
                .containsExactly("Exports[World]@Table.Value[\"" + k0 + "\"]");
    }

    private static JsonNode entry(ObjectNode t, int i) {
        return t.get("Exports").get(0).get("Table").get("Value").get(i);
    }

    @Test
    void zenDataTablesStringTablesAndDataAssetsOfUe58AndUe60Rebase() {
        for (String version : List.of("UE5_8", "UE6_0")) {
            Pkg dt = zen(version, "/Game/Fixtures/DataTables/DT_Overrides");
            rebaseExpectingNoConflict(dt, dt.edit(p -> p.row("Beta").set("Number", 1)),
                    dt.edit(p -> p.row("Gamma").set("Message", "Patched message")));

            Pkg st = zen(version, "/Game/Fixtures/StringTables/ST_Fixed");
            Pkg stMod = st.editTree(t -> ((ArrayNode) entry(t, 0)).set(1, "Hello from a mod"));
            Pkg stPatch = st.editTree(t -> {
                ((ArrayNode) entry(t, 1)).set(1, "Patched text");
                ((ArrayNode) t.get("Exports").get(0).get("Table").get("Value")).addArray().add("PatchKey").add("Patch text");
            });
            assertThat(lines(st, stMod)).containsExactly(
                    "~ Exports[ST_Fixed]@Table.Value[\"Greeting\"]: \"Hello from Frankfurt\" -> \"Hello from a mod\"");
            rebaseExpectingNoConflict(st, stMod, stPatch);

            // a new name as a value (the editor adds it to the mod's name map; the rebase to the result's)
            Pkg da = zen(version, "/Game/Fixtures/Properties/DA_PrimaryAsset");
            Pkg daMod = da.edit(p -> p.export("DA_PrimaryAsset").set("RegistryMarker", "Modded_Marker"));
            Pkg daPatch = da.editTree(t -> ((ObjectNode) prop((ArrayNode) t.get("Exports").get(0).get("Data"), "BundledAsset")
                    .get("Value").get("AssetPath")).put("AssetName", "DA_Patched"));
            assertThat(lines(da, daMod)).contains("+ Names[Modded_Marker]: \"Modded_Marker\"");
            Pkg out = rebaseExpectingNoConflict(da, daMod, daPatch);
            assertThat(out.pkg.names().indexOf("Modded_Marker")).isNotNegative();
            assertThat(out.pkg.names().indexOf("DA_Patched")).isNotNegative();
        }
    }

    @Test
    void curveTablesAreOneValueEachSoTwoCurveModsConflict() {
        for (String version : List.of("UE5_8", "UE6_0")) {
            for (String name : List.of("CT_Simple", "CT_Rich")) {
                Pkg ct = zen(version, "/Game/Fixtures/Curves/" + name);
                Pkg a = ct.editTree(t -> flipExtras(t, 1));
                Pkg b = ct.editTree(t -> flipExtras(t, 2));
                assertThat(lines(ct, a)).hasSize(1).allMatch(l -> l.startsWith("~ Exports[" + name + "]@Extras: "));
                // onto a new base that did not change the curves: exactly the mod's change
                rebaseExpectingNoConflict(ct, a, ct.editTree(t -> ((ArrayNode) t.get("NameMap")).add("PatchName")));
                PackageMerge.Result r = PackageMerge.merge(ct.tree(), List.of(a.tree(), b.tree()), List.of("a", "b"), Resolution.INCOMING);
                assertThat(r.conflicts()).extracting(Conflict::path, Conflict::chosen)
                        .containsExactly(org.assertj.core.groups.Tuple.tuple("Exports[" + name + "]@Extras", "b"));
                assertThat(lines(ct, written(ct, r))).isEqualTo(lines(ct, b));
            }
        }
    }

    /** Changes one byte of a raw export tail (a curve key's value) from its end. */
    private static void flipExtras(ObjectNode t, int fromEnd) {
        ObjectNode e = (ObjectNode) t.get("Exports").get(0);
        byte[] raw = java.util.Base64.getDecoder().decode(e.get("Extras").asText());
        raw[raw.length - 4 * fromEnd - 1] ^= 0x01;
        e.put("Extras", java.util.Base64.getEncoder().encodeToString(raw));
    }

    @Test
    void addingAnExportIsRefusedWithItsPath() throws Exception {
        Pkg base = throwLights();
        ObjectNode t = base.tree();
        ObjectNode mod = t.deepCopy();
        ObjectNode extra = mod.get("Exports").get(0).deepCopy();
        extra.put("ObjectName", "DT_Extra");
        ((ArrayNode) mod.get("Exports")).add(extra);
        assertThatThrownBy(() -> PackageMerge.rebase(t, mod, t, Resolution.INCOMING))
                .isInstanceOf(PackageMerge.MergeException.class).hasMessageContaining("Exports[DT_Extra]");
    }

    // ---- tree edits ----

    private static void insertImportFirst(ObjectNode t) {
        ArrayNode imports = (ArrayNode) t.get("Imports");
        shiftImports(t);
        ObjectNode imp = imports.get(0).deepCopy();
        imp.put("ObjectName", "/Script/PatchModule").put("OuterIndex", 0).put("ClassPackage", "/Script/CoreUObject").put("ClassName", "Package");
        imports.insert(0, imp);
        ((ArrayNode) t.get("NameMap")).add("/Script/PatchModule");
    }

    private static void appendImport(ObjectNode t) {
        ArrayNode imports = (ArrayNode) t.get("Imports");
        ObjectNode imp = imports.get(0).deepCopy();
        imp.put("ObjectName", "/Script/PatchModule").put("OuterIndex", 0).put("ClassPackage", "/Script/CoreUObject").put("ClassName", "Package");
        imports.add(imp);
        ((ArrayNode) t.get("NameMap")).add("/Script/PatchModule");
    }

    private static final Set<String> INDEX_FIELDS = Set.of("OuterIndex", "ClassIndex", "SuperIndex", "TemplateIndex", "ResolvedOwner", "Object");

    /** Renumbers every import reference of the tree as if one import were inserted first. */
    private static void shiftImports(JsonNode n) {
        if (n instanceof ObjectNode o) {
            boolean isRef = PackageDiff.isReference(o.path("$type").asText());
            List<String> names = new ArrayList<>();
            o.fieldNames().forEachRemaining(names::add);
            for (String f : names) {
                JsonNode v = o.get(f);
                boolean index = INDEX_FIELDS.contains(f) || isRef && f.equals("Value");
                if (index && v.isIntegralNumber() && v.asInt() < 0) {
                    o.put(f, v.asInt() - 1);
                } else if ((f.endsWith("Dependencies") || f.equals("PreloadDependencies")) && v.isArray()) {
                    ArrayNode a = (ArrayNode) v;
                    for (int k = 0; k < a.size(); k++) {
                        if (a.get(k).asInt() < 0) {
                            a.set(k, a.get(k).asInt() - 1);
                        }
                    }
                } else if (!f.equals("Layout")) {
                    shiftImports(v);
                }
            }
        } else if (n instanceof ArrayNode a) {
            a.forEach(PackageMergeTest::shiftImports);
        }
    }

    private static ObjectNode prop(ArrayNode props, String name) {
        for (JsonNode p : props) {
            if (p.path("Name").asText().equals(name)) {
                return (ObjectNode) p;
            }
        }
        throw new AssertionError("no property " + name);
    }
}
