package io.uassetd.codecs.io;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Records which byte ranges of a file were read, merging overlaps, so a test can assert that a
 * reader consumed every byte ("bytes consumed" accounting). Thread-safe.
 */
public final class Coverage {
    private final TreeMap<Long, Long> ranges = new TreeMap<>();

    /** Marks {@code [start, end)} as read. */
    public synchronized void add(long start, long end) {
        if (end <= start) {
            return;
        }
        Map.Entry<Long, Long> lower = ranges.floorEntry(start);
        if (lower != null && lower.getValue() >= start) {
            start = lower.getKey();
            end = Math.max(end, lower.getValue());
        }
        Map.Entry<Long, Long> next = ranges.ceilingEntry(start);
        while (next != null && next.getKey() <= end) {
            end = Math.max(end, next.getValue());
            ranges.remove(next.getKey());
            next = ranges.ceilingEntry(start);
        }
        ranges.put(start, end);
    }

    /** Total bytes marked. */
    public synchronized long covered() {
        long n = 0;
        for (Map.Entry<Long, Long> e : ranges.entrySet()) {
            n += e.getValue() - e.getKey();
        }
        return n;
    }

    /** The ranges of {@code [0, size)} never read, as {start, end} pairs. */
    public synchronized List<long[]> gaps(long size) {
        List<long[]> out = new ArrayList<>();
        long pos = 0;
        for (Map.Entry<Long, Long> e : ranges.entrySet()) {
            if (e.getKey() > pos) {
                out.add(new long[] {pos, Math.min(e.getKey(), size)});
            }
            pos = Math.max(pos, e.getValue());
        }
        if (pos < size) {
            out.add(new long[] {pos, size});
        }
        return out;
    }
}
