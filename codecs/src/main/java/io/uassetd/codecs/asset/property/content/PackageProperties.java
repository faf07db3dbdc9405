package io.uassetd.codecs.asset.property.content;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.error.FormatException;
import java.util.List;

/** The parsed properties of every export of a package, with what could not be parsed. */
public record PackageProperties(AssetPackage pkg, List<Result> results) {
    public PackageProperties {
        results = List.copyOf(results);
    }

    /**
     * One export: its content (null when its properties could not be read), the error then, and
     * the values kept raw ("where (type): why").
     */
    public record Result(Export export, PropertyExportContent content, FormatException error, List<String> fallbacks) {
        public Result {
            fallbacks = List.copyOf(fallbacks);
        }

        /** Parsed with no value kept raw. */
        public boolean fullyParsed() {
            return content != null && content.rawCount() == 0 && fallbacks.isEmpty();
        }
    }

    /** Sets the parsed content on every export that parsed; the others stay raw. */
    public void apply() {
        for (Result r : results) {
            if (r.content() != null) {
                r.export().setContent(r.content());
            }
        }
    }

    public long fullyParsedCount() {
        return results.stream().filter(Result::fullyParsed).count();
    }

    /** Exports parsed with some values kept raw, or not parsed at all. */
    public long fallbackCount() {
        return results.size() - fullyParsedCount();
    }

    public Result result(int exportIndex) {
        return results.get(exportIndex);
    }
}
