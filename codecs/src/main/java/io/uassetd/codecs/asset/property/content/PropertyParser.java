package io.uassetd.codecs.asset.property.content;

import io.uassetd.codecs.asset.property.PropertyReader;
import io.uassetd.codecs.asset.property.PropertyList;
import io.uassetd.codecs.asset.property.ClassData;
import io.uassetd.codecs.asset.property.Property;
import io.uassetd.codecs.asset.SerialLayout;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.asset.property.classdata.ClassDataReader;
import io.uassetd.codecs.asset.property.types.ObjectValue;
import io.uassetd.codecs.usmap.Usmap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import io.uassetd.codecs.asset.property.unversioned.ClassSchemas;
import io.uassetd.codecs.usmap.UsmapSchema;

/**
 * Entry point: reads an export's properties (tagged, or unversioned through a usmap) into a
 * {@link PropertyExportContent}, or every export of a package into {@link PackageProperties}.
 *
 * <pre>{@code
 * PackageProperties all = PropertyParser.parseAll(pkg, usmapOrNull);
 * all.apply();                 // the writer now serializes the parsed exports
 * }</pre>
 */
public final class PropertyParser {
    /** EClassSerializationControlExtension::OverridableSerializationInformation. */
    private static final int CONTROL_OVERRIDABLE = 0x02;

    private PropertyParser() {
    }

    /**
     * Parses one export. Unknown values are kept raw inside the result; an export whose property
     * list itself cannot be read (corrupt data, unversioned data without a matching usmap) raises a
     * {@link FormatException} naming the file, offset, export and property.
     */
    public static PropertyExportContent parse(AssetPackage pkg, Export e, Usmap mappings) {
        return parse(pkg, e, mappings, null);
    }

    static PropertyExportContent parse(AssetPackage pkg, Export e, Usmap mappings, List<String> fallbacks) {
        return parse(pkg, e, mappings, fallbacks, localSchemas(pkg, mappings));
    }

    /** Schemas of the classes the package defines, for unversioned data (empty for tagged data). */
    private static Map<String, UsmapSchema> localSchemas(AssetPackage pkg, Usmap mappings) {
        return pkg.hasUnversionedProperties() ? ClassSchemas.of(ValueCodec.INSTANCE, pkg, mappings) : Map.of();
    }

    private static PropertyExportContent parse(AssetPackage pkg, Export e, Usmap mappings, List<String> fallbacks,
            Map<String, UsmapSchema> schemas) {
        PackageReader in = pkg.exportReader(e);
        PropertyReader r = new PropertyReader(ValueCodec.INSTANCE, pkg, in, mappings, e.index(), schemas);
        long start = in.position();
        if (!pkg.hasUnversionedProperties() && pkg.version().atLeast(ObjectVersionUE5.PROPERTY_TAG_EXTENSION_AND_OVERRIDABLE_SERIALIZATION)) {
            int control = in.readU8();
            if ((control & CONTROL_OVERRIDABLE) != 0) {
                in.readU8();
            }
        }
        long propsStart = in.position();
        in.seek(start);
        byte[] prefix = in.readBytes(propsStart - start);
        String className = pkg.className(e);
        PropertyList props = PropertyList.read(r, className);
        int propsSize = (int) (in.position() - propsStart);
        ClassData data = "DataTable".equals(className) ? readRows(r, props) : readClassData(r, e, className);
        byte[] extras = in.readBytes(in.remaining());
        if (fallbacks != null) {
            fallbacks.addAll(r.fallbacks());
        }
        return new PropertyExportContent(prefix, props, propsSize, data, extras);
    }

    /** The DataTable rows after the properties (and the UObject GUID flag), or null when they cannot be read. */
    private static DataTableRows readRows(PropertyReader r, PropertyList props) {
        Property rowStruct = props.find(r.pkg(), "RowStruct", 0);
        if (rowStruct == null || !(rowStruct.value() instanceof ObjectValue o) || o.value().isNull()) {
            return null;
        }
        String structName = r.pkg().objectName(o.value());
        var in = r.in();
        long at = in.position();
        try {
            return DataTableRows.read(r, structName);
        } catch (FormatException ex) {
            r.noteFallback("DataTable", "rows kept raw: " + ex.detail());
            in.seek(at);
            return null;
        }
    }

    /** The class data model after the properties, or null when the class has none or it cannot be read (kept raw). */
    private static ClassData readClassData(PropertyReader r, Export e, String className) {
        var in = r.in();
        long at = in.position();
        try {
            return ClassDataReader.read(r, e, className);
        } catch (FormatException ex) {
            r.noteFallback(className, "class data kept raw: " + ex.detail());
            in.seek(at);
            return null;
        }
    }

    /**
     * The export's parsed content, parsing it and setting it on the export on first use, so edits
     * made through it are what the package writes.
     */
    public static PropertyExportContent contentOf(AssetPackage pkg, Export e, Usmap mappings) {
        if (e.content() instanceof PropertyExportContent c) {
            return c;
        }
        PropertyExportContent c = parse(pkg, e, mappings);
        e.setContent(c);
        return c;
    }

    /**
     * A {@link io.uassetd.codecs.asset.SerialLayout.Probe} that takes export data placed at a candidate
     * offset as that export when its property list reads (fix_serialize_size).
     */
    public static SerialLayout.Probe propertiesProbe(Usmap mappings) {
        return (pkg, e) -> {
            try {
                parse(pkg, e, mappings);
                return true;
            } catch (FormatException ex) {
                return false;
            }
        };
    }

    /** Parses every export; exports that cannot be read are reported, not thrown. */
    public static PackageProperties parseAll(AssetPackage pkg, Usmap mappings) {
        List<PackageProperties.Result> results = new ArrayList<>();
        Map<String, UsmapSchema> schemas = localSchemas(pkg, mappings);
        for (Export e : pkg.exports()) {
            List<String> fallbacks = new ArrayList<>();
            try {
                results.add(new PackageProperties.Result(e, parse(pkg, e, mappings, fallbacks, schemas), null, fallbacks));
            } catch (FormatException ex) {
                results.add(new PackageProperties.Result(e, null, ex, fallbacks));
            }
        }
        return new PackageProperties(pkg, results);
    }
}
