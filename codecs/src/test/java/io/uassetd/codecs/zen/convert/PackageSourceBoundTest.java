package io.uassetd.codecs.zen.convert;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.zen.ZenPackage;
import io.uassetd.testkit.ZenLegacyFixtures;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The headers a package store's conversions share (PackageSource) are bounded in bytes of stored header as
 * well as in count (docs/server.md, "Memory, round 2"): on the 97 packages of the CUE4Parse UE5.8 container,
 * with a 64 KiB bound, the shared headers never hold more than 64 KiB, are emptied when the next would
 * pass it, and every lookup still finds its package with the same name and imports as an unbounded source.
 */
class PackageSourceBoundTest {

    @Test
    void theSharedHeadersStayWithinTheirByteBoundAndLookupsStillFindEveryPackage() throws Exception {
        long bound = 64 << 10;
        try (PackageStore store = ZenLegacyFixtures.store("Tagged"); PackageStore other = ZenLegacyFixtures.store("Tagged")) {
            List<Long> ids = new ArrayList<>(store.packageIds());
            ZenPackage first = ZenPackage.readAny(store.readPackage(ids.get(0)), "first");
            long headers = 0;
            List<Long> sizes = new ArrayList<>();
            for (long id : ids) {
                byte[] data = store.readPackage(id);
                sizes.add(data.length - (long) ZenPackage.read(data, "p", first.layout()).exportData().length);
                headers += sizes.get(sizes.size() - 1);
            }
            assertThat(headers).as("the 97 headers pass the bound several times").isGreaterThan(2 * bound);

            int emptied = 0;
            int expectEmptied = 0;
            long before = 0;
            long expectBytes = 0;
            for (int k = 0; k < ids.size(); k++) {
                long id = ids.get(k);
                if (expectBytes + sizes.get(k) > bound) {
                    expectEmptied++;
                    expectBytes = 0;
                }
                expectBytes += sizes.get(k);
                // a new source per package, as each conversion makes its own: only the shared headers carry over
                PackageSource bounded = new PackageSource(store, first.layout(), bound);
                PackageSource plain = new PackageSource(other, first.layout());
                PackageSource.Loaded a = bounded.find(id).orElseThrow();
                PackageSource.Loaded b = plain.find(id).orElseThrow();
                assertThat(a.name()).isEqualTo(b.name());
                assertThat(a.importedIds()).isEqualTo(b.importedIds());
                assertThat(a.pkg().exportData()).isEmpty();
                PackageSource.Shared shared = PackageSource.shared(store);
                assertThat(shared.bytes.get()).isLessThanOrEqualTo(bound).isEqualTo(expectBytes);
                assertThat(shared.headers).containsKey(id);
                emptied += shared.bytes.get() < before ? 1 : 0;
                before = shared.bytes.get();
            }
            assertThat(emptied).isEqualTo(expectEmptied).isGreaterThanOrEqualTo(2);
            // the unbounded source (4 MiB) kept all 97
            assertThat(PackageSource.shared(other).headers).hasSize(ids.size());
            assertThat(PackageSource.shared(other).bytes.get()).isEqualTo(headers);
        }
    }
}
