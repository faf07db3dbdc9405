package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.Reply;
import io.uassetd.testkit.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code datatable_to_csv} and {@code csv_to_datatable} through the packaged daemon on UAssetAPI's UE5.1 unversioned
 * DataTable (enums of every underlying width, read through its .usmap, engine detected): the editor's CSV layout, an
 * edited CSV applied in place (first backup kept) and read back as the same CSV, the exact package changes
 * {@code diff_packages} sees, a no-op that writes nothing, the CLI, and a bad CSV named by line and column.
 */
class DataTableCsvActionsTest extends SharedDaemon {
    private static final String DIR = "uassetapi/TestUE5_1/UnderlyingEnumTypes/";

    private static Path copy(Path dir) throws Exception {
        for (String ext : List.of(".uasset", ".uexp")) {
            Files.copy(Fixtures.path(DIR + "NewDataTable" + ext), dir.resolve("NewDataTable" + ext));
        }
        return dir.resolve("NewDataTable.uasset");
    }

    @Test
    void aTableGoesToCsvAndAnEditedCsvComesBack(@TempDir Path dir) throws Exception {
        Path pkg = copy(dir);
        String usmap = Fixtures.path(DIR + "UnderlyingEnumTypes.usmap").toString();
        Reply r = call("datatable_to_csv", fields("file_path", pkg.toString(), "usmap_path", usmap));
        assertThat(r.success()).as(r.message()).isTrue();
        JsonNode d = r.dataTree();
        Path csvFile = dir.resolve("NewDataTable.csv");
        assertThat(d.get("output_path").textValue()).isEqualTo(csvFile.toString());
        assertThat(d.get("export_name").textValue()).isEqualTo("NewDataTable");
        assertThat(d.get("row_count").intValue()).isEqualTo(5);
        assertThat(d.get("columns").toString()).isEqualTo("[\"U8\",\"U16\",\"U32\",\"E8\",\"E16\",\"E32\",\"E64\",\"FillerProperty\"]");
        assertThat(d.get("engine_version").textValue()).isEqualTo("UE5_1");
        List<String> lines = new ArrayList<>(Files.readAllLines(csvFile, StandardCharsets.UTF_8));
        assertThat(lines).hasSize(6);
        assertThat(lines.get(0)).isEqualTo("---,U8,U16,U32,E8,E16,E32,E64,FillerProperty");
        assertThat(lines.get(1)).isEqualTo("Row1,\"One\",\"Two\",\"Three\",\"Four\",\"Three\",\"Two\",\"One\",\"True\"");
        assertThat(lines.get(3)).isEqualTo("Row3,\"None\",\"None\",\"None\",\"None\",\"None\",\"None\",\"None\",\"True\"");

        // the same CSV back: nothing changes, nothing is written
        byte[] before = Files.readAllBytes(pkg);
        Reply same = call("csv_to_datatable", fields("file_path", pkg.toString(), "csv_path", csvFile.toString(), "usmap_path", usmap));
        assertThat(same.success()).as(same.message()).isTrue();
        assertThat(same.dataTree().get("written").booleanValue()).isFalse();
        assertThat(same.dataTree().get("changed_cells").intValue()).isZero();
        assertThat(Files.readAllBytes(pkg)).isEqualTo(before);
        assertThat(Files.exists(dir.resolve("NewDataTable.uasset.bak"))).isFalse();

        // Row2's U16 becomes Three (an enum with a 16-bit underlying type), Row5 goes, Row6 comes
        lines.set(2, lines.get(2).replaceFirst("^Row2,\"One\",\"One\"", "Row2,\"One\",\"Three\""));
        lines.remove(5);
        lines.add(lines.get(1).replace("Row1,", "Row6,"));
        Path edited = dir.resolve("edited.csv");
        Files.write(edited, lines, StandardCharsets.UTF_8);
        Reply apply = call("csv_to_datatable", fields("file_path", pkg.toString(), "csv_path", edited.toString(), "usmap_path", usmap));
        assertThat(apply.success()).as(apply.message()).isTrue();
        JsonNode a = apply.dataTree();
        assertThat(a.get("written").booleanValue()).isTrue();
        assertThat(a.get("changed_cells").intValue()).isEqualTo(1);
        assertThat(a.get("changed_rows").toString()).isEqualTo("[\"Row2\"]");
        assertThat(a.get("added_rows").toString()).isEqualTo("[\"Row6\"]");
        assertThat(a.get("removed_rows").toString()).isEqualTo("[\"Row5\"]");
        assertThat(a.get("backup_path").textValue()).endsWith("NewDataTable.uasset.bak");
        assertThat(Files.readAllBytes(Path.of(a.get("backup_path").textValue()))).isEqualTo(before);

        Path again = dir.resolve("again.csv");
        Reply back = call("datatable_to_csv", fields("file_path", pkg.toString(), "output_path", again.toString(), "usmap_path", usmap));
        assertThat(back.success()).as(back.message()).isTrue();
        assertThat(Files.readAllLines(again, StandardCharsets.UTF_8)).isEqualTo(lines);

        Reply diff = call("diff_packages", fields("old_path", Fixtures.path(DIR + "NewDataTable.uasset").toString(), "new_path", pkg.toString(),
                "usmap_path", usmap));
        assertThat(diff.success()).as(diff.message()).isTrue();
        List<String> paths = new ArrayList<>();
        diff.dataTree().get("changes").forEach(c -> paths.add(c.get("kind").textValue() + " " + c.get("path").textValue()));
        assertThat(paths).containsExactlyInAnyOrder("added Names[Row6]", "changed Exports[NewDataTable].Rows[Row2].U16",
                "changed Exports[NewDataTable].Rows[Row2].U16@Label", // the entry name stored beside the number
                "removed Exports[NewDataTable].Rows[Row5]", "added Exports[NewDataTable].Rows[Row6]");
    }

    @Test
    void theCliWritesTheCsvAndABadCsvIsNamedByLineAndColumn(@TempDir Path dir) throws Exception {
        Path pkg = copy(dir);
        String usmap = Fixtures.path(DIR + "UnderlyingEnumTypes.usmap").toString();
        Path out = dir.resolve("out.csv");
        Daemon.Result cli = Daemon.run("datatable_to_csv", pkg.toString(), out.toString(), "--usmap", usmap);
        assertThat(cli.status()).as(cli.stderr()).isZero();
        assertThat(Files.readString(out)).startsWith("---,U8,U16,U32,E8,E16,E32,E64,FillerProperty\n");

        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, Files.readString(out).replace("Row3,\"None\",\"None\"", "Row3,\"None\",\"Twelve\""));
        Reply r = call("csv_to_datatable", fields("file_path", pkg.toString(), "csv_path", bad.toString(), "usmap_path", usmap));
        assertThat(r.success()).isFalse();
        assertThat(r.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(r.message()).contains("bad.csv").contains("CSV line 4, row 'Row3', column 'U16'").contains("no entry 'Twelve'");
        Daemon.Result cliBad = Daemon.run("csv_to_datatable", pkg.toString(), bad.toString(), "--usmap", usmap);
        assertThat(cliBad.status()).isNotZero();
        assertThat(cliBad.stderr()).contains("column 'U16'");
    }
}
