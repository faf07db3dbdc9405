package io.uassetd.daemon.actions.asset;

import java.util.Locale;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.property.Property;
import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.error.InputProblem;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code detect_*} and {@code batch_detect_*} family: whether a package (or any of several) is a
 * texture, mesh, skeletal mesh, static mesh or blueprint. The data is a bare boolean, as in UAssetTool.
 */
public final class DetectKindAction implements ActionHandler {
    private final ActionSpec spec;
    private final AssetFiles.Kind kind;
    private final boolean batch;

    private DetectKindAction(String name, AssetFiles.Kind kind, boolean batch) {
        this.kind = kind;
        this.batch = batch;
        String what = kind.name().toLowerCase(Locale.ROOT).replace('_', ' ');
        this.spec = batch
                ? ActionSpec.of(name, "Whether any of file_paths is a " + what, AssetFiles.FILES, AssetFiles.ENGINE, AssetFiles.USMAP)
                : ActionSpec.of(name, "Whether a package is a " + what, AssetFiles.FILE, AssetFiles.ENGINE, AssetFiles.USMAP);
    }

    /** Every detect_* and batch_detect_* action. */
    public static List<ActionHandler> all() {
        List<ActionHandler> out = new ArrayList<>();
        for (AssetFiles.Kind k : AssetFiles.Kind.values()) {
            String n = k.name().toLowerCase(Locale.ROOT);
            out.add(new DetectKindAction("detect_" + n, k, false));
            if (k != AssetFiles.Kind.MESH) {
                out.add(new DetectKindAction("batch_detect_" + n, k, true));
            }
        }
        return out;
    }

    @Override
    public ActionSpec spec() {
        return spec;
    }

    /**
     * UAssetTool's meanings: {@code detect_mesh} is a skeletal mesh; {@code detect_texture} is a
     * texture that still needs the NoMipmaps fix (a Texture2D whose MipGenSettings is not
     * TMGS_NoMipmaps, or absent). A batch answers whether any item matches; an item that is missing or
     * cannot be read does not match and is named in {@code warnings}.
     */
    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        EngineVersion engine = AssetFiles.engine(args);
        if (!batch) {
            Path file = args.requirePath("file_path");
            AssetPackage p = AssetFiles.open(file, engine, ctx, AssetFiles.explicitUsmap(args, ctx));
            if (kind == AssetFiles.Kind.TEXTURE) {
                boolean texture = kind.matches(AssetFiles.assetType(p));
                boolean needsFix = texture && needsMipGenFix(p, args, ctx);
                return ActionResult.of(needsFix ? "Texture needs MipGen fix" : texture ? "Texture already has NoMipmaps" : "Not a texture",
                        needsFix);
            }
            boolean is = kind.matches(AssetFiles.assetType(p));
            String what = kind == AssetFiles.Kind.MESH ? "skeletal_mesh" : kind.name().toLowerCase(Locale.ROOT);
            return ActionResult.of(is ? "File is " + what : "File is not " + what, is);
        }
        List<String> files = args.strings("file_paths");
        if (files.isEmpty()) {
            throw ActionException.invalid("Field 'file_paths' is empty");
        }
        String what = kind.name().toLowerCase(Locale.ROOT);
        for (String f : files) {
            ctx.checkCancelled();
            try {
                AssetPackage p = AssetFiles.open(Path.of(f), engine, ctx, AssetFiles.explicitUsmap(args, ctx));
                boolean is = kind.matches(AssetFiles.assetType(p)) && (kind != AssetFiles.Kind.TEXTURE || needsMipGenFix(p, args, ctx));
                if (is) {
                    return ActionResult.of("Found " + what + " in batch: " + f, true);
                }
            } catch (RuntimeException e) {
                if (!(e instanceof InputProblem)) {
                    throw e;
                }
                ctx.warn("Skipped " + f + ": " + e.getMessage());
            }
        }
        return ActionResult.of("No " + what + " found", false);
    }

    /** Whether the package's Texture2D export has a MipGenSettings other than TMGS_NoMipmaps (absent: the group default, so yes). */
    static boolean needsMipGenFix(AssetPackage p, Args args, ActionContext ctx) throws Exception {
        for (Export e : p.exports()) {
            if (!"Texture2D".equals(p.className(e))) {
                continue;
            }
            Usmap usmap = AssetFiles.usmapFor(args, ctx, p);
            for (Property prop : PropertyParser.contentOf(p, e, usmap).properties().properties()) {
                if ("MipGenSettings".equals(prop.name(p))) {
                    String v = String.valueOf(prop.value().view(p));
                    return !(v.endsWith("TMGS_NoMipmaps") || v.equals("13"));
                }
            }
            return true;
        }
        return false;
    }
}
