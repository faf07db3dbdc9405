package io.uassetd.codecs.asset;

import java.util.List;

/** Moves old package positions to new ones after the regions were laid out again. */
final class OffsetRemap {
    private final List<Region> regions;
    private final long[] newStarts;
    private final long oldEnd;
    private final long newEnd;

    OffsetRemap(List<Region> regions, long[] newStarts, long oldEnd, long newEnd) {
        this.regions = regions;
        this.newStarts = newStarts;
        this.oldEnd = oldEnd;
        this.newEnd = newEnd;
    }

    /** The new position of an old one: same distance into the region that held it. */
    long map(long old) {
        for (int i = 0; i < regions.size(); i++) {
            Region r = regions.get(i);
            if (r.length() > 0 && old >= r.start() && old < r.end()) {
                return newStarts[i] + (old - r.start());
            }
        }
        for (int i = 0; i < regions.size(); i++) {
            if (regions.get(i).start() == old) {
                return newStarts[i];
            }
        }
        return old + (newEnd - oldEnd);
    }

    /** Maps an int32 offset field, leaving 0 and negative values (absent) as they are. */
    int mapOffset(int old) {
        return old <= 0 ? old : Math.toIntExact(map(old));
    }

    long mapOffset64(long old) {
        return old <= 0 ? old : map(old);
    }

    /** A table's new offset: where its region starts now, else the old offset mapped. */
    int tableOffset(Region.Kind kind, int old) {
        long start = startOf(kind);
        return start >= 0 ? Math.toIntExact(start) : mapOffset(old);
    }

    /** The new start of the first region of a kind, or -1. */
    long startOf(Region.Kind kind) {
        for (int i = 0; i < regions.size(); i++) {
            if (regions.get(i).kind() == kind) {
                return newStarts[i];
            }
        }
        return -1;
    }
}
