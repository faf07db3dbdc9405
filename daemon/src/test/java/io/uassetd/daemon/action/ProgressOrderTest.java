package io.uassetd.daemon.action;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Progress events of parallel work arrive in the order workers report them, not the order they counted. */
class ProgressOrderTest {
    @Test
    void aCountReportedAfterAHigherOneIsDroppedSoTheLastEventIsTheFinalCount() throws InterruptedException {
        List<long[]> sent = new ArrayList<>();
        ActionContext ctx = new ActionContext(null, null, (id, done, total, item) -> sent.add(new long[] {done, total}),
                ActionContext.Control.NONE);
        ctx.progress(0, 11, null);
        ctx.progress(11, 11, "b"); // the worker that counted 11 reports first
        Thread.sleep(30); // past the 20 ms throttle, which alone would let the late count through
        ctx.progress(10, 11, "a"); // the one that counted 10 reports after it
        assertThat(sent).extracting(e -> e[0]).containsExactly(0L, 11L);
        // a new phase (another total, or done 0) starts counting again
        ctx.progress(0, 3, null);
        ctx.progress(3, 3, "c");
        assertThat(sent).extracting(e -> e[0]).containsExactly(0L, 11L, 0L, 3L);
    }
}
