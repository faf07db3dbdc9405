package io.uassetd.daemon.actions.core;

import io.uassetd.daemon.action.ActionException;
import io.uassetd.codecs.hash.Hashes;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import java.math.BigInteger;

/**
 * {@code cityhash}: CityHash64 v1.1 of the lower-cased string as UTF-16LE (how Unreal makes
 * FPackageId from a package path). As in UAssetTool, {@code file_path} holds the string.
 */
public final class CityHashAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("cityhash",
            "CityHash64 v1.1 of a lower-cased string as UTF-16LE (package path -> FPackageId)",
            FieldSpec.required("file_path", FieldType.STRING, "the string to hash (UAssetTool passes it in file_path)"))
            .withCli("cityhash", "file_path");

    /** Reply data: the input, {@code 0x} + 16 upper-case hex digits, and the unsigned decimal value. */
    public record CityHash(String input, String hash_hex, BigInteger hash_decimal) {
    }

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) {
        String input = args.string("file_path");
        if (input == null) {
            throw ActionException.invalid("Missing field 'file_path' (the string to hash)");
        }
        long h = Hashes.cityHash64LowerUtf16(input);
        return ActionResult.of("CityHash64 computed", new CityHash(input, Hashes.hex64(h), new BigInteger(Long.toUnsignedString(h))));
    }

    @Override
    public String formatHuman(ActionResult result) {
        CityHash c = (CityHash) result.data();
        return c.input() + "\n" + c.hash_hex() + " (" + c.hash_decimal() + ")\n";
    }
}
