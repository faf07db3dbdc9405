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
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code detect_*} and {@code batch_detect_*} family: whether a package (or any of several) is a
 * texture, mesh, skeletal mesh, static mesh or blueprint. The data is a bare boolean, as in UAssetTool.
 */
public final class DetectKindAction {
    private DetectKindAction() {
    }

    /** The request of a detect_* action. */
    public record Request(@Field(value = AssetFiles.FILE_HELP, required = true) Path file_path,
                          @Field(AssetFiles.ENGINE_HELP) EngineVersion engine_version,
                          @Field(value = AssetFiles.USMAP_HELP, cli = "--usmap") String usmap_path) {
    }

    /** The request of a batch_detect_* action. */
    public record BatchRequest(@Field(AssetFiles.FILES_HELP) List<String> file_paths,
                               @Field(AssetFiles.ENGINE_HELP) EngineVersion engine_version,
                               @Field(value = AssetFiles.USMAP_HELP, cli = "--usmap") String usmap_path) {
    }

    /** Every detect_* and batch_detect_* action. */
    public static List<ActionHandler> all() {
        List<ActionHandler> out = new ArrayList<>();
        for (AssetFiles.Kind k : AssetFiles.Kind.values()) {
            String n = k.name().toLowerCase(Locale.ROOT);
            out.add(new Single("detect_" + n, k));
            if (k != AssetFiles.Kind.MESH) {
                out.add(new Batch("batch_detect_" + n, k));
            }
        }
        return out;
    }

    private static String what(AssetFiles.Kind kind) {
        return kind.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    /**
     * A detect_* action, with UAssetTool's meanings: {@code detect_mesh} is a skeletal mesh;
     * {@code detect_texture} is a texture that still needs the NoMipmaps fix (a Texture2D whose
     * MipGenSettings is not TMGS_NoMipmaps, or absent).
     */
    static final class Single extends TypedAction<Request, Boolean> {
        private final AssetFiles.Kind kind;

        Single(String name, AssetFiles.Kind kind) {
            super(name, "Whether a package is a " + what(kind));
            this.kind = kind;
        }

        @Override
        protected Done<Boolean> run(Request q, Args args, ActionContext ctx) throws Exception {
            AssetPackage p = AssetFiles.open(q.file_path(), q.engine_version(), ctx, AssetFiles.explicitUsmap(args, ctx));
            if (kind == AssetFiles.Kind.TEXTURE) {
                boolean texture = kind.matches(AssetFiles.assetType(p));
                boolean needsFix = texture && needsMipGenFix(p, args, ctx);
                return Done.of(needsFix ? "Texture needs MipGen fix" : texture ? "Texture already has NoMipmaps" : "Not a texture", needsFix);
            }
            boolean is = kind.matches(AssetFiles.assetType(p));
            String what = kind == AssetFiles.Kind.MESH ? "skeletal_mesh" : kind.name().toLowerCase(Locale.ROOT);
            return Done.of(is ? "File is " + what : "File is not " + what, is);
        }
    }

    /**
     * A batch_detect_* action: whether any item matches (UAssetTool's bare boolean, which has no
     * place for an item outcome); an item that is missing or cannot be read does not match and is
     * named in {@code warnings}.
     */
    static final class Batch extends TypedAction<BatchRequest, Boolean> {
        private final AssetFiles.Kind kind;

        Batch(String name, AssetFiles.Kind kind) {
            super(name, "Whether any of file_paths is a " + what(kind));
            this.kind = kind;
        }

        @Override
        protected Done<Boolean> run(BatchRequest q, Args args, ActionContext ctx) throws Exception {
            if (q.file_paths().isEmpty()) {
                throw ActionException.invalid("Field 'file_paths' is empty");
            }
            String what = kind.name().toLowerCase(Locale.ROOT);
            for (String f : q.file_paths()) {
                ctx.checkCancelled();
                try {
                    AssetPackage p = AssetFiles.open(Path.of(f), q.engine_version(), ctx, AssetFiles.explicitUsmap(args, ctx));
                    boolean is = kind.matches(AssetFiles.assetType(p)) && (kind != AssetFiles.Kind.TEXTURE || needsMipGenFix(p, args, ctx));
                    if (is) {
                        return Done.of("Found " + what + " in batch: " + f, true);
                    }
                } catch (RuntimeException e) {
                    if (!(e instanceof InputProblem)) {
                        throw e;
                    }
                    ctx.warn("Skipped " + f + ": " + e.getMessage());
                }
            }
            return Done.of("No " + what + " found", false);
        }
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
