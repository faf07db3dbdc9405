package io.uassetd.daemon.actions.pak;

import io.uassetd.codecs.io.PathFilter;
import java.io.OutputStream;
import io.uassetd.codecs.error.CancelledException;
import io.uassetd.codecs.pak.PakEntry;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.Items;
import io.uassetd.daemon.action.ItemsReply;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.util.Parallel;
import java.util.ArrayList;
import java.util.List;

/** {@code verify_pak}: checks every entry's SHA-1 (and that it decodes), reporting the bad ones. */
public final class VerifyPakAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("verify_pak",
            "Checks the SHA-1 of every entry of a pak and that its data decodes; reports bad entries",
            PakArchives.FILE_PATH, PakArchives.AES_KEY, PakArchives.SCHEME, PakArchives.FILTER)
            .withCli("verify_pak", "file_path");

    /** Reply data. */
    public record Verified(String file_path, int total_files, int verified_count, int bad_count, List<Parallel.Failure> bad,
                           @JsonUnwrapped Items outcome) implements ItemsReply {
    }

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        var filter = PathFilter.of(args.strings("filter_patterns"));
        try (var lease = PakArchives.open(args, ctx)) {
            PakReader r = lease.get();
            List<PakEntry> todo = new ArrayList<>();
            for (PakEntry e : r.entries()) {
                if (!e.deleted() && filter.matches(e.path())) {
                    todo.add(e);
                }
            }
            Parallel.Outcome<Boolean> o = Parallel.run(ctx, todo, PakEntry::path, e -> {
                r.verify(e);
                try (var in = r.openEntry(e)) {
                    in.transferTo(OutputStream.nullOutputStream());
                }
                return true;
            });
            if (ctx.isCancelled()) {
                throw new CancelledException("Request cancelled");
            }
            Verified v = new Verified(args.string("file_path"), todo.size(), o.succeeded().size(), o.failures().size(), o.failures(), o.items());
            return ActionResult.of(v.bad_count() == 0 ? "All " + v.verified_count() + " entries verified"
                    : v.bad_count() + " of " + v.total_files() + " entries are bad", v);
        }
    }
}
