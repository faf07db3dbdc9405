package io.uassetd.codecs.asset.json;

import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import java.util.function.Supplier;
import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.ExportContent;
import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.JsonFormatException;
import io.uassetd.codecs.usmap.Usmap;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * Entry point: a legacy package as one JSON document in UAssetAPI's schema (the format UAssetGUI
 * reads and writes) and back, losslessly: JSON written here turns back into a package that writes
 * the original bytes.
 *
 * <pre>{@code
 * AssetPackage pkg = AssetPackage.open(path, EngineVersion.UE5_3);
 * byte[] json = UAssetJson.toJson(pkg, usmapOrNull);           // parses every export it can
 * AssetPackage back = UAssetJson.fromJson(json, "X.uasset");
 * back.toBytes();                                              // the original bytes
 * }</pre>
 *
 * <p>Exports whose properties parse are written as UAssetAPI's NormalExport (DataTableExport for
 * tables) with their properties in {@code Data}; the others as RawExport. What uassetd keeps beyond
 * UAssetAPI's fields is listed in {@link PackageJson}, {@link PropertyJson} and {@link ValueJson}.
 */
public final class UAssetJson {
    /** The Info line written at the top of each document. */
    public static final String INFO = "Serialized with uassetd (UAssetAPI JSON schema, lossless)";

    static final ObjectMapper MAPPER = new ObjectMapper()
            .setVisibility(PropertyAccessor.IS_GETTER, JsonAutoDetect.Visibility.NONE)
            .setDefaultPropertyInclusion(JsonInclude.Value.construct(JsonInclude.Include.ALWAYS, JsonInclude.Include.ALWAYS))
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);

    private UAssetJson() {
    }

    /**
     * The package as a JSON tree. Every export's properties are parsed first (tagged, or
     * unversioned through {@code mappings}) and the parsed content is set on the package; exports
     * that do not parse stay raw.
     */
    public static ObjectNode toTree(AssetPackage pkg, Usmap mappings) {
        return (ObjectNode) parse(toJson(pkg, mappings), pkg.name());
    }

    /** The package as indented UTF-8 JSON text. */
    public static byte[] toJson(AssetPackage pkg, Usmap mappings) {
        // Segmented: the text is copied once, at the end, rather than at every doubling.
        try (ByteArrayBuilder out = new ByteArrayBuilder(64 * 1024)) {
            write(pkg, mappings, out);
            return out.toByteArray();
        }
    }

    /**
     * Streams the package as indented UTF-8 JSON text (the stream is left open). Every export's
     * properties are parsed first (tagged, or unversioned through {@code mappings}) and the parsed
     * content is set on the package; exports that do not parse stay raw.
     */
    public static void write(AssetPackage pkg, Usmap mappings, OutputStream out) {
        PropertyParser.parseAll(pkg, mappings).apply();
        try (JsonGenerator g = JsonOutput.generator(MAPPER.getFactory(), out)) {
            PackageJson.write(g, pkg, INFO);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write JSON: " + e.getMessage(), e);
        }
    }

    /**
     * The package a JSON tree describes; {@code fileName} names it in messages. Exports read as
     * properties carry that content and, as their raw bytes, what it serializes to.
     */
    public static AssetPackage fromTree(JsonNode root, String fileName) {
        return fromTree(root, fileName, null);
    }

    /**
     * As {@link #fromTree(JsonNode, String)}; {@code mappings} (may be null) give the schema indexes
     * of unversioned properties that UAssetAPI's JSON writes without them.
     */
    public static AssetPackage fromTree(JsonNode root, String fileName, Usmap mappings) {
        return consistent(fileName, () -> {
            AssetPackage pkg = assemble(root, fileName, mappings);
            AssetPackage.Bytes b = pkg.toBytes();
            for (Export e : pkg.exports()) {
                ExportContent c = e.content();
                if (c != null) {
                    e.setRawData(slice(b, e.entry().serialOffset(), (int) e.entry().serialSize()));
                    e.setContent(c);
                }
            }
            return pkg;
        });
    }

    /**
     * Whether the package a JSON tree describes has unversioned properties (PKG_UnversionedProperties
     * in its PackageFlags, as a number or UAssetAPI's flag names), so that writing it needs mappings;
     * true when the tree records no flags.
     */
    public static boolean hasUnversionedProperties(JsonNode root) {
        JsonNode flags = root.path("PackageFlags");
        if (flags.isMissingNode() || flags.isNull()) {
            flags = root.path("Uassetd").path("Summary").path("packageFlags");
        }
        if (flags.isIntegralNumber()) {
            return (flags.longValue() & PKG_UNVERSIONED_PROPERTIES) != 0;
        }
        if (flags.isTextual()) {
            for (String f : flags.textValue().split("[|,]")) {
                if (f.trim().equals("PKG_UnversionedProperties")) {
                    return true;
                }
            }
            return false;
        }
        return true;
    }

    private static final long PKG_UNVERSIONED_PROPERTIES = 0x2000;

    /** The package bytes (.uasset and .uexp) a JSON tree describes, serialized once. */
    public static AssetPackage.Bytes toPackageBytes(JsonNode root, String fileName) {
        return toPackageBytes(root, fileName, null);
    }

    /** As {@link #toPackageBytes(JsonNode, String)}, with mappings for UAssetAPI's unversioned properties (may be null). */
    public static AssetPackage.Bytes toPackageBytes(JsonNode root, String fileName, Usmap mappings) {
        return consistent(fileName, () -> assemble(root, fileName, mappings).toBytes());
    }

    /**
     * Runs the assembly and serialization of a package from JSON. Well-formed JSON whose parts
     * contradict each other (a layout that does not fit the tables, a field the version needs left
     * null, a value of the wrong shape deep inside) fails here, as a {@link JsonFormatException}
     * rather than an internal error.
     */
    private static <T> T consistent(String fileName, Supplier<T> work) {
        try {
            return work.get();
        } catch (FormatException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new JsonFormatException("The JSON describes a package that cannot be written (" + e + ") at $", fileName, "$",
                    false, e);
        }
    }

    private static AssetPackage assemble(JsonNode root, String fileName, Usmap mappings) {
        if (root == null || !root.isObject()) {
            throw new JsonFormatException("Expected a JSON object at $", fileName, "$", false);
        }
        return PackageJson.read(JsonIn.root(root, fileName), fileName, mappings);
    }

    private static byte[] slice(AssetPackage.Bytes b, long offset, int size) {
        byte[] out = new byte[size];
        byte[] head = b.header();
        byte[] tail = b.exports();
        int inHead = (int) Math.max(0, Math.min(size, head.length - offset));
        if (inHead > 0) {
            System.arraycopy(head, (int) offset, out, 0, inHead);
        }
        if (inHead < size) {
            System.arraycopy(tail, (int) (offset + inHead - head.length), out, inHead, size - inHead);
        }
        return out;
    }

    /** The package JSON text describes; text that is not JSON is a {@link JsonFormatException} with {@code syntax()} true. */
    public static AssetPackage fromJson(byte[] json, String fileName) {
        return fromTree(parse(json, fileName), fileName);
    }

    public static AssetPackage fromJson(InputStream in, String fileName) {
        try {
            return fromTree(MAPPER.readTree(in), fileName);
        } catch (JsonProcessingException e) {
            throw syntax(e, fileName);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + fileName + ": " + e.getMessage(), e);
        }
    }

    /** Parses JSON text into a tree. */
    public static JsonNode parse(byte[] json, String fileName) {
        try {
            return MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw syntax(e, fileName);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonFormatException syntax(JsonProcessingException e, String fileName) {
        var loc = e.getLocation();
        String where = loc == null ? "" : " at line " + loc.getLineNr() + ", column " + loc.getColumnNr();
        return new JsonFormatException("Not valid JSON: " + e.getOriginalMessage() + where, fileName, "$", true, e);
    }
}
