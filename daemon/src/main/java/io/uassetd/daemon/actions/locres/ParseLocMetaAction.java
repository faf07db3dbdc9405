package io.uassetd.daemon.actions.locres;

import io.uassetd.codecs.locres.LocMeta;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import java.nio.file.Path;
import java.util.List;

/** {@code parse_locmeta}: a localization target's .locmeta (native culture, its .locres, compiled cultures). */
public final class ParseLocMetaAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("parse_locmeta",
            "Reads a .locmeta: native culture, native .locres path, compiled cultures, UGC flag",
            FieldSpec.required("file_path", FieldType.STRING, "the .locmeta"))
            .withCli("parse_locmeta", "file_path");

    /** Reply data; compiled_cultures is null before version 1, is_ugc before version 2. */
    public record Info(String file_path, int version, String version_name, String native_culture, String native_locres,
                       List<String> compiled_cultures, Boolean is_ugc) {
    }

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        Path file = args.requirePath("file_path");
        LocMeta m = LocResFiles.openMeta(file);
        return ActionResult.of("LocMeta version " + m.version() + ", native culture " + m.nativeCulture(),
                new Info(file.toString(), m.version(), m.versionName(), m.nativeCulture(), m.nativeLocRes(), m.compiledCultures(), m.isUgc()));
    }
}
