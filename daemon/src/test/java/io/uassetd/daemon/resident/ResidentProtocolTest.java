package io.uassetd.daemon.resident;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.actions.Actions;
import io.uassetd.daemon.cli.Cli;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The front-end's frames (docs/server.md), the rewriting of the client's folder in what a command
 * prints, and which request fields the server resolves against the client's folder.
 */
class ResidentProtocolTest {
    @Test
    void aRequestFrameRoundTripsAndAMalformedOneIsRefused() throws IOException {
        Frames.Request r = new Frames.Request(Frames.VERSION, "13bbccf-6b0a789a", "/home/me/mods",
                List.of("list_pak", "Game Paks/pakchunk0.pak", "--json", "äöü"), List.of("USMAP_PATH=x.usmap", "EMPTY="));
        byte[] b = r.encode();
        assertThat(Frames.Request.parse(b)).isEqualTo(r);
        // a count larger than the bytes that follow, and a cut string
        assertThatThrownBy(() -> Frames.Request.parse(Arrays.copyOf(b, b.length - 3))).isInstanceOf(IOException.class);
        byte[] huge = b.clone();
        huge[4] = 0x7f;
        assertThatThrownBy(() -> Frames.Request.parse(huge)).isInstanceOf(IOException.class);
        // another protocol version is read as such (the server answers with a fallback)
        byte[] v2 = b.clone();
        v2[3] = 2;
        assertThat(Frames.Request.parse(v2).version()).isEqualTo(2);
    }

    @Test
    void theClientsFolderMarkerIsRemovedAndNothingElse() {
        String dir = "/home/me/mods";
        String resolved = Cli.resolveAgainst(dir, "out/x.uasset");
        assertThat(resolved).isEqualTo("/home/me/mods/./out/x.uasset");
        assertThat(Cli.resolveAgainst(dir, "/abs/x")).isEqualTo("/abs/x");
        assertThat(Cli.resolveAgainst("/", "x")).isEqualTo("/./x");
        byte[] prefix = "/home/me/mods/./".getBytes(StandardCharsets.UTF_8);
        String printed = "wrote " + resolved + " and /home/me/mods/out/y and " + Cli.resolveAgainst(dir, "../z") + "\n";
        byte[] in = printed.getBytes(StandardCharsets.UTF_8);
        assertThat(new String(ResidentServer.ClientStream.rewrite(in, in.length, prefix), StandardCharsets.UTF_8))
                .isEqualTo("wrote out/x.uasset and /home/me/mods/out/y and ../z\n");
    }

    @Test
    void thePathFieldsOfEveryActionAreExactlyThese() {
        TreeSet<String> paths = new TreeSet<>();
        TreeSet<String> all = new TreeSet<>();
        for (ActionHandler h : Actions.registry().actions()) {
            for (FieldSpec f : h.spec().fields()) {
                all.add(f.name());
                if (Cli.isPathField(f.name())) {
                    paths.add(f.name());
                }
            }
        }
        // a new field that names a file must be added here (and to Cli's rule when its name does not say so)
        assertThat(paths).containsExactly("base_path", "containers", "csv_path", "edits_file", "file_path", "file_paths", "game_paks",
                "global_utoc", "image_dir", "image_path", "input_dir", "input_pak", "mod_path", "mod_paths", "mods_path", "new_base_path", "new_path", "old_path", "output",
                "output_path", "preview_dir", "script_objects", "uexp_path", "usmap_path");
        assertThat(all).contains("internal_path", "property_path", "game_path");
    }
}
