package io.uassetd.daemon.util;

import io.uassetd.codecs.error.CancelledException;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Items;
import io.uassetd.daemon.action.ItemsReply;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.nio.file.Path;
import java.util.List;

/** The reply of the extract actions (UAssetTool's shape, plus bytes and failures with reasons) and its CLI rendering. */
public final class Extraction {
    private Extraction() {
    }

    /**
     * Reply data of an extraction: UAssetTool's fields, bytes, failures with reasons, and the
     * uniform item outcome. {@code files} lists what was extracted (with {@code list_only}, what
     * would be).
     */
    public record Report(String output_dir, int extracted_count, int failed_count, long bytes, List<String> files,
                         List<Parallel.Failure> failures, @JsonUnwrapped Items outcome) implements ItemsReply {
    }

    /** The report of a finished parallel extraction whose results are byte counts; CANCELLED if it was cancelled. */
    public static Done<Report> report(ActionContext ctx, Path outDir, Parallel.Outcome<Long> o, String what) {
        if (ctx.isCancelled()) {
            throw new CancelledException("Request cancelled");
        }
        long bytes = o.results().stream().mapToLong(Long::longValue).sum();
        Report r = new Report(outDir.toString(), o.succeeded().size(), o.failures().size(), bytes, o.succeeded(), o.failures(), o.items());
        return Done.of(message(r, what), r);
    }

    private static String message(Report r, String what) {
        return "Extracted " + r.extracted_count() + " " + what + (r.failed_count() > 0 ? ", " + r.failed_count() + " failed" : "");
    }

    /** A listing of what would be extracted. */
    public static Done<Report> listing(Path outDir, List<String> paths) {
        return Done.of(paths.size() + " files would be extracted",
                new Report(outDir.toString(), 0, 0, 0, paths, List.of(), Items.of(List.of())));
    }

    /** The CLI rendering of a report whose items are {@code what} (files, chunks, packages). */
    public static String human(Report r, String what) {
        StringBuilder sb = new StringBuilder();
        boolean listing = r.extracted_count() == 0 && r.failures().isEmpty() && !r.files().isEmpty();
        sb.append(listing ? r.files().size() + " files would be extracted" : message(r, what)).append(" to ").append(r.output_dir())
                .append(" (").append(r.bytes()).append(" bytes)\n");
        for (Parallel.Failure f : r.failures()) {
            sb.append("  failed: ").append(f.item()).append(": ").append(f.error()).append('\n');
        }
        if (listing) {
            r.files().forEach(f -> sb.append(f).append('\n'));
        }
        return sb.toString();
    }
}
