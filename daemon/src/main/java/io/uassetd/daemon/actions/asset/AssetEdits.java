package io.uassetd.daemon.actions.asset;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.io.AtomicFileSet;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.PackageEngine;
import io.uassetd.codecs.open.PackageOpener;
import java.util.function.BiFunction;
import io.uassetd.codecs.asset.property.content.PropertyExportContent;
import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.Args;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Opening a package with its mappings for the property actions, and writing it back: to
 * {@code output_path} when given, else in place after keeping the original as {@code .bak}
 * (UAssetTool's clients expect in-place edits; the backup makes them undoable).
 */
public final class AssetEdits {
    /** Help of an editing action's {@code output_path}. */
    public static final String OUTPUT_HELP =
            "where to write the edited package; when absent the file is edited in place and the original kept as .bak";

    private AssetEdits() {
    }

    /** A package opened for property work, with the usmap (or null). */
    public record Session(Path file, AssetPackage pkg, Usmap usmap) {
        public Export export(long index) {
            if (index < 0) {
            throw ActionException.invalid(AssetFiles.EXPORT_INDEX_REQUIRED + " (between 0 and " + (pkg.exports().size() - 1) + ")");
        }
        if (index >= pkg.exports().size()) {
                throw ActionException.invalid("Field 'export_index' must be between 0 and " + (pkg.exports().size() - 1) + ", got " + index);
            }
            return pkg.exports().get((int) index);
        }

        public PropertyExportContent content(Export e) {
            return PropertyParser.contentOf(pkg, e, usmap);
        }
    }

    public static Session open(Args args, ActionContext ctx) throws Exception {
        Path file = args.requirePath("file_path");
        // the mappings named in the request are evidence for the engine; USMAP_PATH only once the package needs them
        AssetPackage pkg = AssetFiles.open(file, AssetFiles.engine(args), ctx, AssetFiles.explicitUsmap(args, ctx));
        Usmap usmap = AssetFiles.usmapFor(args, ctx, pkg);
        if (usmap == null && pkg.hasUnversionedProperties()) {
            throw ActionException.invalid("Package " + file.getFileName() + " has unversioned properties: give usmap_path (or set USMAP_PATH)");
        }
        return new Session(file, pkg, usmap);
    }

    /** A session and what a further read of its package gave. */
    public record Read<T>(Session session, T value) {
    }

    /**
     * As {@link #open}, then reads more of the package than its tables and properties ({@code read}:
     * e.g. a mesh's serialized data) under the engine detected, and under the other releases the
     * evidence left when that read fails (see {@link PackageEngine#readFurther}); the reply records the
     * engine the read succeeded under.
     */
    public static <T> Read<T> openAndRead(Args args, ActionContext ctx, BiFunction<AssetPackage, Usmap, T> read) throws Exception {
        Path file = args.requirePath("file_path");
        PackageOpener.Opened o = PackageOpener.read(file, AssetFiles.engine(args), AssetFiles.explicitUsmap(args, ctx), ctx.engineBatch());
        Usmap usmap = AssetFiles.usmapFor(args, ctx, o.pkg());
        if (usmap == null && o.pkg().hasUnversionedProperties()) {
            ctx.usedEngine(o.choice());
            throw ActionException.invalid("Package " + file.getFileName() + " has unversioned properties: give usmap_path (or set USMAP_PATH)");
        }
        PackageEngine.Further<T> f;
        try {
            f = PackageEngine.readFurther(new PackageEngine.Opened(o.pkg(), o.choice()), file, p -> read.apply(p, usmap));
        } catch (RuntimeException e) {
            ctx.usedEngine(o.choice());
            throw e;
        }
        ctx.usedEngine(f.opened().choice());
        return new Read<>(new Session(file, f.opened().pkg(), usmap), f.value());
    }

    /** Writes the package; returns the path written, the backup of the original (or null), and whether anything was written. */
    public record Written(Path path, Path backup, boolean written) {
    }

    /** Whether writing the package in place would give the bytes already on disk (a no-op edit). */
    static boolean unchanged(Session s, AssetPackage.Bytes b) throws Exception {
        Path uexp = AssetPackage.sibling(s.file(), ".uexp");
        if (!java.util.Arrays.equals(b.header(), Files.readAllBytes(s.file()))) {
            return false;
        }
        return b.exports() == null || b.exports().length == 0 ? !Files.exists(uexp) || Files.size(uexp) == 0
                : Files.isRegularFile(uexp) && java.util.Arrays.equals(b.exports(), Files.readAllBytes(uexp));
    }

    public static Written write(Session s, Args args, ActionContext ctx) throws Exception {
        Path out = args.path("output_path");
        if (out == null) {
            // in place: serialized once (a second serialization would see the offsets the first relocated)
            AssetPackage.Bytes b = s.pkg().toBytes();
            if (unchanged(s, b)) {
                ctx.warn("The edit changes no byte of " + s.file() + ": nothing written");
                return new Written(s.file(), null, false);
            }
            Path backup = io.uassetd.daemon.util.Backups.keepOriginal(s.file(), ctx, ".uexp");
            b.writeTo(s.file());
            return new Written(s.file(), backup, true);
        }
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        s.pkg().write(out);
        return new Written(out, null, true);
    }
}
