package io.uassetd.codecs.asset.property.types;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.io.FString;
import io.uassetd.codecs.asset.property.PropertyReader;
import io.uassetd.codecs.asset.property.PropertyWriter;
import io.uassetd.codecs.asset.version.ObjectVersion;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import io.uassetd.codecs.asset.version.PackageVersion;

/**
 * FSoftObjectPath as export data stores it, by version: an FString before ADDED_SOFT_OBJECT_PATH;
 * FName AssetPathName + FString SubPath; FTopLevelAssetPath (FName package, FName asset) + FString
 * SubPath from FSOFTOBJECTPATH_REMOVE_ASSET_PATH_FNAMES; an int32 index into the package's soft
 * object path list when the package has one (ADD_SOFTOBJECTPATH_LIST).
 */
public record SoftObjectPath(Layout layout, FString legacy, FName first, FName second, FString subPath, int index) {

    public enum Layout { STRING, ASSET_PATH_NAME, TOP_LEVEL_ASSET_PATH, LIST_INDEX }

    public static Layout layout(AssetPackage pkg) {
        PackageVersion v = pkg.version();
        if (v.atLeast(ObjectVersionUE5.ADD_SOFTOBJECTPATH_LIST) && pkg.softObjectPaths() != null
                && !pkg.softObjectPaths().isEmpty()) {
            return Layout.LIST_INDEX;
        }
        if (v.atLeast(ObjectVersionUE5.FSOFTOBJECTPATH_REMOVE_ASSET_PATH_FNAMES)) {
            return Layout.TOP_LEVEL_ASSET_PATH;
        }
        return v.atLeast(ObjectVersion.ADDED_SOFT_OBJECT_PATH) ? Layout.ASSET_PATH_NAME : Layout.STRING;
    }

    public static SoftObjectPath read(PropertyReader r) {
        var in = r.in();
        Layout l = layout(r.pkg());
        return switch (l) {
            case STRING -> new SoftObjectPath(l, in.readFString(), null, null, null, 0);
            case ASSET_PATH_NAME -> {
                FName a = in.readFName();
                r.name(a);
                yield new SoftObjectPath(l, null, a, null, in.readFString(), 0);
            }
            case TOP_LEVEL_ASSET_PATH -> {
                FName p = in.readFName();
                FName a = in.readFName();
                r.name(p);
                r.name(a);
                yield new SoftObjectPath(l, null, p, a, in.readFString(), 0);
            }
            case LIST_INDEX -> {
                long at = in.position();
                int i = in.readI32();
                if (i < 0 || i >= r.pkg().softObjectPaths().size()) {
                    throw r.corrupt("Soft object path index " + i + " outside the list of " + r.pkg().softObjectPaths().size(), at);
                }
                yield new SoftObjectPath(l, null, null, null, null, i);
            }
        };
    }

    public void write(PropertyWriter w) {
        var out = w.out();
        switch (layout) {
            case STRING -> out.writeFString(legacy);
            case ASSET_PATH_NAME -> {
                out.writeFName(first);
                out.writeFString(subPath);
            }
            case TOP_LEVEL_ASSET_PATH -> {
                out.writeFName(first);
                out.writeFName(second);
                out.writeFString(subPath);
            }
            case LIST_INDEX -> out.writeI32(index);
            default -> throw new IllegalStateException();
        }
    }

    /** The path as text ("/Game/Pkg.Asset:Sub"). */
    public String text(AssetPackage pkg) {
        return switch (layout) {
            case STRING -> legacy.text();
            case ASSET_PATH_NAME -> join(pkg.names().render(first), subPath.text());
            case TOP_LEVEL_ASSET_PATH -> {
                String p = pkg.names().render(first);
                String a = pkg.names().render(second);
                String base = "None".equals(p) ? "" : "None".equals(a) ? p : p + "." + a;
                yield join(base, subPath.text());
            }
            case LIST_INDEX -> pkg.softObjectPaths().get(index).toString();
        };
    }

    private static String join(String base, String sub) {
        return sub.isEmpty() ? base : base + ":" + sub;
    }
}
