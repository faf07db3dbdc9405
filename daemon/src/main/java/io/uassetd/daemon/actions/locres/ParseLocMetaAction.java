package io.uassetd.daemon.actions.locres;

import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.codecs.locres.LocMeta;
import io.uassetd.daemon.action.ActionContext;
import java.nio.file.Path;
import java.util.List;

/** {@code parse_locmeta}: a localization target's .locmeta (native culture, its .locres, compiled cultures). */
public final class ParseLocMetaAction extends TypedAction<ParseLocMetaAction.Request, ParseLocMetaAction.Info> {
    /** The request. */
    public record Request(@Field(value = "the .locmeta", required = true) Path file_path) {
    }

    public ParseLocMetaAction() {
        super("parse_locmeta", "Reads a .locmeta: native culture, native .locres path, compiled cultures, UGC flag", "parse_locmeta",
                "file_path");
    }

    /** Reply data; compiled_cultures is null before version 1, is_ugc before version 2. */
    public record Info(String file_path, int version, String version_name, String native_culture, String native_locres,
                       List<String> compiled_cultures, Boolean is_ugc) {
    }

    @Override
    protected Done<Info> run(Request r, ActionContext ctx) throws Exception {
        Path file = r.file_path();
        LocMeta m = LocResFiles.openMeta(file);
        return Done.of("LocMeta version " + m.version() + ", native culture " + m.nativeCulture(),
                new Info(file.toString(), m.version(), m.versionName(), m.nativeCulture(), m.nativeLocRes(), m.compiledCultures(), m.isUgc()));
    }
}
