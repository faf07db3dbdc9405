package io.uassetd.codecs.asset.property;

import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.asset.version.CustomVersionGate;
import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.usmap.UsmapSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.usmap.Usmap;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The archive properties are read through: the package's {@link PackageReader} positioned on an
 * export's data, the package (for names and the soft object path list), the mappings for
 * unversioned properties, and the path of the property being read, which every error names
 * ("Export[3] Foo: Bar.Baz[2]").
 */
public final class PropertyReader {
    private final AssetPackage pkg;
    private final PackageReader in;
    private final Usmap usmap;
    private final int exportIndex;
    private final Deque<String> path = new ArrayDeque<>();
    private long limit = -1;
    private final List<String> fallbacks = new ArrayList<>();

    private final SchemaSource schemas;
    private final PropertyCodec codec;

    public PropertyReader(PropertyCodec codec, AssetPackage pkg, PackageReader in, Usmap usmap, int exportIndex) {
        this(codec, pkg, in, usmap, exportIndex, Map.of());
    }

    /**
     * A reader with the schemas of classes the package defines itself (lower-case name -> schema),
     * consulted before the mappings.
     */
    public PropertyReader(PropertyCodec codec, AssetPackage pkg, PackageReader in, Usmap usmap, int exportIndex,
            Map<String, UsmapSchema> localSchemas) {
        this.codec = codec;
        this.pkg = pkg;
        this.in = in;
        this.usmap = usmap;
        this.exportIndex = exportIndex;
        this.schemas = new SchemaSource(usmap, localSchemas);
    }

    /** How nested property lists and values are read. */
    public PropertyCodec codec() {
        return codec;
    }

    /** Reads one value of a type through the codec (see {@link PropertyCodec#readValue}). */
    public PropertyValue readValue(PropertyType type, PropertyTag tag, int elementSize) {
        return codec.readValue(type, this, tag, elementSize);
    }

    /** The schemas unversioned data is read with. */
    public SchemaSource schemas() {
        return schemas;
    }

    /** The schema chain of a struct or class for unversioned data, most derived first (see {@link SchemaSource}). */
    public List<UsmapSchema> hierarchy(String struct) {
        return schemas.hierarchy(struct);
    }

    public AssetPackage pkg() {
        return pkg;
    }

    public PackageReader in() {
        return in;
    }

    /** The mappings, or null for tagged packages. */
    public Usmap usmap() {
        return usmap;
    }

    public int exportIndex() {
        return exportIndex;
    }

    public boolean unversioned() {
        return pkg.hasUnversionedProperties();
    }

    /** True when vectors and friends are doubles (UE5 large world coordinates). */
    public boolean largeWorldCoordinates() {
        return pkg.version().atLeast(ObjectVersionUE5.LARGE_WORLD_COORDINATES);
    }

    /** The display string of a name, checked against the name map. */
    public String name(FName n) {
        if (!pkg.names().contains(n)) {
            throw corrupt("Name index " + n.index() + " outside the name map (" + pkg.names().size() + " names)");
        }
        return pkg.names().render(n);
    }

    /** Records a value kept raw (type and reason), for the parse statistics. */
    public void noteFallback(String kind, String reason) {
        fallbacks.add(structure() + " (" + kind + "): " + reason);
    }

    /** Every value kept raw so far, as "where (type): why". */
    public List<String> fallbacks() {
        return List.copyOf(fallbacks);
    }

    /** End (exclusive, in reader positions) of the tagged value being read, or -1 when not known. */
    public long limit() {
        return limit;
    }

    /** Sets the end of the tagged value being read; returns the previous one. */
    public long setLimit(long end) {
        long old = limit;
        limit = end;
        return old;
    }

    /** Whether the package has the layout of a custom-version gate (as the summary's {@code atLeast} answers it). */
    public boolean atLeast(CustomVersionGate gate) {
        return pkg.summary().atLeast(gate);
    }

    /** Deepest nesting of values accepted (far above real data; keeps corrupt data off the stack limit). */
    public static final int MAX_DEPTH = 256;

    /** Enters a path segment ("Items", "[3]", ".Field"), for error messages; refuses nesting deeper than {@link #MAX_DEPTH}. */
    public void push(String segment) {
        if (path.size() >= MAX_DEPTH) {
            throw corrupt("Values nested deeper than " + MAX_DEPTH);
        }
        path.addLast(segment);
        in.structure(structureName);
    }

    /** Enters a field by name ("Foo" at the top, ".Foo" inside). */
    public void pushField(String name) {
        push(path.isEmpty() ? name : "." + name);
    }

    public void pop() {
        path.pollLast();
        in.structure(structureName);
    }

    /** The property path as the byte reader's structure name, built only for an error message. */
    private final Supplier<String> structureName = this::structure;

    /** "Export[3] property Foo.Bar[2]". */
    public String structure() {
        StringBuilder sb = new StringBuilder("Export[").append(exportIndex).append(']');
        if (!path.isEmpty()) {
            sb.append(" property ");
            path.forEach(sb::append);
        }
        return sb.toString();
    }

    public CorruptDataException corrupt(String message) {
        return new CorruptDataException(message, in.file(), in.position(), structure());
    }

    public CorruptDataException corrupt(String message, long at) {
        return new CorruptDataException(message, in.file(), at, structure());
    }

    /** UObject::Serialize's object GUID after the properties: a bool32, then the FGuid when set; null when absent. */
    public FGuid readObjectGuid() {
        return in.readBool32() ? in.readGuid() : null;
    }

    /** Reads an element count that must be non-negative and fit (minBytes each) in what is left. */
    public int count(int minBytes, String what) {
        long at = in.position();
        int n = in.readI32();
        if (n < 0 || (long) n * Math.max(1, minBytes) > in.remaining()) {
            throw new TruncatedDataException("Implausible " + what + " count " + n + " ("
                    + in.remaining() + " bytes left)", in.file(), at, structure());
        }
        return n;
    }
}
