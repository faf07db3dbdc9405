package io.uassetd.codecs.asset.version;

import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import io.uassetd.codecs.io.FString;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * FCustomVersionContainer: an int32 count then the entries, in one of three formats chosen by the
 * package's legacy file version.
 */
public record CustomVersionContainer(Format format, List<CustomVersion> versions) {

    /** ECustomVersionSerializationFormat. */
    public enum Format {
        /** {uint32 tag, int32 version}, 8 bytes (legacy -2). */
        ENUMS(8),
        /** {FGuid, int32 version, FString friendly name}, at least 24 bytes (legacy -3 to -5). */
        GUIDS(24),
        /** {FGuid, int32 version}, 20 bytes (legacy -6 and newer). */
        OPTIMIZED(20);

        private final int minEntryBytes;

        Format(int minEntryBytes) {
            this.minEntryBytes = minEntryBytes;
        }

        public int minEntryBytes() {
            return minEntryBytes;
        }
    }

    public CustomVersionContainer {
        versions = List.copyOf(versions);
    }

    public static CustomVersionContainer empty(Format format) {
        return new CustomVersionContainer(format, List.of());
    }

    /** The version stored for a custom version GUID. */
    public Optional<Integer> get(FGuid key) {
        for (CustomVersion v : versions) {
            if (v.key().equals(key)) {
                return Optional.of(v.version());
            }
        }
        return Optional.empty();
    }

    public static CustomVersionContainer read(ByteReader r, Format format) {
        long at = r.offset();
        int n = r.i32();
        if (n < 0) {
            throw new CorruptDataException("Negative count " + n, r.source(), at, r.structure());
        }
        if (n * (long) format.minEntryBytes() > r.remaining()) {
            throw new TruncatedDataException("Count " + n + " needs at least " + (n * (long) format.minEntryBytes())
                    + " bytes but only " + r.remaining() + " remain", r.source(), at, r.structure());
        }
        List<CustomVersion> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            switch (format) {
                case ENUMS -> {
                    int tag = r.i32();
                    out.add(new CustomVersion(FGuid.ZERO, r.i32(), null, tag));
                }
                case GUIDS -> {
                    FGuid key = FGuid.read(r);
                    int version = r.i32();
                    FString name = FString.read(r);
                    out.add(new CustomVersion(key, version, name, 0));
                }
                case OPTIMIZED -> out.add(CustomVersion.of(FGuid.read(r), r.i32()));
                default -> throw new IllegalStateException();
            }
        }
        return new CustomVersionContainer(format, out);
    }

    public void write(ByteWriter w) {
        w.u32(versions.size());
        for (CustomVersion v : versions) {
            switch (format) {
                case ENUMS -> {
                    w.u32(v.enumTag() & 0xFFFFFFFFL);
                    w.u32(v.version() & 0xFFFFFFFFL);
                }
                case GUIDS -> {
                    v.key().write(w);
                    w.u32(v.version() & 0xFFFFFFFFL);
                    (v.friendlyName() == null ? FString.EMPTY : v.friendlyName()).write(w);
                }
                case OPTIMIZED -> {
                    v.key().write(w);
                    w.u32(v.version() & 0xFFFFFFFFL);
                }
                default -> throw new IllegalStateException();
            }
        }
    }
}
