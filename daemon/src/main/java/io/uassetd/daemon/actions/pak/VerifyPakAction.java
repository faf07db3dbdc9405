package io.uassetd.daemon.actions.pak;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.uassetd.codecs.error.CancelledException;
import io.uassetd.codecs.io.PathFilter;
import io.uassetd.codecs.pak.PakEntry;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.Items;
import io.uassetd.daemon.action.ItemsReply;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.util.Parallel;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code verify_pak}: checks every entry's SHA-1 (and that it decodes), reporting the bad ones. */
public final class VerifyPakAction extends TypedAction<VerifyPakAction.Request, VerifyPakAction.Verified> {
    /** The request. */
    public record Request(@Field(value = PakArchives.FILE_PATH, required = true) Path file_path,
                          @Field(value = PakArchives.AES_KEY, cli = "--aes") String aes_key,
                          @Field(value = PakArchives.SCHEME, dflt = "standard") String encryption_scheme,
                          @Field(value = PakArchives.FILTER, cli = "--filter") List<String> filter_patterns,
                          @Field("stop at the first bad entry (the rest are reported as skipped)") boolean fail_fast)
            implements PakArchives.Source {
    }

    /** Reply data. */
    public record Verified(String file_path, int total_files, int verified_count, int bad_count, List<Parallel.Failure> bad,
                           @JsonUnwrapped Items outcome) implements ItemsReply {
    }

    public VerifyPakAction() {
        super("verify_pak", "Checks the SHA-1 of every entry of a pak and that its data decodes; reports bad entries",
                "verify_pak", "file_path");
    }

    @Override
    protected Done<Verified> run(Request q, ActionContext ctx) throws Exception {
        var filter = PathFilter.of(q.filter_patterns());
        try (var lease = PakArchives.open(q, ctx)) {
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
            }, q.fail_fast());
            if (ctx.isCancelled()) {
                throw new CancelledException("Request cancelled");
            }
            Verified v = new Verified(q.file_path().toString(), todo.size(), o.succeeded().size(), o.failures().size(), o.failures(),
                    o.items());
            return Done.of(v.bad_count() == 0 ? "All " + v.verified_count() + " entries verified"
                    : v.bad_count() + " of " + v.total_files() + " entries are bad", v);
        }
    }
}
