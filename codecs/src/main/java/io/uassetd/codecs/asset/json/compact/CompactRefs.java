package io.uassetd.codecs.asset.json.compact;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.ObjectImport;
import io.uassetd.codecs.asset.core.PackageIndex;
import java.util.ArrayList;
import java.util.List;

/**
 * Object references as CUE4Parse writes them: {@code {"ObjectName": "Class'Outer:Name'", "ObjectPath":
 * "/Game/Package.3"}} (an export: the package path and its zero-based index; an import: its
 * outermost package), and class names ("UScriptClass'StringTable'" for /Script classes, else
 * "BlueprintGeneratedClass'/Game/Path/BP.BP_C'").
 */
final class CompactRefs {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final int MAX_DEPTH = 64;

    private final AssetPackage pkg;
    private final String packagePath;

    CompactRefs(AssetPackage pkg, String packagePath) {
        this.pkg = pkg;
        this.packagePath = packagePath;
    }

    String packagePath() {
        return packagePath;
    }

    /** The reference object, or JSON null for a null index. */
    JsonNode ref(PackageIndex i) {
        if (i == null || i.isNull()) {
            return F.nullNode();
        }
        ObjectNode o = F.objectNode();
        o.put("ObjectName", className(i) + "'" + pathInPackage(i) + "'");
        o.put("ObjectPath", i.isImport() ? outermost(i) : packagePath + "." + i.exportIndex());
        return o;
    }

    /** The short class name of an object ("Texture2D"). */
    String className(PackageIndex i) {
        if (i.isImport()) {
            return pkg.className(pkg.checkedImport(i));
        }
        return pkg.className(pkg.checkedExport(i));
    }

    /** The Class field of an export. */
    String classField(PackageIndex classIndex) {
        if (classIndex.isNull()) {
            return "UScriptClass'Class'";
        }
        if (classIndex.isImport() && outermost(classIndex).startsWith("/Script/")) {
            return "UScriptClass'" + pkg.objectName(classIndex) + "'";
        }
        String pkgName = classIndex.isImport() ? outermost(classIndex) : packagePath;
        return className(classIndex) + "'" + pkgName + "." + pathInPackage(classIndex) + "'";
    }

    /** The names from the top-level object down (the package itself left out), "Asset:Sub.Deeper". */
    String pathInPackage(PackageIndex i) {
        List<String> names = new ArrayList<>();
        PackageIndex cur = i;
        for (int guard = 0; !cur.isNull() && guard < MAX_DEPTH; guard++) {
            names.add(0, pkg.objectName(cur));
            cur = outer(cur);
        }
        if (i.isImport() && names.size() > 1) {
            names.remove(0);
        }
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < names.size(); k++) {
            if (k > 0) {
                sb.append(k == 1 ? ':' : '.');
            }
            sb.append(names.get(k));
        }
        return sb.toString();
    }

    private String outermost(PackageIndex i) {
        PackageIndex cur = i;
        for (int guard = 0; guard < MAX_DEPTH; guard++) {
            PackageIndex up = outer(cur);
            if (up.isNull()) {
                return pkg.objectName(cur);
            }
            cur = up;
        }
        return pkg.objectName(cur);
    }

    private PackageIndex outer(PackageIndex i) {
        if (i.isImport()) {
            ObjectImport imp = pkg.checkedImport(i);
            return imp.outerIndex();
        }
        return pkg.checkedExport(i).entry().outerIndex();
    }
}
