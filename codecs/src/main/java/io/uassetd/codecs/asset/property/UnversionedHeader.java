package io.uassetd.codecs.asset.property;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * FUnversionedHeader: uint16 fragments {SkipNum:7, bHasAnyZeroes:1, bIsLast:1, ValueNum:7} up to the
 * one marked last, then the zero mask over the values of fragments that have zeroes (uint8 for up to
 * 8 bits, uint16 for up to 16, else uint32 words).
 *
 * @param fragments the fragments as read
 * @param zeroMask bit i set = the i-th maskable value is zero (not serialized)
 */
public record UnversionedHeader(List<Fragment> fragments, BitSet zeroMask) {
    static final int SKIP_MAX = 127;
    static final int VALUE_MAX = 127;

    /** One fragment: skip this many schema indices, then this many present values. */
    public record Fragment(int skip, boolean hasZeroes, boolean isLast, int values) {
        int pack() {
            return skip | (hasZeroes ? 0x80 : 0) | (isLast ? 0x100 : 0) | values << 9;
        }

        static Fragment unpack(int v) {
            return new Fragment(v & 0x7F, (v & 0x80) != 0, (v & 0x100) != 0, v >>> 9);
        }
    }

    /** One present property: its global schema index and whether the mask marks it zero. */
    public record Slot(int index, boolean zero) {
    }

    public static UnversionedHeader read(PropertyReader r) {
        var in = r.in();
        List<Fragment> fragments = new ArrayList<>();
        int total = 0;
        while (true) {
            Fragment f = Fragment.unpack(in.readU16());
            fragments.add(f);
            total += f.skip() + f.values();
            if (total > 0xFFFF) {
                throw r.corrupt("Unversioned header spans more than 65535 property indices");
            }
            if (f.isLast()) {
                break;
            }
        }
        int maskBits = 0;
        for (Fragment f : fragments) {
            if (f.hasZeroes()) {
                maskBits += f.values();
            }
        }
        BitSet mask = new BitSet();
        if (maskBits > 0) {
            if (maskBits <= 8) {
                mask = BitSet.valueOf(new long[] {in.readU8()});
            } else if (maskBits <= 16) {
                mask = BitSet.valueOf(new long[] {in.readU16()});
            } else {
                int words = (maskBits + 31) / 32;
                long[] longs = new long[(words + 1) / 2];
                for (int i = 0; i < words; i++) {
                    longs[i / 2] |= in.readU32() << (32 * (i % 2));
                }
                mask = BitSet.valueOf(longs);
            }
        }
        return new UnversionedHeader(fragments, mask);
    }

    /** The present properties in order. */
    public List<Slot> slots() {
        List<Slot> out = new ArrayList<>();
        int index = 0;
        int maskBit = 0;
        for (Fragment f : fragments) {
            index += f.skip();
            for (int i = 0; i < f.values(); i++) {
                boolean zero = f.hasZeroes() && zeroMask.get(maskBit++);
                out.add(new Slot(index++, zero));
            }
        }
        return out;
    }

    /**
     * The header for these present properties (ascending schema indices): runs of consecutive
     * indices of at most 127 values, skips of more than 127 split into value-less fragments, the
     * last fragment flagged; as Unreal writes it whenever its header has no value-less fragments.
     */
    public static UnversionedHeader of(List<Slot> slots) {
        List<Fragment> fragments = new ArrayList<>();
        List<Boolean> zeroes = new ArrayList<>();
        int next = 0;
        int i = 0;
        while (i < slots.size()) {
            int skip = slots.get(i).index() - next;
            while (skip > SKIP_MAX) {
                fragments.add(new Fragment(SKIP_MAX, false, false, 0));
                skip -= SKIP_MAX;
            }
            int start = i;
            while (i < slots.size() && i - start < VALUE_MAX
                    && slots.get(i).index() == slots.get(start).index() + (i - start)) {
                i++;
            }
            boolean anyZero = false;
            for (int k = start; k < i; k++) {
                anyZero |= slots.get(k).zero();
            }
            if (anyZero) {
                for (int k = start; k < i; k++) {
                    zeroes.add(slots.get(k).zero());
                }
            }
            fragments.add(new Fragment(skip, anyZero, false, i - start));
            next = slots.get(i - 1).index() + 1;
        }
        if (fragments.isEmpty()) {
            fragments.add(new Fragment(0, false, true, 0));
        } else {
            Fragment last = fragments.remove(fragments.size() - 1);
            fragments.add(new Fragment(last.skip(), last.hasZeroes(), true, last.values()));
        }
        BitSet mask = new BitSet();
        for (int k = 0; k < zeroes.size(); k++) {
            mask.set(k, zeroes.get(k));
        }
        return new UnversionedHeader(fragments, mask);
    }

    public void write(PropertyWriter w) {
        var out = w.out();
        int maskBits = 0;
        for (Fragment f : fragments) {
            out.writeU16(f.pack());
            if (f.hasZeroes()) {
                maskBits += f.values();
            }
        }
        if (maskBits == 0) {
            return;
        }
        long[] longs = zeroMask.toLongArray();
        long lo = longs.length > 0 ? longs[0] : 0;
        if (maskBits <= 8) {
            out.writeU8((int) lo & 0xFF);
        } else if (maskBits <= 16) {
            out.writeU16((int) lo & 0xFFFF);
        } else {
            int words = (maskBits + 31) / 32;
            for (int i = 0; i < words; i++) {
                long l = i / 2 < longs.length ? longs[i / 2] : 0;
                out.writeU32((l >>> (32 * (i % 2))) & 0xFFFFFFFFL);
            }
        }
    }
}
