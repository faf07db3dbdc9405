package io.uassetd.codecs.zen.convert;

import java.util.Objects;

/**
 * One legacy import to be: the object's class (package and name), its name and its outer (null for a
 * package, whose class is /Script/CoreUObject.Package). Immutable; equal when every part is equal.
 * Its path and hash are computed once (specs are shared between the imports of many packages).
 */
final class ImportSpec {
    static final NameRef CORE_UOBJECT = NameRef.of("/Script/CoreUObject");
    private static final NameRef OBJECT = NameRef.of("Object");
    private static final NameRef PACKAGE = NameRef.of("Package");

    private final NameRef classPackage;
    private final NameRef className;
    private final NameRef objectName;
    private final ImportSpec outer;
    private String path;
    private int hash;

    ImportSpec(NameRef classPackage, NameRef className, NameRef objectName, ImportSpec outer) {
        this.classPackage = classPackage;
        this.className = className;
        this.objectName = objectName;
        this.outer = outer;
    }

    static ImportSpec ofPackage(NameRef name) {
        return new ImportSpec(CORE_UOBJECT, PACKAGE, name, null);
    }

    NameRef classPackage() {
        return classPackage;
    }

    NameRef className() {
        return className;
    }

    NameRef objectName() {
        return objectName;
    }

    ImportSpec outer() {
        return outer;
    }

    /** The full path, outer first, which identifies the import ({@code /Script/Engine.StaticMesh}). */
    String path() {
        String p = path;
        if (p == null) {
            p = outer == null ? objectName.text() : outer.path() + (outer.outer == null ? "." : ":") + objectName.text();
            path = p;
        }
        return p;
    }

    /** True for the marker class /Script/CoreUObject.Object given to imports whose class Zen does not record. */
    boolean classUnknown() {
        return outer != null && classPackage.equals(CORE_UOBJECT) && className.equals(OBJECT);
    }

    /** The package this object lives in. */
    ImportSpec root() {
        ImportSpec s = this;
        while (s.outer != null) {
            s = s.outer;
        }
        return s;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        return o instanceof ImportSpec s && hashCode() == s.hashCode() && classPackage.equals(s.classPackage)
                && className.equals(s.className) && objectName.equals(s.objectName) && Objects.equals(outer, s.outer);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = Objects.hash(classPackage, className, objectName, outer);
            hash = h == 0 ? 1 : h;
        }
        return hash;
    }

    @Override
    public String toString() {
        return "ImportSpec[" + classPackage.text() + "." + className.text() + " " + path() + "]";
    }
}
