package io.uassetd.codecs.zen.convert;

import java.util.Locale;
import io.uassetd.codecs.iostore.scriptobjects.PackageObjectIndex;
import io.uassetd.codecs.zen.ExportMapEntry;
import io.uassetd.codecs.zen.ZenPackage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The legacy import map of a Zen package: import i is Zen import-map entry i, the Null entries are
 * the imported packages (sorted by name, as the cooker sorts them), and outers the Zen import map
 * does not list are appended.
 */
final class LegacyImports {
    private LegacyImports() {
    }

    static List<ImportSpec> of(ZenPackage pkg, ImportResolver resolver) {
        int n = pkg.importMap().size();
        List<ImportSpec> specs = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            specs.add(resolver.resolveImport(i));
        }
        // the Null entries are the imported packages' own imports, which the cooker sorts by name
        List<ImportSpec> packages = new ArrayList<>();
        for (int k = 0; k < resolver.importedPackageCount(); k++) {
            packages.add(resolver.importedPackage(k));
        }
        if (packages.size() > 1) {
            // each key lower-cased once (a stable sort on the keys, as comparing lower-cased paths)
            Map<ImportSpec, String> keys = new java.util.IdentityHashMap<>();
            for (ImportSpec p : packages) {
                keys.put(p, p.path().toLowerCase(Locale.ROOT));
            }
            packages.sort((a, b) -> keys.get(a).compareTo(keys.get(b)));
        }
        int next = 0;
        for (int i = 0; i < n; i++) {
            if (specs.get(i) == null) {
                specs.set(i, next < packages.size() ? packages.get(next) : ImportSpec.ofPackage(NameRef.of("None")));
                next++;
            }
        }
        Map<String, Boolean> present = new HashMap<>();
        specs.forEach(s -> present.put(s.path(), true));
        for (int i = 0; i < specs.size(); i++) {
            for (ImportSpec o = specs.get(i).outer(); o != null; o = o.outer()) {
                if (present.putIfAbsent(o.path(), true) == null) {
                    specs.add(o);
                }
            }
        }
        inferTemplateClasses(pkg, specs);
        return canonical(specs);
    }

    /**
     * An import whose class Zen does not record (a default subobject of a script class, or an
     * object of a package outside the store) takes the class of the exports that use it as their
     * template: an archetype has its instances' class.
     */
    private static void inferTemplateClasses(ZenPackage pkg, List<ImportSpec> specs) {
        for (ExportMapEntry e : pkg.exportMap()) {
            int t = e.templateIndex().isNull() || e.templateIndex().kind() == PackageObjectIndex.Kind.EXPORT ? -1
                    : pkg.importMap().indexOf(e.templateIndex());
            if (t < 0 || !specs.get(t).classUnknown()) {
                continue;
            }
            ImportSpec s = specs.get(t);
            PackageObjectIndex c = e.classIndex();
            if (c.kind() == PackageObjectIndex.Kind.EXPORT && c.value() < pkg.exportMap().size()) {
                ExportMapEntry ce = pkg.exportMap().get((int) c.value());
                NameRef own = new NameRef(pkg.names().get(pkg.packageMappedName().index()),
                        (int) pkg.packageMappedName().number());
                specs.set(t, new ImportSpec(own, new NameRef(pkg.names().get(ce.objectName().index()),
                        (int) ce.objectName().number()), s.objectName(), s.outer()));
            } else if (!c.isNull() && c.kind() != PackageObjectIndex.Kind.EXPORT) {
                int k = pkg.importMap().indexOf(c);
                if (k >= 0 && specs.get(k) != null && !specs.get(k).classUnknown()) {
                    ImportSpec cls = specs.get(k);
                    specs.set(t, new ImportSpec(cls.root().objectName(), cls.objectName(), s.objectName(), s.outer()));
                }
            }
        }
    }

    /** Makes equal paths the same spec object so outers find their index. */
    private static List<ImportSpec> canonical(List<ImportSpec> specs) {
        Map<String, ImportSpec> byPath = new HashMap<>();
        List<ImportSpec> out = new ArrayList<>(specs.size());
        for (ImportSpec s : specs) {
            out.add(canon(s, byPath));
        }
        return out;
    }

    private static ImportSpec canon(ImportSpec s, Map<String, ImportSpec> byPath) {
        ImportSpec hit = byPath.get(s.path());
        if (hit != null) {
            return hit;
        }
        ImportSpec outer = s.outer() == null ? null : canon(s.outer(), byPath);
        ImportSpec c = new ImportSpec(s.classPackage(), s.className(), s.objectName(), outer);
        byPath.put(s.path(), c);
        return c;
    }
}
