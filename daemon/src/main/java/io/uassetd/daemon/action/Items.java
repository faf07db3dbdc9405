package io.uassetd.daemon.action;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.ErrorInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * The one outcome of an action that handles items (files, entries, packages): how many there were,
 * how many succeeded, failed and were skipped, and one result per item, under these names in every
 * such reply (a reply record carries it as an {@code @JsonUnwrapped} component, see
 * {@link ItemsReply}). The reply succeeds only when nothing failed ({@link Dispatcher}); the CLI's
 * exit code comes from it alone. Items after the first failure are skipped only when the request
 * asked for {@code fail_fast}.
 */
@JsonPropertyOrder({"total", "succeeded", "failed", "skipped", "items"})
public record Items(int total, int succeeded, int failed, int skipped, List<Item> items) {
    /** What happened to an item. */
    public enum Status {
        ok, failed, skipped
    }

    /**
     * One item's result: its name (path or entry), status, where its output went (when it wrote
     * one), and, when it failed or was skipped, the error code and message.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"item", "status", "output", "code", "error", "file", "offset", "structure"})
    public record Item(String item, Status status, String output, ErrorCode code, String error, String file, Long offset,
                       String structure) {
        public static Item ok(String item, String output) {
            return new Item(item, Status.ok, output, null, null, null, null, null);
        }

        public static Item failed(String item, ErrorCode code, String error) {
            return new Item(item, Status.failed, null, code, error, null, null, null);
        }

        /** A failed item with where its error lies (file, offset, structure), as a failed reply's {@code error} says it. */
        public static Item failed(String item, String error, ErrorInfo where) {
            return new Item(item, Status.failed, null, where.code(), error, where.file(), where.offset(), where.structure());
        }

        public static Item skipped(String item, String why) {
            return new Item(item, Status.skipped, null, null, why, null, null, null);
        }
    }

    public Items {
        items = List.copyOf(items);
    }

    /** The counts of {@code items}. */
    public static Items of(List<Item> items) {
        int ok = 0;
        int failed = 0;
        int skipped = 0;
        for (Item i : items) {
            switch (i.status()) {
                case ok -> ok++;
                case failed -> failed++;
                case skipped -> skipped++;
            }
        }
        return new Items(items.size(), ok, failed, skipped, items);
    }

    /** The first failed item, or null. */
    public Item firstFailure() {
        for (Item i : items) {
            if (i.status() == Status.failed) {
                return i;
            }
        }
        return null;
    }

    /** The outcome as a one-line summary ({@code "2 of 5 items failed (first: X: why)"}). */
    public String summary() {
        Item f = firstFailure();
        String s = failed + " of " + total + " items failed" + (skipped > 0 ? ", " + skipped + " skipped" : "");
        return f == null ? s : s + " (first: " + f.item() + ": " + String.valueOf(f.error()).replace('\n', ' ') + ")";
    }

    /**
     * The item outcome of reply data (a {@link ItemsReply}, possibly inside the engine wrapper, or a
     * JSON object with the uniform counts); null when the reply has none.
     */
    public static Items find(Object data) {
        Object d = Dispatcher.WithEngine.unwrap(data);
        if (d instanceof ItemsReply r) {
            return r.outcome();
        }
        if (d instanceof JsonNode n && n.isObject() && n.path("failed").canConvertToInt() && n.path("succeeded").canConvertToInt()) {
            return new Items(n.path("total").asInt(), n.path("succeeded").asInt(), n.path("failed").asInt(), n.path("skipped").asInt(),
                    List.of());
        }
        return null;
    }

    /** Collects item results one at a time (sequential work); with fail_fast, items after a failure are skipped. */
    public static final class Builder {
        private final List<Item> items = new ArrayList<>();
        private final boolean failFast;
        private final ErrorMapper mapper;
        private final ActionContext ctx;

        public Builder(ActionContext ctx, boolean failFast) {
            this.ctx = ctx;
            this.failFast = failFast;
            this.mapper = new ErrorMapper(ctx == null ? System.err : ctx.services().log());
        }

        /** The work on one item, returning where its output went (or null). */
        @FunctionalInterface
        public interface Work {
            String run() throws Exception;
        }

        /** Whether a failure has stopped the batch (fail_fast). */
        public boolean stopped() {
            return failFast && items.stream().anyMatch(i -> i.status() == Status.failed);
        }

        /**
         * Runs {@code work} for {@code item} and records its result; a failure is recorded with its
         * mapped code (a cancel is not an item failure: it ends the request); after a failure under
         * fail_fast, the item is recorded as skipped and not run.
         */
        public Builder attempt(String item, Work work) {
            if (stopped()) {
                items.add(Item.skipped(item, "not run: an earlier item failed and fail_fast was asked"));
                return this;
            }
            try {
                items.add(Item.ok(item, work.run()));
            } catch (RuntimeException | Error e) {
                if (ctx != null && ctx.isCancelled() || e instanceof VirtualMachineError && !(e instanceof OutOfMemoryError)) {
                    throw e;
                }
                failed(item, e);
            } catch (Exception e) {
                failed(item, e);
            }
            return this;
        }

        private void failed(String item, Throwable e) {
            ErrorMapper.Mapped m = mapper.map(e);
            items.add(Item.failed(item, m.message(), m.error()));
        }

        public Builder add(Item item) {
            items.add(item);
            return this;
        }

        public Items build() {
            return Items.of(items);
        }
    }
}
