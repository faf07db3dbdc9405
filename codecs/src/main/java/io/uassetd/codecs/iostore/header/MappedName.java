package io.uassetd.codecs.iostore.header;

import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;

/**
 * FMappedName, 8 bytes: an index into a name map (its top 2 bits say which map: package 0,
 * container 1, global 2) and the FName number (0 = no suffix, n = suffix "_" + (n - 1)).
 */
public record MappedName(long indexAndType, long number) {
    public static final int SIZE = 8;
    private static final int INDEX_BITS = 30;
    private static final long INDEX_MASK = (1L << INDEX_BITS) - 1;

    public static MappedName read(ByteReader r) {
        return new MappedName(r.u32(), r.u32());
    }

    public void write(ByteWriter w) {
        w.u32(indexAndType).u32(number);
    }

    public int index() {
        return (int) (indexAndType & INDEX_MASK);
    }

    /** 0 package, 1 container, 2 global. */
    public int mapType() {
        return (int) (indexAndType >>> INDEX_BITS);
    }

    /** The display form of the name given its base text: {@code Base} or {@code Base_<number-1>}. */
    public String resolve(String base) {
        return number == 0 ? base : base + "_" + (number - 1);
    }
}
