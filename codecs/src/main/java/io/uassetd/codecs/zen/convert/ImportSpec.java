package io.uassetd.codecs.zen.convert;

/**
 * One legacy import to be: the object's class (package and name), its name and its outer (null for a
 * package, whose class is /Script/CoreUObject.Package).
 */
record ImportSpec(NameRef classPackage, NameRef className, NameRef objectName, ImportSpec outer) {
    static final NameRef CORE_UOBJECT = NameRef.of("/Script/CoreUObject");

    static ImportSpec ofPackage(NameRef name) {
        return new ImportSpec(CORE_UOBJECT, NameRef.of("Package"), name, null);
    }

    /** The full path, outer first, which identifies the import ({@code /Script/Engine.StaticMesh}). */
    String path() {
        if (outer == null) {
            return objectName.text();
        }
        String o = outer.path();
        return o + (outer.outer == null ? "." : ":") + objectName.text();
    }

    /** True for the marker class /Script/CoreUObject.Object given to imports whose class Zen does not record. */
    boolean classUnknown() {
        return outer != null && classPackage.equals(CORE_UOBJECT) && className.equals(NameRef.of("Object"));
    }

    /** The package this object lives in. */
    ImportSpec root() {
        return outer == null ? this : outer.root();
    }
}
