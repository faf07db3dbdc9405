package io.uassetd.daemon.actions.texture;

import io.uassetd.daemon.action.FilePaths;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.texture.asset.TextureAsset;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.actions.asset.AssetFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** Opening texture packages for the texture actions, and the fields they share. */
final class TextureSupport {
    // the help texts of the texture actions' request fields (annotation constants)
    static final String FILE_HELP = "the .uasset or .umap (its .uexp is read too)";
    static final String FILES_HELP = "texture packages (.uasset) and folders (every texture package under them)";
    static final String USMAP_HELP = "mappings for unversioned properties (else USMAP_PATH, consulted only for packages that need mappings)";
    static final String ENGINE_HELP = "engine of unversioned (cooked) packages (versioned packages carry their own)";
    static final String MIP_HELP = "the mip to write (0 = largest)";
    static final String SLICE_HELP = "the slice, cube face (0 to 5: +X -X +Y -Y +Z -Z; cube arrays count 6 per cube) or volume depth layer";
    static final String FACE_HELP = "same as slice_index, for cube maps";
    static final String STRIP_HELP = "write every slice / face / depth layer of the mip side by side as one image";
    static final String FORMAT_HELP = "output format: png, tga, bmp, dds (the original blocks, every mip), exr or hdr";
    static final String RECONSTRUCT_Z_HELP = "rebuild the Z (blue) channel of two-channel normal maps; default: on for BC5 and textures whose"
            + " CompressionSettings is TC_Normalmap";

    private TextureSupport() {
    }

    /** The package's texture; mappings are used when given (unversioned packages are read without them too). */
    static TextureAsset open(Path file, Args args, ActionContext ctx) throws Exception {
        AssetPackage pkg = AssetFiles.open(file, AssetFiles.engine(args), ctx);
        Usmap usmap = AssetFiles.usmapIfNeeded(args, ctx, pkg);
        return guard(() -> TextureAsset.read(pkg, usmap));
    }

    /** The package, opened under the requested engine or the detected one (which the reply then reports). */
    static AssetPackage openPackage(Path file, Args args, ActionContext ctx) throws Exception {
        return AssetFiles.read(args, ctx, file).pkg();
    }

    /** The package's texture, read with the mappings of the request (or USMAP_PATH) when it has unversioned properties. */
    static TextureAsset read(AssetPackage pkg, Args args, ActionContext ctx) throws Exception {
        // textures are located without mappings too: a stale USMAP_PATH is a warning here, not a failure
        Usmap usmap = pkg.hasUnversionedProperties() ? AssetFiles.usmap(args, ctx) : AssetFiles.explicitUsmap(args, ctx);
        return guard(() -> TextureAsset.read(pkg, usmap));
    }

    /** Whether the package holds a texture export. */
    static boolean hasTexture(AssetPackage pkg) {
        return pkg.exports().stream().anyMatch(e -> TextureAsset.isTextureClass(pkg.className(e)));
    }

    /** Runs {@code c}, turning argument errors of the codecs into INVALID_ARGUMENT. */
    static <T> T guard(Callable<T> c) throws Exception {
        try {
            return c.call();
        } catch (IllegalArgumentException e) {
            throw ActionException.invalid(e.getMessage());
        }
    }

    /** file_paths (files, and folders searched for .uasset files whose main export is a texture) or file_path. */
    static List<Path> files(Args args) throws Exception {
        List<Path> out = new ArrayList<>();
        List<String> many = FilePaths.of(args, "Give file_paths (or file_path)");
        for (String s : many) {
            Path p = Path.of(s);
            if (Files.isDirectory(p)) {
                try (var w = Files.walk(p)) {
                    w.filter(f -> f.getFileName().toString().endsWith(".uasset") && Files.isRegularFile(f)).sorted().forEach(out::add);
                }
            } else {
                out.add(p);
            }
        }
        return out;
    }

    /** The folder under the output folder that mirrors where {@code file} sits below the folder of file_paths it was found in. */
    static Path relativeDir(Args args, Path file) {
        for (String s : args.strings("file_paths")) {
            Path d = Path.of(s);
            if (Files.isDirectory(d) && file.startsWith(d)) {
                Path parent = d.relativize(file).getParent();
                return parent == null ? Path.of("") : parent;
            }
        }
        return Path.of("");
    }

    /** Whether a package file holds a texture export (cheap enough for folder scans). */
    static boolean isTexture(Path file, Args args) {
        try {
            AssetPackage p = AssetPackage.open(file, AssetFiles.engine(args));
            return p.exports().stream().anyMatch(e -> TextureAsset.isTextureClass(p.className(e)));
        } catch (RuntimeException e) {
            return false;
        }
    }
}
