package io.uassetd.daemon.cli;

import java.util.List;
import java.util.Map;

/**
 * UAssetTool's CLI commands that uassetd has under another name, or not at all. UAssetTool's
 * debugging experiments that do a job uassetd does are that uassetd command with UAssetTool's
 * argument order ({@link #ALIASES}); the others are refused with the command that does the job
 * instead ({@link #REFUSED}), exit status 2 (nothing ran). docs/uassettool-compat.md lists both.
 */
final class UAssetToolCommands {
    /** A UAssetTool command run as the uassetd {@code action}, its positional arguments filling {@code positionals}. */
    record Alias(String action, List<String> positionals) {
    }

    /** UAssetTool's command name to the uassetd action that does its job. */
    static final Map<String, Alias> ALIASES = Map.of(
            // roundtrip <input.uasset> <output.uasset> [--usmap P]: read and write again
            "roundtrip", new Alias("save_asset", List.of("file_path", "output_path")),
            // niagara_poc <asset> [usmap]: the colour data interfaces with their LUT samples
            "niagara_poc", new Alias("niagara_details", List.of("file_path", "usmap_path")),
            // probe_chunks <paks_dir> <name_substr> [--aes K]: the chunks of the packages whose path has the substring
            "probe_chunks", new Alias("list_iostore", List.of("file_path", "filter_patterns")));

    /** UAssetTool's command name to what a user runs instead (the refusal's message). */
    static final Map<String, String> REFUSED = Map.of(
            "dump_zen_from_game", "UAssetTool's 'dump_zen_from_game <paks_path> <package_path> [output_file]' is a debugging"
                    + " experiment uassetd does not have. The package's Zen chunks are extracted by 'uassetd extract_iostore"
                    + " <container.utoc> <output_dir> --package <package_path> [--aes KEY]'; 'uassetd list_iostore <paks_path>"
                    + " --filter <name>' says which container holds it.",
            "test_objinject", "UAssetTool's 'test_objinject <input.uasset> <output.uasset>' is a debugging experiment"
                    + " (moving a texture's mips inline) uassetd does not have. A texture's mips are rewritten by 'uassetd"
                    + " inject_texture <uasset> <image> <output>'; 'uassetd has_inline_texture_data <uasset>' says where they are.");

    private UAssetToolCommands() {
    }
}
