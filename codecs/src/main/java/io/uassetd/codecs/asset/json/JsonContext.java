package io.uassetd.codecs.asset.json;

import io.uassetd.codecs.asset.property.SchemaSource;
import io.uassetd.codecs.asset.AssetPackage;

/** What the JSON writers and readers of one package share: the package, its names and the property codec. */
record JsonContext(AssetPackage pkg, JsonNames names, PropertyJson props) {
    static JsonContext of(AssetPackage pkg) {
        return of(pkg, null);
    }

    /** With {@code schemas}: unversioned properties without a SchemaIndex (UAssetAPI's JSON) find theirs by name. */
    static JsonContext of(AssetPackage pkg, SchemaSource schemas) {
        JsonNames names = new JsonNames(pkg.names());
        return new JsonContext(pkg, names, new PropertyJson(pkg, names, schemas));
    }
}
