package io.uassetd.codecs.iostore.toc;

import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.iostore.toc.IoChunkId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * The TOC's chunk perfect hash (TOC version 4 on). A chunk id hashes (FNV-1 style, multiply then
 * xor, over its 12 bytes, starting from the FNV offset basis) to a seed slot; a positive seed
 * re-hashes the id to its entry index, a negative seed -k-1 names entry k directly, and from
 * version 5 a negative seed past the entry count sends the lookup to the overflow list. A seed of 0
 * means no chunk hashes there.
 */
public final class PerfectHash {
    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;
    /** Seeds tried per bucket before its chunks go to the overflow list. */
    private static final int MAX_SEED_ATTEMPTS = 1 << 16;

    private PerfectHash() {
    }

    /** HashChunkIdWithSeed: FNV over the 12 stored bytes, from {@code seed} (or the offset basis when 0). */
    public static long hash(int seed, IoChunkId id) {
        long h = seed != 0 ? (seed & 0xFFFFFFFFL) : FNV_OFFSET;
        long v = id.id();
        for (int i = 0; i < 8; i++) {
            h = (h * FNV_PRIME) ^ ((v >>> (8 * i)) & 0xFF);
        }
        h = (h * FNV_PRIME) ^ (id.index() & 0xFF);
        h = (h * FNV_PRIME) ^ ((id.index() >>> 8) & 0xFF);
        h = (h * FNV_PRIME) ^ id.padding();
        h = (h * FNV_PRIME) ^ id.rawType();
        return h;
    }

    /**
     * The entry index of {@code id} in a TOC with perfect-hash seeds, or -1. {@code ids} are the
     * TOC's chunk ids in entry order.
     */
    public static int find(List<IoChunkId> ids, int[] seeds, int[] overflow, IoChunkId id) {
        int n = ids.size();
        if (n == 0 || seeds.length == 0) {
            return -1;
        }
        int seedIndex = (int) Long.remainderUnsigned(hash(0, id), seeds.length);
        int seed = seeds[seedIndex];
        if (seed == 0) {
            return -1;
        }
        int slot;
        if (seed < 0) {
            long direct = -(long) seed - 1;
            if (direct < n) {
                slot = (int) direct;
            } else {
                for (int i : overflow) {
                    if (ids.get(i).equals(id)) {
                        return i;
                    }
                }
                return -1;
            }
        } else {
            slot = (int) Long.remainderUnsigned(hash(seed, id), n);
        }
        return ids.get(slot).equals(id) ? slot : -1;
    }

    /**
     * A perfect hash for {@code ids}: the seeds, the entry (slot) each input id goes to, and the
     * slots of ids left without a perfect hash (only when {@code allowOverflow}).
     */
    public record Layout(int[] seeds, int[] slotOf, int[] overflowSlots) {
    }

    /** Builds a layout: buckets by descending size get the first seed that maps them to free slots. */
    public static Layout build(List<IoChunkId> ids, boolean allowOverflow) {
        int n = ids.size();
        if (n == 0) {
            return new Layout(new int[0], new int[0], new int[0]);
        }
        int seedCount = Math.max(1, (n + 1) / 2);
        int[] bucketOf = new int[n];
        int[] bucketSize = new int[seedCount];
        for (int i = 0; i < n; i++) {
            bucketOf[i] = (int) Long.remainderUnsigned(hash(0, ids.get(i)), seedCount);
            bucketSize[bucketOf[i]]++;
        }
        int[] start = new int[seedCount + 1];
        for (int b = 0; b < seedCount; b++) {
            start[b + 1] = start[b] + bucketSize[b];
        }
        int[] members = new int[n];
        int[] fill = Arrays.copyOf(start, seedCount);
        for (int i = 0; i < n; i++) {
            members[fill[bucketOf[i]]++] = i;
        }
        Integer[] order = new Integer[seedCount];
        for (int b = 0; b < seedCount; b++) {
            order[b] = b;
        }
        Arrays.sort(order, (a, b) -> bucketSize[b] != bucketSize[a] ? bucketSize[b] - bucketSize[a] : a - b);

        int[] seeds = new int[seedCount];
        int[] slotOf = new int[n];
        Arrays.fill(slotOf, -1);
        BitSet used = new BitSet(n);
        List<Integer> overflowIds = new ArrayList<>();
        int[] trial = new int[64];
        for (int b : order) {
            int size = bucketSize[b];
            if (size <= 1) {
                break;
            }
            if (trial.length < size) {
                trial = new int[size];
            }
            boolean placed = false;
            for (int seed = 1; seed <= MAX_SEED_ATTEMPTS && !placed; seed++) {
                placed = true;
                for (int k = 0; k < size; k++) {
                    int slot = (int) Long.remainderUnsigned(hash(seed, ids.get(members[start[b] + k])), n);
                    if (used.get(slot)) {
                        placed = false;
                    } else {
                        for (int j = 0; j < k && placed; j++) {
                            placed = trial[j] != slot;
                        }
                    }
                    if (!placed) {
                        break;
                    }
                    trial[k] = slot;
                }
                if (placed) {
                    seeds[b] = seed;
                    for (int k = 0; k < size; k++) {
                        used.set(trial[k]);
                        slotOf[members[start[b] + k]] = trial[k];
                    }
                }
            }
            if (!placed) {
                if (!allowOverflow) {
                    // TOC version 4 (PerfectHash) has no overflow list for ids no seed places
                    throw new UnsupportedVersionException("No perfect-hash seed places a bucket of " + size + " of these " + n
                            + " chunk ids, and TOC version 4 (PerfectHash) has no overflow list for them: write TOC version 5"
                            + " (PerfectHashWithOverflow) or later", null, -1, "TocChunkPerfectHashSeeds");
                }
                seeds[b] = -n - 1;
                for (int k = 0; k < size; k++) {
                    overflowIds.add(members[start[b] + k]);
                }
            }
        }
        int free = 0;
        for (int b : order) {
            if (bucketSize[b] != 1) {
                continue;
            }
            free = used.nextClearBit(free);
            used.set(free);
            slotOf[members[start[b]]] = free;
            seeds[b] = -free - 1;
        }
        int[] overflowSlots = new int[overflowIds.size()];
        for (int k = 0; k < overflowSlots.length; k++) {
            free = used.nextClearBit(free);
            used.set(free);
            slotOf[overflowIds.get(k)] = free;
            overflowSlots[k] = free;
        }
        return new Layout(seeds, slotOf, overflowSlots);
    }
}
