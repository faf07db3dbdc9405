package io.uassetd.daemon.actions.bundle;

import io.uassetd.codecs.iostore.bundle.BundleAssembler;
import io.uassetd.codecs.iostore.bundle.IoStoreProfile;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.Args;

/**
 * The legacy -> Zen converter the bundle actions hand to {@link BundleAssembler}. Until the
 * converter exists, legacy inputs are reported as packages that cannot be made.
 */
final class LegacyConversion {
    private LegacyConversion() {
    }

    static BundleAssembler.LegacyConverter converter(Args args, ActionContext ctx, IoStoreProfile profile) {
        return null;
    }
}
