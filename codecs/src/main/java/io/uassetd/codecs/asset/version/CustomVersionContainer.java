package io.uassetd.codecs.asset.version;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.asset.core.FString;
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

    public static CustomVersionContainer read(PackageReader r, Format format) {
        int n = r.readCount(format.minEntryBytes());
        List<CustomVersion> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            switch (format) {
                case ENUMS -> {
                    int tag = r.readI32();
                    out.add(new CustomVersion(FGuid.ZERO, r.readI32(), null, tag));
                }
                case GUIDS -> {
                    FGuid key = r.readGuid();
                    int version = r.readI32();
                    FString name = r.readFString();
                    out.add(new CustomVersion(key, version, name, 0));
                }
                case OPTIMIZED -> out.add(CustomVersion.of(r.readGuid(), r.readI32()));
                default -> throw new IllegalStateException();
            }
        }
        return new CustomVersionContainer(format, out);
    }

    public void write(PackageWriter w) {
        w.writeI32(versions.size());
        for (CustomVersion v : versions) {
            switch (format) {
                case ENUMS -> {
                    w.writeI32(v.enumTag());
                    w.writeI32(v.version());
                }
                case GUIDS -> {
                    w.writeGuid(v.key());
                    w.writeI32(v.version());
                    w.writeFString(v.friendlyName() == null ? FString.EMPTY : v.friendlyName());
                }
                case OPTIMIZED -> {
                    w.writeGuid(v.key());
                    w.writeI32(v.version());
                }
                default -> throw new IllegalStateException();
            }
        }
    }
}
