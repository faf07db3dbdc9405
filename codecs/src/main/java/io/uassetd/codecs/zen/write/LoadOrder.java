package io.uassetd.codecs.zen.write;

import java.util.ArrayDeque;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.LegacyHeader;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.zen.ExportBundleEntry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The export commands of a legacy package (Create and Serialize of every export) with their preload
 * dependencies, and the order they load in. UE5: a topological sort over the dependencies between
 * exports (and each export's Create before its Serialize) that, among the commands ready, takes
 * public exports first, then Create before Serialize, then the lower export index. UE4: depth first.
 */
final class LoadOrder {
    static final int CREATE = ExportBundleEntry.CREATE;
    static final int SERIALIZE = ExportBundleEntry.SERIALIZE;

    /** A command a node depends on: a legacy package index (import or export) and a command type. */
    record Dependency(PackageIndex index, int command) {
    }

    /** The dependencies of each node (node = export * 2 + command), in the legacy table's order. */
    final List<List<Dependency>> dependencies;
    /** Nodes in load order. */
    final int[] order;

    private LoadOrder(List<List<Dependency>> dependencies, int[] order) {
        this.dependencies = dependencies;
        this.order = order;
    }

    /** How a target orders export commands. */
    enum Mode {
        /** UE4.26/4.27: Serialize lists its own Create; depth first ({@link #depthFirst}). */
        UE4_DEPTH_FIRST,
        /** UE5.0 to 5.2: Serialize lists its own Create; sorted by priority. */
        EXPORT_BUNDLES,
        /** UE5.3+: sorted by priority; own Create before Serialize in the sort only. */
        DEPENDENCY_BUNDLES
    }

    /** @param isPublic per export: it has a public export hash (global import index in UE4) */
    static LoadOrder of(LegacyHeader pkg, boolean[] isPublic, Mode mode, String file) {
        int n = pkg.exports().size();
        List<List<Dependency>> deps = dependencies(pkg, mode != Mode.DEPENDENCY_BUNDLES);
        if (mode == Mode.UE4_DEPTH_FIRST) {
            LoadOrder o = new LoadOrder(deps, null);
            return new LoadOrder(deps, depthFirst(o, file));
        }
        if (n >= 1 << 29) {
            throw new ZenWriteException(n + " exports are too many", file, "ExportMap");
        }
        return new LoadOrder(deps, sorted(deps, n, isPublic, mode == Mode.DEPENDENCY_BUNDLES, file));
    }

    /**
     * Each node's dependencies from the preload table: Create lists create-before-create then
     * serialization-before-create, Serialize lists create-before-serialization then
     * serialization-before-serialization (then its own Create when {@code serializeAfterCreate}).
     */
    private static List<List<Dependency>> dependencies(LegacyHeader pkg, boolean serializeAfterCreate) {
        int n = pkg.exports().size();
        List<PackageIndex> table = pkg.preloadDependencies();
        List<List<Dependency>> deps = new ArrayList<>(2 * n);
        for (int i = 0; i < n; i++) {
            int[] at = AssetPackage.preloadStarts(pkg.exports().get(i), i, table.size(), pkg.name());
            List<Dependency> create = new ArrayList<>(at == null ? 0 : at[4] - at[2]);
            List<Dependency> serialize = new ArrayList<>((at == null ? 0 : at[2] - at[0]) + 1);
            if (at != null) {
                add(create, table, at[3], at[4], CREATE);
                add(create, table, at[2], at[3], SERIALIZE);
                add(serialize, table, at[1], at[2], CREATE);
                add(serialize, table, at[0], at[1], SERIALIZE);
            }
            if (serializeAfterCreate) {
                serialize.add(new Dependency(PackageIndex.ofExport(i), CREATE));
            }
            deps.add(create);
            deps.add(serialize);
        }
        return deps;
    }

    private static void add(List<Dependency> to, List<PackageIndex> table, int from, int end, int command) {
        for (int k = from; k < end; k++) {
            to.add(new Dependency(table.get(k), command));
        }
    }

    /**
     * The commands in priority order among those ready (a topological sort over the edges between
     * export commands); {@code createFirst}: each export's Create before its Serialize in the sort.
     */
    private static int[] sorted(List<List<Dependency>> deps, int n, boolean[] isPublic, boolean createFirst, String file) {
        // edges between export commands: dependency -> dependant, as a list of dependants per command
        int[] incoming = new int[2 * n];
        int[] outgoing = new int[2 * n + 1];
        for (int node = 0; node < 2 * n; node++) {
            for (Dependency d : deps.get(node)) {
                if (!d.index().isExport()) {
                    continue;
                }
                if (d.index().exportIndex() >= n) {
                    throw new ZenWriteException("Export " + node / 2 + " depends on export " + d.index().exportIndex()
                            + " of " + n, file, "PreloadDependencies");
                }
                outgoing[d.index().exportIndex() * 2 + d.command()]++;
                incoming[node]++;
            }
        }
        for (int i = 0; createFirst && i < n; i++) {
            // an export is created before it is serialized, whether or not its dependencies say so
            outgoing[2 * i]++;
            incoming[2 * i + 1]++;
        }
        int[] first = new int[2 * n + 1];
        for (int k = 0; k < 2 * n; k++) {
            first[k + 1] = first[k] + outgoing[k];
        }
        int[] fill = Arrays.copyOf(first, 2 * n);
        int[] dependants = new int[first[2 * n]];
        for (int i = 0; createFirst && i < n; i++) {
            dependants[fill[2 * i]++] = 2 * i + 1;
        }
        for (int node = 0; node < 2 * n; node++) {
            for (Dependency d : deps.get(node)) {
                if (d.index().isExport()) {
                    dependants[fill[d.index().exportIndex() * 2 + d.command()]++] = node;
                }
            }
        }
        // ready commands by key (public exports first, then Create before Serialize, then export index):
        // a total order on the commands, so the order popped is that of the comparator it encodes
        IntHeap ready = new IntHeap(2 * n);
        for (int node = 0; node < 2 * n; node++) {
            if (incoming[node] == 0) {
                ready.add(key(node, isPublic));
            }
        }
        int[] order = new int[2 * n];
        int done = 0;
        while (!ready.isEmpty()) {
            int k = ready.poll();
            int node = ((k & ((1 << 29) - 1)) << 1) | ((k >>> 29) & 1);
            order[done++] = node;
            for (int e = first[node]; e < first[node + 1]; e++) {
                int to = dependants[e];
                if (--incoming[to] == 0) {
                    ready.add(key(to, isPublic));
                }
            }
        }
        if (done != 2 * n) {
            throw new ZenWriteException("The preload dependencies of " + (2 * n - done)
                    + " export commands form a cycle; no load order exists", file, "PreloadDependencies");
        }
        return order;
    }

    /** The sort key of export command {@code node} (export * 2 + command) among the ready commands. */
    private static int key(int node, boolean[] isPublic) {
        return (isPublic[node >> 1] ? 0 : 1 << 30) | ((node & 1) << 29) | (node >> 1);
    }

    /** A binary min-heap of non-negative ints. */
    private static final class IntHeap {
        private final int[] heap;
        private int size;

        IntHeap(int capacity) {
            heap = new int[Math.max(1, capacity)];
        }

        boolean isEmpty() {
            return size == 0;
        }

        void add(int v) {
            int i = size++;
            while (i > 0) {
                int parent = (i - 1) >>> 1;
                if (heap[parent] <= v) {
                    break;
                }
                heap[i] = heap[parent];
                i = parent;
            }
            heap[i] = v;
        }

        int poll() {
            int top = heap[0];
            int last = heap[--size];
            int i = 0;
            while (true) {
                int child = 2 * i + 1;
                if (child >= size) {
                    break;
                }
                if (child + 1 < size && heap[child + 1] < heap[child]) {
                    child++;
                }
                if (heap[child] >= last) {
                    break;
                }
                heap[i] = heap[child];
                i = child;
            }
            heap[i] = last;
            return top;
        }
    }

    /**
     * The UE4.26/4.27 cooker's order: exports in index order, each Create then Serialize, every
     * command placed after the export commands it depends on (depth first, in dependency order).
     */
    private static int[] depthFirst(LoadOrder o, String file) {
        int total = o.dependencies.size();
        int[] out = new int[total];
        byte[] state = new byte[total];
        int[] done = {0};
        for (int node = 0; node < total; node++) {
            visit(o, node, state, out, done, file);
        }
        return out;
    }

    private static void visit(LoadOrder o, int start, byte[] state, int[] out, int[] done, String file) {
        if (state[start] != 0) {
            return;
        }
        // iterative depth-first post-order: a frame is a node and the next dependency to look at
        ArrayDeque<int[]> stack = new ArrayDeque<>();
        stack.push(new int[] {start, 0});
        state[start] = 1;
        while (!stack.isEmpty()) {
            int[] f = stack.peek();
            List<Dependency> deps = o.dependencies.get(f[0]);
            if (f[1] < deps.size()) {
                Dependency d = deps.get(f[1]++);
                if (!d.index().isExport()) {
                    continue;
                }
                int to = d.index().exportIndex() * 2 + d.command();
                if (state[to] == 1 && to != f[0]) {
                    throw new ZenWriteException("The preload dependencies of export " + (f[0] >> 1)
                            + " form a cycle; no load order exists", file, "PreloadDependencies");
                }
                if (state[to] == 0) {
                    state[to] = 1;
                    stack.push(new int[] {to, 0});
                }
            } else {
                stack.pop();
                state[f[0]] = 2;
                out[done[0]++] = f[0];
            }
        }
    }

    List<Dependency> of(int export, int command) {
        return dependencies.get(export * 2 + command);
    }
}
