package io.uassetd.codecs.datatable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.json.UAssetJson;
import io.uassetd.codecs.diff.Change;
import io.uassetd.codecs.diff.PackageDiff;
import io.uassetd.codecs.usmap.Usmap;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link DataTableCsv} on every DataTable of the fixture sets (UE4.18, UE4.27 UAssetGUI JSON, UE5.1 unversioned, UE5.8
 * tagged and unversioned, legacy and Zen): the CSV of an unchanged table writes the same bytes; every value of every
 * row, moved to another row through its CSV text, is written and read back as that text; edits are exactly the
 * changes {@link PackageDiff} sees.
 */
class DataTableCsvTest {
    static Stream<DataTableFixtures.Table> tables() {
        return DataTableFixtures.all().stream();
    }

    private static AssetPackage.Bytes write(ObjectNode tree, DataTableFixtures.Table t, Usmap u) {
        return UAssetJson.fromTree(tree, t.fileName(), u).toBytes();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tables")
    void anUnchangedCsvWritesTheSameBytes(DataTableFixtures.Table t) {
        AssetPackage pkg = t.pkg().get();
        Usmap u = t.mappings().get();
        ObjectNode tree = UAssetJson.toTree(pkg, u);
        String csv = DataTableCsv.toCsv(tree, null, u, t.label()).csv();
        DataTableCsv.Applied applied = DataTableCsv.apply(tree, null, csv, "t.csv", u);
        assertThat(applied.changed()).isFalse();
        AssetPackage.Bytes before = pkg.toBytes();
        AssetPackage.Bytes after = write(tree, t, u);
        assertThat(after.header()).isEqualTo(before.header());
        assertThat(after.exports()).isEqualTo(before.exports());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tables")
    void everyValueMovedToAnotherRowIsWrittenAndReadBackAsItsText(DataTableFixtures.Table t, @TempDir Path dir) throws Exception {
        AssetPackage pkg = t.pkg().get();
        Usmap u = t.mappings().get();
        ObjectNode tree = UAssetJson.toTree(pkg, u);
        String csv = DataTableCsv.toCsv(tree, null, u, t.label()).csv();
        List<Csv.Line> lines = Csv.read(csv, "t.csv");
        int rows = lines.size() - 1;
        assertThat(rows).isGreaterThanOrEqualTo(2);
        StringBuilder rotated = new StringBuilder(String.join(",", lines.get(0).cells())).append('\n');
        int moved = 0;
        for (int r = 1; r <= rows; r++) {
            List<String> own = lines.get(r).cells();
            List<String> next = lines.get(r % rows + 1).cells();
            List<String> out = new ArrayList<>();
            out.add(own.get(0));
            for (int c = 1; c < own.size(); c++) {
                // a cell a row does not store stays empty; a stored one cannot be emptied
                boolean take = !next.get(c).isEmpty() && !own.get(c).isEmpty();
                out.add(Csv.quote(take ? next.get(c) : own.get(c)));
                moved += take && !next.get(c).equals(own.get(c)) ? 1 : 0;
            }
            rotated.append(String.join(",", out)).append('\n');
        }
        assertThat(moved).isPositive();
        DataTableCsv.Applied applied = DataTableCsv.apply(tree, null, rotated.toString(), "t.csv", u);
        assertThat(applied.changedCells()).isEqualTo(moved);

        AssetPackage.Bytes written = write(tree, t, u);
        Path file = dir.resolve(t.fileName());
        written.writeTo(file);
        AssetPackage back = AssetPackage.open(file, t.engine());
        assertThat(DataTableCsv.toCsv(UAssetJson.toTree(back, u), null, u, "T").csv()).isEqualTo(rotated.toString());
        AssetPackage.Bytes again = back.toBytes();
        assertThat(again.header()).isEqualTo(written.header());
        assertThat(again.exports()).isEqualTo(written.exports());
    }

    private static final DataTableFixtures.Table TAGGED = DataTableFixtures.all().get(0);

    @Test
    void theCsvHasTheEditorsLayout() {
        // CUE4Parse's UE5.8 fixture table: row Alpha has Number 0x12345678 (FIXTURES.md)
        ObjectNode tree = UAssetJson.toTree(TAGGED.pkg().get(), null);
        DataTableCsv.Exported e = DataTableCsv.toCsv(tree, null, null, "DT_AllProperties");
        List<String> lines = e.csv().lines().toList();
        assertThat(e.exportName()).isEqualTo("DT_AllProperties");
        assertThat(e.rowStruct()).isEqualTo("FixtureTableRow");
        assertThat(e.rowCount()).isEqualTo(3);
        assertThat(lines.get(0)).isEqualTo("---,Number,LargeNumber,Message,Kind,Nested,Values");
        assertThat(lines.get(1)).isEqualTo("Alpha,\"305419896\",\"1234605616436508552\",\"Alpha_CUE4Parse_日本語_äöü\",\"Alpha\","
                + "\"(Marker=101,Label=\"\"NestedAlpha\"\",Position=(X=1.250000,Y=-2.500000,Z=3.750000),"
                + "Samples=(0.125000,-2.500000,99.750000),bEnabled=True)\",\"(11,22,33,44)\"");
        assertThat(lines.get(3)).startsWith("Defaults,\"0\",\"0\",\"\",\"None\",");
        assertThat(lines.get(3)).endsWith(",\"\"");
    }

    @Test
    void editsAreExactlyTheChangesThePackageShows() {
        AssetPackage pkg = TAGGED.pkg().get();
        ObjectNode tree = UAssetJson.toTree(pkg, null);
        List<String> lines = new ArrayList<>(DataTableCsv.toCsv(tree, null, null, "t").csv().lines().toList());
        String beta = lines.get(2);
        lines.set(1, lines.get(1).replace("Alpha,\"305419896\"", "Alpha,\"42\"").replace("Y=-2.500000,Z=3.750000", "Y=9.5,Z=3.750000"));
        lines.set(2, beta.replace("\"Beta_ß_水_🚀\"", "\"Hello, \"\"world\"\"\"").replace("\"Beta\",", "\"Alpha\","));
        lines.remove(3);
        lines.add(beta.replace("Beta,\"-202020\"", "Gamma,\"7\""));
        DataTableCsv.Applied a = DataTableCsv.apply(tree, null, String.join("\r\n", lines) + "\r\n", "t.csv", null);
        assertThat(a.addedRows()).containsExactly("Gamma");
        assertThat(a.removedRows()).containsExactly("Defaults");
        assertThat(a.changedRows()).containsExactly("Alpha", "Beta");
        assertThat(a.changedCells()).isEqualTo(4);

        AssetPackage.Bytes b = write(tree, TAGGED, null);
        AssetPackage edited = AssetPackage.read(b.header(), b.exports(), "DT_AllProperties.uasset", TAGGED.engine());
        List<Change> d = PackageDiff.diff(pkg, null, edited, null);
        assertThat(d).extracting(Change::render).startsWith(
                "+ Names[Gamma]: \"Gamma\"",
                "~ Exports[DT_AllProperties].Rows[Alpha].Number: 305419896 -> 42",
                "~ Exports[DT_AllProperties].Rows[Alpha].Nested.Position.Y: -2.5 -> 9.5",
                "~ Exports[DT_AllProperties].Rows[Beta].Message: \"Beta_ß_水_🚀\" -> \"Hello, \\\"world\\\"\"",
                "~ Exports[DT_AllProperties].Rows[Beta].Kind: \"EFixtureEnum::Beta\" -> \"EFixtureEnum::Alpha\"");
        assertThat(d).hasSize(7);
        assertThat(d.get(5).path()).isEqualTo("Exports[DT_AllProperties].Rows[Defaults]");
        assertThat(d.get(5).kind()).isEqualTo(Change.Kind.REMOVED);
        assertThat(d.get(6).path()).isEqualTo("Exports[DT_AllProperties].Rows[Gamma]");
        assertThat(d.get(6).kind()).isEqualTo(Change.Kind.ADDED);
        assertThat(d.get(6).newValue().get("Number").asInt()).isEqualTo(7);
        assertThat(d.get(6).newValue().get("Message").asText()).isEqualTo("Beta_ß_水_🚀");
    }

    @Test
    void aValueWithoutATextFormIsShownAsItsJsonAndCannotBeEdited() {
        // DT_ThrowLights (UE4.27) with one row's object reference pointing past the import table
        DataTableFixtures.Table t = DataTableFixtures.all().get(7);
        ObjectNode tree = UAssetJson.toTree(t.pkg().get(), null);
        com.fasterxml.jackson.databind.JsonNode row = tree.get("Exports").get(0).get("Table").get("Data").get(0);
        ObjectNode ref = null;
        for (com.fasterxml.jackson.databind.JsonNode p : row.get("Value")) {
            if (CellText.kind(p).equals("Object")) {
                ref = (ObjectNode) p;
            }
        }
        assertThat(ref).isNotNull();
        ref.put("Value", -999);
        String csv = DataTableCsv.toCsv(tree, null, null, "t").csv();
        assertThat(csv).contains("\"{Object}-999\"");
        assertThat(DataTableCsv.apply(tree.deepCopy(), null, csv, "x.csv", null).changed()).isFalse();
        String column = ref.get("Name").asText();
        assertThatThrownBy(() -> DataTableCsv.apply(tree.deepCopy(), null, csv.replace("\"{Object}-999\"", "\"None\""), "x.csv", null))
                .isInstanceOf(CsvFormatException.class).hasMessageContaining("column '" + column + "'")
                .hasMessageContaining("cannot be edited");
    }

    @Test
    void badCsvsAreRefusedNamingLineRowAndColumn() {
        ObjectNode tree = UAssetJson.toTree(TAGGED.pkg().get(), null);
        String csv = DataTableCsv.toCsv(tree, null, null, "t").csv();
        assertThatThrownBy(() -> DataTableCsv.apply(tree.deepCopy(), null, csv.replace("---,Number,", "---,Numbr,"), "x.csv", null))
                .isInstanceOf(CsvFormatException.class).hasMessageContaining("Column 'Numbr'").hasMessageContaining("x.csv")
                .hasMessageContaining("CSV line 1, column 2");
        assertThatThrownBy(() -> DataTableCsv.apply(tree.deepCopy(), null, csv.replace("Alpha,\"305419896\"", "Alpha,\"12x\""), "x.csv", null))
                .isInstanceOf(CsvFormatException.class).hasMessageContaining("Number of row 'Alpha'")
                .hasMessageContaining("expected an integer, found '12x'").hasMessageContaining("CSV line 2, row 'Alpha', column 'Number'");
        assertThatThrownBy(() -> DataTableCsv.apply(tree.deepCopy(), null, csv.replace("Beta,", "Alpha,"), "x.csv", null))
                .isInstanceOf(CsvFormatException.class).hasMessageContaining("Duplicate row name 'Alpha'").hasMessageContaining("CSV line 3");
        assertThatThrownBy(() -> DataTableCsv.apply(tree.deepCopy(), null, csv.replace("\"(11,22,33,44)\"", "\"(11,22,33,44)\",\"x\""),
                "x.csv", null)).isInstanceOf(CsvFormatException.class).hasMessageContaining("7 values for 6 columns");
        // with mappings, enum entries are checked against the enum
        DataTableFixtures.Table unversioned = DataTableFixtures.all().get(1);
        Usmap u = unversioned.mappings().get();
        ObjectNode ut = UAssetJson.toTree(unversioned.pkg().get(), u);
        String ucsv = DataTableCsv.toCsv(ut, null, u, "t").csv();
        assertThatThrownBy(() -> DataTableCsv.apply(ut, null, ucsv.replace("\"Alpha\",\"(Marker", "\"NoSuchEntry\",\"(Marker"), "x.csv", u))
                .isInstanceOf(CsvFormatException.class).hasMessageContaining("enum EFixtureEnum has no entry 'NoSuchEntry'")
                .hasMessageContaining("column 'Kind'");
        ObjectNode notATable = UAssetJson.toTree(io.uassetd.codecs.asset.property.PropertyFixtures.legacyPak(
                io.uassetd.codecs.asset.property.PropertyFixtures.LEGACY_PAKS.get(0)).get("Properties/DA_AllProperties"), null);
        assertThatThrownBy(() -> DataTableCsv.toCsv(notATable, null, null, "DA_AllProperties.uasset"))
                .isInstanceOf(io.uassetd.codecs.error.InputFileException.class).hasMessageContaining("is not a DataTable");
        assertThatThrownBy(() -> DataTableCsv.apply(tree.deepCopy(), null, "", "x.csv", null))
                .isInstanceOf(CsvFormatException.class).hasMessageContaining("empty");
        assertThatThrownBy(() -> DataTableCsv.apply(tree.deepCopy(), null, csv + "Omega,\"1", "x.csv", null))
                .isInstanceOf(CsvFormatException.class).hasMessageContaining("Unterminated quoted field (x.csv, CSV line 5)")
                .matches(e -> ((CsvFormatException) e).syntax());
    }
}
