package io.uassetd.codecs.asset.property.types;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.io.FString;
import io.uassetd.codecs.asset.property.PropertyReader;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.PropertyWriter;
import io.uassetd.codecs.asset.version.CustomVersionGate;
import io.uassetd.codecs.asset.version.ObjectVersion;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * TextProperty: FText, uint32 flags then (FTEXT_HISTORY) an int8 ETextHistoryType and the history.
 * None, Base, NamedFormat, OrderedFormat, ArgumentFormat, AsNumber, AsPercent, AsCurrency, AsDate,
 * AsTime, AsDateTime, Transform, StringTableEntry and TextGenerator are parsed; unknown ones are
 * kept raw up to the end of a tagged value (elsewhere they fail, so the caller keeps the whole value
 * raw).
 */
public record TextValue(int flags, int historyType, History history) implements PropertyValue {
    /** FEditorObjectVersion. */

    /** One ETextHistoryType payload. */
    public sealed interface History permits NoneHistory, BaseHistory, FormatHistory, NumberHistory, DateTimeHistory, TransformHistory,
            StringTableHistory, GeneratorHistory, RawHistory {
        void write(PropertyWriter w);

        Object view(AssetPackage pkg);
    }

    /** -1 None: an optional culture-invariant string (CultureInvariantTextSerializationKeyStability). */
    public record NoneHistory(boolean serializesFlag, FString invariant) implements History {
        public void write(PropertyWriter w) {
            if (serializesFlag) {
                w.out().writeBool32(invariant != null);
                if (invariant != null) {
                    w.out().writeFString(invariant);
                }
            }
        }

        public Object view(AssetPackage pkg) {
            return invariant == null ? null : invariant.text();
        }
    }

    /** 0 Base: namespace, key, source string. */
    public record BaseHistory(FString namespace, FString key, FString source) implements History {
        public void write(PropertyWriter w) {
            w.out().writeFString(namespace);
            w.out().writeFString(key);
            w.out().writeFString(source);
        }

        public Object view(AssetPackage pkg) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("namespace", namespace.value());
            m.put("key", key.value());
            m.put("source", source.value());
            return m;
        }
    }

    /** An FFormatArgumentValue (int8 type then the value) with the argument name when it has one. */
    public record Argument(FString name, int argType, Object value) {
        static Argument read(PropertyReader r, boolean named) {
            FString name = named ? r.in().readFString() : null;
            int type = (byte) r.in().readU8();
            Object v = switch (type) {
                case 0, 1 -> r.in().readI64();
                case 2 -> r.in().readI32();
                case 3 -> r.in().readI64();
                case 4 -> TextValue.nested(r);
                case 5 -> r.in().readU8();
                default -> throw r.corrupt("Unknown format argument type " + type);
            };
            return new Argument(name, type, v);
        }

        void write(PropertyWriter w) {
            if (name != null) {
                w.out().writeFString(name);
            }
            w.out().writeU8(argType & 0xFF);
            switch (argType) {
                case 0, 1, 3 -> w.out().writeI64((Long) value);
                case 2 -> w.out().writeI32((Integer) value);
                case 4 -> ((TextValue) value).write(w);
                default -> w.out().writeU8((Integer) value);
            }
        }

        Object view(AssetPackage pkg) {
            return switch (argType) {
                case 1 -> Long.toUnsignedString((Long) value);
                case 2 -> NumericValue.floatView((Integer) value);
                case 3 -> NumericValue.doubleView((Long) value);
                case 4 -> ((TextValue) value).view(pkg);
                default -> value;
            };
        }
    }

    /** 1 NamedFormat, 2 OrderedFormat, 3 ArgumentFormat: the format text and its arguments. */
    public record FormatHistory(int kind, TextValue format, List<Argument> arguments) implements History {
        public void write(PropertyWriter w) {
            format.write(w);
            w.out().writeI32(arguments.size());
            arguments.forEach(a -> a.write(w));
        }

        public Object view(AssetPackage pkg) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("format", format.view(pkg));
            List<Object> args = new ArrayList<>();
            for (Argument a : arguments) {
                args.add(a.name() == null ? a.view(pkg) : Map.of(a.name().text(), String.valueOf(a.view(pkg))));
            }
            m.put("arguments", args);
            return m;
        }
    }

    /** 4 AsNumber, 5 AsPercent, 6 AsCurrency: currency code, source value, formatting options (kept raw), culture. */
    public record NumberHistory(FString currency, Argument source, byte[] options, FString culture) implements History {
        public void write(PropertyWriter w) {
            if (currency != null) {
                w.out().writeFString(currency);
            }
            source.write(w);
            w.out().writeBool32(options != null);
            if (options != null) {
                w.out().writeBytes(options);
            }
            w.out().writeFString(culture);
        }

        public Object view(AssetPackage pkg) {
            return source.view(pkg);
        }
    }

    /**
     * 7 AsDate, 8 AsTime, 9 AsDateTime: FDateTime ticks, the int8 date style (date kinds), the int8
     * time style (time kinds), time zone, target culture.
     */
    public record DateTimeHistory(int kind, long ticks, int dateStyle, int timeStyle, FString timeZone, FString culture)
            implements History {
        static DateTimeHistory read(PropertyReader r, int kind) {
            var in = r.in();
            long ticks = in.readI64();
            int date = kind != 8 ? in.readU8() : 0;
            int time = kind != 7 ? in.readU8() : 0;
            return new DateTimeHistory(kind, ticks, date, time, in.readFString(), in.readFString());
        }

        public void write(PropertyWriter w) {
            w.out().writeI64(ticks);
            if (kind != 8) {
                w.out().writeU8(dateStyle);
            }
            if (kind != 7) {
                w.out().writeU8(timeStyle);
            }
            w.out().writeFString(timeZone);
            w.out().writeFString(culture);
        }

        public Object view(AssetPackage pkg) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("ticks", ticks);
            m.put("timeZone", timeZone.value());
            m.put("culture", culture.value());
            return m;
        }
    }

    /** 10 Transform: the source text and a uint8 ETransformType. */
    public record TransformHistory(TextValue source, int transform) implements History {
        public void write(PropertyWriter w) {
            source.write(w);
            w.out().writeU8(transform);
        }

        public Object view(AssetPackage pkg) {
            return source.view(pkg);
        }
    }

    /** 11 StringTableEntry: table id (FName) and key. */
    public record StringTableHistory(FName table, FString key) implements History {
        public void write(PropertyWriter w) {
            w.out().writeFName(table);
            w.out().writeFString(key);
        }

        public Object view(AssetPackage pkg) {
            // in this order on every run (Map.of's iteration order changes from one JVM to the next)
            Map<String, Object> v = new java.util.LinkedHashMap<>();
            v.put("table", pkg.names().render(table));
            v.put("key", key.text());
            return v;
        }
    }

    /** 12 TextGenerator: generator type name and, when not None, its serialized bytes. */
    public record GeneratorHistory(FName generator, byte[] data) implements History {
        public void write(PropertyWriter w) {
            w.out().writeFName(generator);
            if (data != null) {
                w.out().writeI32(data.length);
                w.out().writeBytes(data);
            }
        }

        public Object view(AssetPackage pkg) {
            return pkg.names().render(generator);
        }
    }

    /** A history kept as its bytes (date/time histories, unknown types). */
    public record RawHistory(byte[] bytes) implements History {
        public void write(PropertyWriter w) {
            w.out().writeBytes(bytes);
        }

        public Object view(AssetPackage pkg) {
            return HexFormat.of().formatHex(bytes);
        }
    }

    /** A text inside a text (format, argument, transform source), counted against the nesting limit. */
    static TextValue nested(PropertyReader r) {
        r.push("<text>");
        try {
            return read(r);
        } finally {
            r.pop();
        }
    }

    public static TextValue read(PropertyReader r) {
        var in = r.in();
        if (!in.version().atLeast(ObjectVersion.FTEXT_HISTORY)) {
            throw r.corrupt("FText before FTEXT_HISTORY is not supported");
        }
        int flags = in.readI32();
        int type = (byte) in.readU8();
        History h = switch (type) {
            case -1 -> {
                boolean flag = r.atLeast(CustomVersionGate.EDITOR_CULTURE_INVARIANT_TEXT_SERIALIZATION_KEY_STABILITY);
                yield new NoneHistory(flag, flag && in.readBool32() ? in.readFString() : null);
            }
            case 0 -> new BaseHistory(in.readFString(), in.readFString(), in.readFString());
            case 1, 2, 3 -> {
                if (type == 3 && !r.atLeast(CustomVersionGate.EDITOR_TEXT_FORMAT_ARGUMENT_DATA_IS_VARIANT)) {
                    throw r.corrupt("ArgumentFormat text before TextFormatArgumentDataIsVariant is not supported");
                }
                TextValue format = nested(r);
                int n = r.count(5, "format argument");
                List<Argument> args = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    args.add(Argument.read(r, type != 2));
                }
                yield new FormatHistory(type, format, args);
            }
            case 4, 5, 6 -> {
                FString currency = type == 6 ? in.readFString() : null;
                Argument source = Argument.read(r, false);
                byte[] options = in.readBool32() ? in.readBytes(r.atLeast(CustomVersionGate.EDITOR_ADDED_ALWAYS_SIGN_NUMBER_FORMATTING_OPTION) ? 25 : 21) : null;
                yield new NumberHistory(currency, source, options, in.readFString());
            }
            case 7, 8, 9 -> DateTimeHistory.read(r, type);
            case 10 -> new TransformHistory(nested(r), in.readU8());
            case 11 -> {
                FName table = in.readFName();
                r.name(table);
                yield new StringTableHistory(table, in.readFString());
            }
            case 12 -> {
                FName gen = in.readFName();
                byte[] data = "None".equals(r.name(gen)) ? null : in.readBytes(r.count(1, "text generator byte"));
                yield new GeneratorHistory(gen, data);
            }
            default -> {
                if (r.limit() < 0) {
                    throw r.corrupt("Text history type " + type + " is not supported here");
                }
                yield new RawHistory(in.readBytes(r.limit() - in.position()));
            }
        };
        return new TextValue(flags, type, h);
    }

    @Override
    public String type() {
        return "TextProperty";
    }

    @Override
    public Object view(AssetPackage pkg) {
        if (history instanceof BaseHistory b) {
            return b.source().value();
        }
        return history.view(pkg);
    }

    @Override
    public void write(PropertyWriter w) {
        w.out().writeI32(flags);
        w.out().writeU8(historyType & 0xFF);
        history.write(w);
    }

    @Override
    public boolean hasRaw() {
        return history instanceof RawHistory;
    }
}
