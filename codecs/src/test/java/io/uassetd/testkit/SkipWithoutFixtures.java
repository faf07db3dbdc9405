package io.uassetd.testkit;

import net.jqwik.api.lifecycle.LifecycleContext;
import net.jqwik.api.lifecycle.SkipExecutionHook;

/**
 * A jqwik hook ({@code @AddLifecycleHook(SkipWithoutFixtures.class)}) that skips a property when the
 * fixture folder is absent, as {@link Fixtures#root()} does for JUnit tests; without it every try
 * would be rejected and jqwik would report the property as exhausted. When fixtures are required
 * ({@code UASSETD_REQUIRE_FIXTURES=1}) it does not skip, so the tries fail.
 */
public final class SkipWithoutFixtures implements SkipExecutionHook {
    @Override
    public SkipResult shouldBeSkipped(LifecycleContext context) {
        if (!Fixtures.available() && !Fixtures.required()) {
            return SkipResult.skip(Fixtures.absentMessage());
        }
        return SkipResult.doNotSkip();
    }
}
