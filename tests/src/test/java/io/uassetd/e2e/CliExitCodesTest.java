package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.protocol.Json;
import io.uassetd.testkit.Fixtures;
import io.uassetd.testkit.NiagaraTestSystem;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CLI as scripts use it, through the packaged daemon jar: exit codes (0 everything done, 1 some
 * items failed, 2 usage, 3 nothing done) with a one-line summary of failures on stderr, output
 * modes under the caller's umask, and UAssetTool's option spellings.
 */
@Timeout(300)
class CliExitCodesTest {
    static final String KEY = ZenActionsTest.KEY;
    static final String WRONG_KEY = UAssetToolClientSessionTest.WRONG_KEY;

    @TempDir
    static Path dir;
    static Path system;

    /** The Tagged IoStore fixtures (a method, not a field: a missing folder skips only the tests that use it). */
    static Path tagged() {
        return Fixtures.path("cue4parse/UE5_8/IoStore/Tagged");
    }

    @BeforeAll
    static void setUp() {
        system = NiagaraTestSystem.write(dir.resolve("ns"));
    }

    /** Runs the CLI under {@code umask}; returns status, stdout and stderr. */
    static Daemon.Result run(String umask, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("sh", "-c", "umask " + umask + "; exec \"$@\"", "sh"));
        cmd.addAll(Daemon.command(args));
        Process p = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectError(dir.resolve("cli.stderr").toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int status = p.waitFor();
        return new Daemon.Result(status, out, Files.readString(dir.resolve("cli.stderr")));
    }

    static String mode(Path p) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
    }

    @Test
    void exitCodesTellAllFromSomeFromNothingAndUsage() throws Exception {
        // a good and a bad JSON document: one of two packages written
        Path jsons = dir.resolve("jsons");
        Daemon.Result to = run("022", "to_json", Fixtures.path("uassetapi/TestJson/Items.uasset").toString(),
                "--output-path", jsons.toString());
        assertThat(to.status()).as(to.stderr()).isZero();
        assertThat(to.stderr()).isEmpty();
        Files.writeString(jsons.resolve("Broken.json"), "{\"NameMap\": 3}");
        Daemon.Result some = run("022", "from_json", jsons.toString(), dir.resolve("back").toString());
        assertThat(some.status()).as(some.stdout() + some.stderr()).isEqualTo(1);
        List<String> lines = some.stderr().lines().toList();
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0)).startsWith("uassetd from_json: 1 of 2 items failed (first: ").contains("Broken.json");
        assertThat(dir.resolve("back/Items.uasset")).isRegularFile();
        // only the bad one: nothing done, and its own error (with where it lies) on one line
        Files.delete(jsons.resolve("Items.json"));
        Daemon.Result none = run("022", "from_json", jsons.toString(), dir.resolve("back2").toString());
        assertThat(none.status()).as(none.stdout() + none.stderr()).isEqualTo(3);
        assertThat(none.stderr().lines().toList()).singleElement().asString()
                .startsWith("uassetd from_json: error [INVALID_ARGUMENT]: ").contains("Broken.json");
        // an action that fails outright: nothing done, its error on one line
        Daemon.Result failed = run("022", "list_pak", dir.resolve("missing.pak").toString());
        assertThat(failed.status()).isEqualTo(3);
        assertThat(failed.stderr().lines().toList()).singleElement().asString().startsWith("uassetd list_pak: error [NOT_FOUND]: ");
        // usage
        Daemon.Result usage = run("022", "list_pak", "--no-such-option");
        assertThat(usage.status()).isEqualTo(2);
        assertThat(usage.stderr()).startsWith("uassetd list_pak: unknown option --no-such-option");
        Daemon.Result ok = run("022", "cityhash", "/Game/UI/Menu_EscapeMenu/MENU_EscapeMenu");
        assertThat(ok.status()).isZero();
        assertThat(ok.stderr()).isEmpty();
    }

    @Test
    void outputsTakeTheUmaskAndInPlaceEditsKeepTheMode() throws Exception {
        Path root = Fixtures.path("repak/pack/root");
        Daemon.Result a = run("022", "create_pak", dir.resolve("modes/a.pak").toString(), root.toString());
        assertThat(a.status()).as(a.stderr()).isZero();
        assertThat(mode(dir.resolve("modes/a.pak"))).isEqualTo("rw-r--r--");
        Daemon.Result b = run("027", "create_pak", dir.resolve("modes/b.pak").toString(), root.toString());
        assertThat(b.status()).as(b.stderr()).isZero();
        assertThat(mode(dir.resolve("modes/b.pak"))).isEqualTo("rw-r-----");
        // replacing a file keeps its mode, whatever the umask
        Files.setPosixFilePermissions(dir.resolve("modes/b.pak"), PosixFilePermissions.fromString("rw-rw-rw-"));
        Daemon.Result again = run("077", "create_pak", dir.resolve("modes/b.pak").toString(), root.toString());
        assertThat(again.status()).as(again.stderr()).isZero();
        assertThat(mode(dir.resolve("modes/b.pak"))).isEqualTo("rw-rw-rw-");
        Daemon.Result x = run("077", "extract_pak", dir.resolve("modes/a.pak").toString(), dir.resolve("modes/x").toString());
        assertThat(x.status()).as(x.stderr()).isZero();
        assertThat(mode(dir.resolve("modes/x/test.png"))).isEqualTo("rw-------");
        // extracting again over the same folder: a replaced file keeps its mode, a new one takes the umask
        Files.setPosixFilePermissions(dir.resolve("modes/x/test.png"), PosixFilePermissions.fromString("rw-rw-r--"));
        Files.delete(dir.resolve("modes/x/test.txt"));
        Daemon.Result x2 = run("022", "extract_pak", dir.resolve("modes/a.pak").toString(), dir.resolve("modes/x").toString());
        assertThat(x2.status()).as(x2.stderr()).isZero();
        assertThat(mode(dir.resolve("modes/x/test.png"))).isEqualTo("rw-rw-r--");
        assertThat(mode(dir.resolve("modes/x/test.txt"))).isEqualTo("rw-r--r--");
        assertThat(Files.readAllBytes(dir.resolve("modes/x/test.png"))).isEqualTo(Files.readAllBytes(root.resolve("test.png")));
        // in place: the package and its .uexp keep their modes
        Path edit = dir.resolve("modes/edit/NS_Fixture.uasset");
        Files.createDirectories(edit.getParent());
        Files.copy(system, edit);
        Files.copy(system.resolveSibling("NS_Fixture.uexp"), edit.resolveSibling("NS_Fixture.uexp"));
        Files.setPosixFilePermissions(edit, PosixFilePermissions.fromString("rw-rw-r--"));
        Files.setPosixFilePermissions(edit.resolveSibling("NS_Fixture.uexp"), PosixFilePermissions.fromString("rw-r-----"));
        Daemon.Result e = run("077", "niagara_edit", edit.toString(), "0", "5", "0", "--export-index",
                String.valueOf(NiagaraTestSystem.COLOR_GLOW));
        assertThat(e.status()).as(e.stdout() + e.stderr()).isZero();
        assertThat(mode(edit)).isEqualTo("rw-rw-r--");
        assertThat(mode(edit.resolveSibling("NS_Fixture.uexp"))).isEqualTo("rw-r-----");
        assertThat(edit.resolveSibling("NS_Fixture.uasset.bak")).isRegularFile();
    }

    @Test
    void uassetToolsSpellingsOfNiagaraCommands() throws Exception {
        Path out = dir.resolve("spell/NS_Edited.uasset");
        String edits = "[{\"exportIndex\":" + NiagaraTestSystem.ARRAY_COLOR + ",\"colorData\":[[0,0,1,1],[0,1,0,1],[1,0,0,1]]}]";
        Daemon.Result e = run("022", "niagara_edit", system.toString(), "--usmap", ZenLegacyUsmap.path(), "--output", out.toString(),
                "--edits", edits);
        assertThat(e.status()).as(e.stdout() + e.stderr()).isZero();
        assertThat(out).isRegularFile();
        Daemon.Result d = run("022", "niagara_details", out.toString(), "--json");
        assertThat(d.status()).as(d.stderr()).isZero();
        JsonNode array = Json.mapper().readTree(d.stdout()).get("data").get("arrayColors").get(0);
        assertThat(array.get("colorData").toString()).isEqualTo("[[0.0,0.0,1.0,1.0],[0.0,1.0,0.0,1.0],[1.0,0.0,0.0,1.0]]");
        Daemon.Result a = run("022", "niagara_audit", system.toString());
        assertThat(a.status()).as(a.stderr()).isZero();
        assertThat(a.stdout()).startsWith("9 data interfaces (5 colour-editable, 2 with HDR values), 1 other in ")
                .contains("[" + NiagaraTestSystem.COLOR_GLOW + "] NiagaraDataInterfaceColorCurve_Glow (NiagaraDataInterfaceColorCurve, Fire): 8 entries");
    }

    @Test
    void extractIoStoreLegacyTakesUAssetToolsOptions() throws Exception {
        // several --aes: the encrypted container opens with the second key; --global supplies the script objects
        Path global = tagged().resolve("global.utoc");
        Path out = dir.resolve("legacy/keys");
        Daemon.Result keys = run("022", "extract_iostore_legacy", tagged().resolve("OodleEncrypted").toString(), out.toString(),
                "--aes", WRONG_KEY, "--aes", KEY, "--global", global.toString(), "--filter", "**/NS_Fixture", "--json");
        assertThat(keys.status()).as(keys.stdout() + keys.stderr()).isZero();
        JsonNode k = Json.mapper().readTree(keys.stdout()).get("data");
        assertThat(k.get("extracted_count").intValue()).isEqualTo(1);
        assertThat(k.get("files").toString())
                .isEqualTo("[\"Game/Fixtures/Effects/NS_Fixture.uasset\",\"Game/Fixtures/Effects/NS_Fixture.uexp\"]");
        // a key that decrypts none of the encrypted containers is a wrong key (UAssetTool exits non-zero): nothing done, exit 3
        Daemon.Result wrong = run("022", "extract_iostore_legacy", tagged().resolve("OodleEncrypted").toString(),
                dir.resolve("legacy/wrong").toString(), "--aes", WRONG_KEY, "--global", global.toString(), "--filter", "**/NS_Fixture", "--json");
        assertThat(wrong.status()).as(wrong.stdout() + wrong.stderr()).isEqualTo(3);
        JsonNode w = Json.mapper().readTree(wrong.stdout());
        assertThat(w.get("error").get("code").asText()).isEqualTo("WRONG_KEY");
        assertThat(w.get("message").asText()).contains("CUE4ParseFixtures-Minimal-OodleEncrypted-Windows.utoc: ");
        // --script-objects instead of a global container
        Path bin = dir.resolve("ScriptObjects.bin");
        Daemon.Result so = run("022", "extract_script_objects", tagged().toString(), bin.toString());
        assertThat(so.status()).as(so.stderr()).isZero();
        Daemon.Result withBin = run("022", "extract_iostore_legacy", tagged().resolve("Zlib").toString(),
                dir.resolve("legacy/bin").toString(), "--script-objects", bin.toString(), "--filter", "**/SM_Fixture", "--json");
        assertThat(withBin.status()).as(withBin.stdout() + withBin.stderr()).isZero();
        assertThat(Json.mapper().readTree(withBin.stdout()).get("data").get("extracted_count").intValue()).isEqualTo(1);
        Daemon.Result noScripts = run("022", "extract_iostore_legacy", tagged().resolve("Zlib").toString(),
                dir.resolve("legacy/noscripts").toString(), "--filter", "**/SM_Fixture");
        assertThat(noScripts.status()).isEqualTo(3);
        assertThat(noScripts.stderr()).contains("give --global or --script-objects");
        // --container: only the packages that container provides (a mod outside game_paks holding one
        // package), the rest of the store resolving their imports
        Path modBase = dir.resolve("containers/Mod_P");
        Daemon.Result mod = run("022", "create_mod_iostore", modBase.toString(), system.toString(),
                system.resolveSibling("NS_Fixture.uexp").toString(), "--no-compress");
        assertThat(mod.status()).as(mod.stdout() + mod.stderr()).isZero();
        Daemon.Result one = run("022", "extract_iostore_legacy", tagged().resolve("Zlib").toString(),
                dir.resolve("legacy/one").toString(), "--global", global.toString(), "--container", modBase + ".utoc", "--json");
        assertThat(one.status()).as(one.stdout() + one.stderr()).isZero();
        JsonNode o = Json.mapper().readTree(one.stdout()).get("data");
        assertThat(o.get("extracted_count").intValue()).isEqualTo(1);
        assertThat(o.get("files").get(0).textValue()).endsWith("/NS_Fixture.uasset");
    }

    /** The fixture mappings (accepted by niagara_edit; the tagged system needs none). */
    static final class ZenLegacyUsmap {
        static String path() {
            return io.uassetd.testkit.ZenLegacyFixtures.usmap().toString();
        }
    }
}
