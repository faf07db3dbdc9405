package io.uassetd.daemon.actions.core;

import io.uassetd.codecs.hash.Hashes;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import java.math.BigInteger;

/**
 * {@code cityhash}: CityHash64 v1.1 of the lower-cased string as UTF-16LE (how Unreal makes
 * FPackageId from a package path). As in UAssetTool, {@code file_path} holds the string.
 */
public final class CityHashAction extends TypedAction<CityHashAction.Request, CityHashAction.CityHash> {
    /** The request: the string to hash. */
    public record Request(@Field(value = "the string to hash (UAssetTool passes it in file_path)", required = true) String file_path) {
    }

    /** Reply data: the input, {@code 0x} + 16 upper-case hex digits, and the unsigned decimal value. */
    public record CityHash(String input, String hash_hex, BigInteger hash_decimal) {
    }

    public CityHashAction() {
        super("cityhash", "CityHash64 v1.1 of a lower-cased string as UTF-16LE (package path -> FPackageId)", "cityhash", "file_path");
    }

    @Override
    protected Done<CityHash> run(Request r, ActionContext ctx) {
        long h = Hashes.cityHash64LowerUtf16(r.file_path());
        return Done.of("CityHash64 computed", new CityHash(r.file_path(), Hashes.hex64(h), new BigInteger(Long.toUnsignedString(h))));
    }

    @Override
    protected String human(CityHash c) {
        return c.input() + "\n" + c.hash_hex() + " (" + c.hash_decimal() + ")\n";
    }
}
