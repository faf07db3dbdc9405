package io.uassetd.codecs.zen.convert;

import io.uassetd.codecs.hash.Hashes;
import io.uassetd.codecs.iostore.header.MappedName;
import io.uassetd.codecs.iostore.scriptobjects.PackageObjectIndex;
import io.uassetd.codecs.iostore.scriptobjects.ScriptObjectEntry;
import io.uassetd.codecs.iostore.scriptobjects.ScriptObjectsDatabase;
import io.uassetd.codecs.zen.ExportMapEntry;
import io.uassetd.codecs.iostore.ZenLayout;
import io.uassetd.codecs.zen.ZenPackage;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.Optional;
import java.util.Set;

/**
 * Turns the FPackageObjectIndex values of a Zen package into legacy imports: script imports through
 * the script-objects database, package imports through the public export hashes (UE5) or global
 * import indices (UE4) of the exporting packages. A script object's class is not stored: a default
 * object's class is its CDO class, an object some CDO names as its class is a Class, a subobject of a
 * default object is an Object until an export using it as template gives its class, a
 * {@code __DelegateSignature} is a DelegateFunction, other objects inside a class are Functions, and
 * other objects directly in a /Script package are Enums when named {@code E<Upper>...}, else
 * ScriptStructs.
 */
final class ImportResolver {
    private final PackageSource.Loaded self;
    private final PackageSource packages;
    private final ScriptObjectsDatabase scripts;
    private final Set<Long> scriptClasses;
    private final ImportSpec[] scriptSpecs;
    private final boolean placeholders;
    private final boolean recover;
    private final List<String> notes;

    ImportResolver(PackageSource.Loaded self, PackageSource packages, ScriptObjectsDatabase scripts,
            boolean placeholders, boolean recover, List<String> notes) {
        this.recover = recover;
        this.notes = notes;
        this.self = self;
        this.packages = packages;
        this.scripts = scripts;
        this.scriptClasses = scripts == null ? Set.of() : scripts.cdoClassIndices();
        this.scriptSpecs = scripts == null ? new ImportSpec[0] : specsOf(scripts);
        this.placeholders = placeholders;
    }

    /** The spec cache of each script-objects database in use, dropped with the database. */
    private static final Map<ScriptObjectsDatabase, ImportSpec[]> SCRIPT_SPECS = Collections.synchronizedMap(new WeakHashMap<>());

    private static ImportSpec[] specsOf(ScriptObjectsDatabase scripts) {
        return SCRIPT_SPECS.computeIfAbsent(scripts, s -> new ImportSpec[s.size()]);
    }

    /** The import the i-th import-map entry names; null for a Null entry (an imported package, placed later). */
    ImportSpec resolveImport(int i) {
        PackageObjectIndex idx = self.pkg().importMap().get(i);
        return switch (idx.kind()) {
            case NULL -> null;
            case SCRIPT_IMPORT -> script(idx, new What("import ", i));
            case PACKAGE_IMPORT -> packageImport(self, idx, new What("import ", i));
            case EXPORT -> throw unresolved("import " + i + " is an export index (" + idx + ")");
        };
    }

    /** The package object of the i-th imported package. */
    ImportSpec importedPackage(int i) {
        if (self.pkg().importedPackageNames() != null && i < self.pkg().importedPackageNames().size()) {
            var n = self.pkg().importedPackageNames();
            return ImportSpec.ofPackage(new NameRef(n.batch().get(i), n.numbers().get(i)));
        }
        long id = self.importedIds().get(i);
        Optional<PackageSource.Loaded> p = packages.find(id);
        if (p.isPresent()) {
            return ImportSpec.ofPackage(p.get().name());
        }
        if (placeholders) {
            return ImportSpec.ofPackage(NameRef.of("/Unresolved/" + Hashes.hex64(id)));
        }
        throw missing(Hashes.hex64(id), "imported package " + i + " (" + Hashes.hex64(id) + ") is not in the package store");
    }

    int importedPackageCount() {
        return self.importedIds().size();
    }

    private ImportSpec script(PackageObjectIndex idx, What what) {
        if (scripts == null) {
            throw unresolved(what + " is the script object " + idx + " but there are no script objects (global.utoc"
                    + " is missing)");
        }
        int i = scripts.indexOf(idx);
        if (i < 0) {
            if (placeholders) {
                return new ImportSpec(ImportSpec.CORE_UOBJECT, NameRef.of("Class"),
                        NameRef.of("UnresolvedScript_" + Long.toHexString(idx.value())),
                        ImportSpec.ofPackage(NameRef.of("/Script/Unresolved")));
            }
            throw unresolved(what + " names the script object " + idx + ", which is not in the script objects");
        }
        return scriptSpec(i);
    }

    /**
     * The import spec of script object {@code i}, made once per database (the same /Script objects are
     * imported by most packages of a request, and the daemon keeps the database between requests).
     */
    private ImportSpec scriptSpec(int i) {
        ImportSpec[] cache = scriptSpecs;
        ImportSpec hit = cache[i];
        if (hit == null) {
            hit = makeScriptSpec(i);
            cache[i] = hit; // immutable: a race only makes the same spec twice
        }
        return hit;
    }

    private ImportSpec makeScriptSpec(int i) {
        ScriptObjectEntry e = scripts.entries().get(i);
        NameRef name = nameOf(scripts.nameText(e.objectName().index()), e.objectName());
        if (e.outerIndex().isNull()) {
            return ImportSpec.ofPackage(name);
        }
        int o = scripts.indexOf(e.outerIndex());
        if (o < 0) {
            throw unresolved("script object " + scripts.path(i) + " has an outer missing from the script objects");
        }
        ImportSpec outer = scriptSpec(o);
        if (!e.cdoClassIndex().isNull() && name.base().startsWith("Default__")) {
            int c = scripts.indexOf(e.cdoClassIndex());
            if (c >= 0) {
                ImportSpec cls = scriptSpec(c);
                return new ImportSpec(cls.root().objectName(), cls.objectName(), name, outer);
            }
        }
        return new ImportSpec(ImportSpec.CORE_UOBJECT, NameRef.of(scriptClassName(e, name, outer)), name, outer);
    }

    /** The class of a script object that is not a default object (the database does not store it). */
    private String scriptClassName(ScriptObjectEntry e, NameRef name, ImportSpec outer) {
        String n = name.base();
        if (scriptClasses.contains(e.globalIndex().raw())) {
            return "Class";
        }
        if (!e.cdoClassIndex().isNull()) {
            return "Object";
        }
        if (n.endsWith("__DelegateSignature")) {
            return "DelegateFunction";
        }
        if (outer.outer() != null) {
            return "Function";
        }
        // reflected enums keep their E prefix, reflected structs lose their F prefix
        return n.length() > 1 && n.charAt(0) == 'E' && Character.isUpperCase(n.charAt(1)) ? "Enum" : "ScriptStruct";
    }

    private ImportSpec packageImport(PackageSource.Loaded ctx, PackageObjectIndex idx, What what) {
        ZenPackage p = ctx.pkg();
        if (p.layout() == ZenLayout.UE4_PACKAGE_SUMMARY) {
            for (long id : ctx.importedIds()) {
                Optional<PackageSource.Loaded> other = packages.find(id);
                if (other.isPresent()) {
                    List<ExportMapEntry> exports = other.get().pkg().exportMap();
                    for (int e = 0; e < exports.size(); e++) {
                        if (exports.get(e).publicExportHash() == idx.raw()) {
                            return exportSpec(other.get(), e);
                        }
                    }
                }
            }
            if (placeholders) {
                return placeholder(ImportSpec.ofPackage(NameRef.of("/Unresolved")), idx.value());
            }
            List<String> absent = ctx.importedIds().stream().filter(id -> packages.find(id).isEmpty()).map(Hashes::hex64).toList();
            if (!absent.isEmpty()) {
                throw missing(String.join(", ", absent), what + " (" + idx + ") is exported by none of the imported packages in"
                        + " the package store; imported package" + (absent.size() == 1 ? " " : "s ") + String.join(", ", absent)
                        + (absent.size() == 1 ? " is" : " are") + " not in it");
            }
            throw unresolved(what + " (" + idx + ") is exported by none of the " + ctx.importedIds().size()
                    + " imported packages found in the package store");
        }
        long v = idx.value();
        int packageIndex = (int) (v >>> 32);
        int hashIndex = (int) v;
        if (packageIndex >= ctx.importedIds().size() || hashIndex >= p.importedPublicExportHashes().length) {
            throw unresolved(what + " (" + idx + ") names imported package " + packageIndex + " of "
                    + ctx.importedIds().size() + " and export hash " + hashIndex + " of "
                    + p.importedPublicExportHashes().length);
        }
        long id = ctx.importedIds().get(packageIndex);
        long hash = p.importedPublicExportHashes()[hashIndex];
        Optional<PackageSource.Loaded> other = packages.find(id);
        if (other.isEmpty()) {
            String packageName = importedName(p, packageIndex, id);
            if (recover && ctx == self) {
                ImportSpec pkgSpec = importedPackage(packageIndex);
                String shortName = pkgSpec.objectName().text().substring(pkgSpec.objectName().text().lastIndexOf('/') + 1);
                for (String candidate : List.of(shortName, shortName + "_C", "Default__" + shortName + "_C",
                        "Default__" + shortName)) {
                    if (publicExportHash(candidate) == hash) {
                        notes.add(what + " " + packageName + "." + candidate + ": named from its export hash; its package"
                                + " is not in the store, so its class is written as /Script/CoreUObject.Object");
                        return new ImportSpec(ImportSpec.CORE_UOBJECT, NameRef.of("Object"), NameRef.of(candidate), pkgSpec);
                    }
                }
            }
            if (placeholders && ctx == self) {
                notes.add(what + " from " + packageName + " (export hash " + Hashes.hex64(hash) + ") is a placeholder");
                return placeholder(importedPackage(packageIndex), hash);
            }
            throw missing(packageName, what + " (export hash " + Hashes.hex64(hash) + ") comes from package " + packageName + " ("
                    + Hashes.hex64(id) + "), which is not in the package store");
        }
        List<ExportMapEntry> exports = other.get().pkg().exportMap();
        for (int e = 0; e < exports.size(); e++) {
            if (exports.get(e).publicExportHash() == hash) {
                return exportSpec(other.get(), e);
            }
        }
        throw unresolved(what + " (export hash " + Hashes.hex64(hash) + ") is not a public export of package "
                + importedName(p, packageIndex, id) + " (" + Hashes.hex64(id) + ")");
    }

    /** The name of imported package {@code packageIndex} of {@code p} (its id's hex when the package does not list names). */
    private static String importedName(ZenPackage p, int packageIndex, long id) {
        return p.importedPackageNames() != null && packageIndex < p.importedPackageNames().size()
                ? p.importedPackageNames().name(packageIndex) : Hashes.hex64(id);
    }

    /** What is being resolved, for messages: its text is made only when a message needs it. */
    private record What(String prefix, Object subject) {
        @Override
        public String toString() {
            return prefix + subject;
        }
    }

    /**
     * The UE5 public export hash: CityHash64 of the export's path inside its package ('.' and ':' as
     * '/'), lower-cased, as UTF-16LE.
     */
    static long publicExportHash(String packageRelativePath) {
        return Hashes.cityHash64LowerUtf16(packageRelativePath.replace('.', '/').replace(':', '/'));
    }

    private static ImportSpec placeholder(ImportSpec pkg, long hash) {
        return new ImportSpec(ImportSpec.CORE_UOBJECT, NameRef.of("Object"), NameRef.of("Unresolved_"
                + Long.toHexString(hash)), pkg);
    }

    /** An export of another package as this package imports it. */
    private ImportSpec exportSpec(PackageSource.Loaded other, int e) {
        ZenPackage p = other.pkg();
        ExportMapEntry x = p.exportMap().get(e);
        NameRef name = nameOf(p.names().get(x.objectName().index()), x.objectName());
        ImportSpec outer;
        if (x.outerIndex().isNull()) {
            outer = ImportSpec.ofPackage(other.name());
        } else if (x.outerIndex().kind() == PackageObjectIndex.Kind.EXPORT
                && x.outerIndex().value() < p.exportMap().size()) {
            outer = exportSpec(other, (int) x.outerIndex().value());
        } else {
            throw unresolved("export " + e + " of " + other.name().text() + " has the outer " + x.outerIndex());
        }
        NameRef classPackage;
        NameRef className;
        PackageObjectIndex c = x.classIndex();
        switch (c.kind()) {
            case EXPORT -> {
                ExportMapEntry ce = p.exportMap().get((int) c.value());
                classPackage = other.name();
                className = nameOf(p.names().get(ce.objectName().index()), ce.objectName());
            }
            case SCRIPT_IMPORT -> {
                ImportSpec cs = script(c, new What("class of ", name.text()));
                classPackage = cs.root().objectName();
                className = cs.objectName();
            }
            case PACKAGE_IMPORT -> {
                ImportSpec cs = packageImport(other, c, new What("class of ", name.text()));
                classPackage = cs.root().objectName();
                className = cs.objectName();
            }
            default -> throw unresolved("export " + name.text() + " of " + other.name().text() + " has no class");
        }
        return new ImportSpec(classPackage, className, name, outer);
    }

    private static NameRef nameOf(String base, MappedName n) {
        return new NameRef(base, (int) n.number());
    }

    private MissingPackageException missing(String what, String message) {
        return new MissingPackageException(self.name().text(), what, message);
    }

    private ZenConversionException unresolved(String message) {
        return new ZenConversionException(self.name().text(), message, null);
    }
}
