package io.uassetd.codecs.iostore.toc;

import java.util.EnumSet;
import java.util.Set;

/** EIoContainerFlags, one bit each in the header's flags byte. */
public enum ContainerFlag {
    COMPRESSED(1),
    ENCRYPTED(2),
    SIGNED(4),
    INDEXED(8),
    ON_DEMAND(16);

    private final int bit;

    ContainerFlag(int bit) {
        this.bit = bit;
    }

    public int bit() {
        return bit;
    }

    public boolean in(int flags) {
        return (flags & bit) != 0;
    }

    /** The known flags set in {@code flags} (unknown bits are kept only in the raw byte). */
    public static Set<ContainerFlag> of(int flags) {
        Set<ContainerFlag> out = EnumSet.noneOf(ContainerFlag.class);
        for (ContainerFlag f : values()) {
            if (f.in(flags)) {
                out.add(f);
            }
        }
        return out;
    }

    public static int bits(Set<ContainerFlag> flags) {
        int v = 0;
        for (ContainerFlag f : flags) {
            v |= f.bit;
        }
        return v;
    }
}
