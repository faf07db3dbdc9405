package io.uassetd.codecs.iostore.header;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.iostore.IoStoreContainer;
import io.uassetd.codecs.iostore.ScriptObjectsChunk;
import io.uassetd.testkit.Fixtures;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The cache of wide names' hashes kept between requests is bounded in bytes (docs/server.md, "Memory,
 * round 2"): the 34,639 names of the UE5.8 global container, each made wide with a CJK suffix (as a
 * Chinese game's names are), hash as without the cache while the cache never holds more than its bound
 * and is emptied when the next name would pass it.
 */
class NameHashCacheTest {

    @Test
    void wideNameHashesAreRightAndTheirCacheStaysWithinItsByteBound() throws Exception {
        List<String> names;
        try (IoStoreContainer c = IoStoreContainer.open(Fixtures.path("cue4parse/UE5_8/IoStore/Tagged/global.utoc"))) {
            names = ScriptObjectsChunk.fromContainer(c).names().names();
        }
        List<String> wide = new ArrayList<>();
        long total = 0;
        for (String n : names) {
            wide.add(n + "\u540d\u79f0");
            total += NameBatch.cachedEntryBytes(n + "\u540d\u79f0");
        }
        assertThat(total).as("the names pass the bound").isGreaterThan(NameBatch.CACHED_BYTES);
        int emptied = 0;
        long before = NameBatch.cachedHashBytes();
        for (int from = 0; from < wide.size(); from += 500) {
            List<String> part = wide.subList(from, Math.min(wide.size(), from + 500));
            NameBatch b = NameBatch.of(part);
            for (int i = 0; i < part.size(); i++) {
                assertThat(b.wide().get(i)).isTrue();
                assertThat(b.hashes()[i]).isEqualTo(NameBatch.hash(part.get(i), true));
            }
            long now = NameBatch.cachedHashBytes();
            assertThat(now).isPositive().isLessThanOrEqualTo(NameBatch.CACHED_BYTES);
            emptied += now < before ? 1 : 0;
            before = now;
        }
        assertThat(emptied).isGreaterThanOrEqualTo((int) (total / NameBatch.CACHED_BYTES));
        // a second pass over names still cached costs no bytes
        List<String> last = wide.subList(wide.size() - 10, wide.size());
        long held = NameBatch.cachedHashBytes();
        NameBatch.of(last);
        assertThat(NameBatch.cachedHashBytes()).isEqualTo(held);
    }
}
