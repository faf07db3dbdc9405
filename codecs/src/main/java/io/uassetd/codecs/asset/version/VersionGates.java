package io.uassetd.codecs.asset.version;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Records which version gates ({@link PackageVersion#atLeast}, {@link PackageVersion#isUE5}; for
 * unversioned packages also the custom-version gates, {@link CustomVersionGate}) a read
 * or write consulted on the current thread. Detection reads a package under one release and then
 * knows that every release answering those gates the same way reads (and writes) it identically, so
 * only releases that differ at a consulted gate need a read of their own. Readers do not see this;
 * it costs one volatile read per gate when nothing records.
 */
public final class VersionGates {
    private static final ThreadLocal<Set<Enum<?>>> LOG = new ThreadLocal<>();
    private static volatile int active;

    private VersionGates() {
    }

    /** A recording on this thread; close it to stop. */
    public static final class Recording implements AutoCloseable {
        private final Set<Enum<?>> gates = new LinkedHashSet<>();
        private final Set<Enum<?>> outer;

        private Recording() {
            outer = LOG.get();
            LOG.set(gates);
            synchronized (VersionGates.class) {
                active++;
            }
        }

        /** The gates consulted so far: {@link ObjectVersion}, {@link ObjectVersionUE5} and {@link CustomVersionGate} values. */
        public Set<Enum<?>> gates() {
            return gates;
        }

        @Override
        public void close() {
            LOG.set(outer);
            if (outer != null) {
                outer.addAll(gates);
            }
            synchronized (VersionGates.class) {
                active--;
            }
        }
    }

    /** Starts recording the gates consulted on this thread (nested recordings also feed the outer one). */
    public static Recording record() {
        return new Recording();
    }

    static void consulted(Enum<?> gate) {
        if (active > 0) {
            Set<Enum<?>> s = LOG.get();
            if (s != null) {
                s.add(gate);
            }
        }
    }

    /** Whether {@code a} and {@code b} answer every gate in {@code gates} the same way. */
    public static boolean sameAt(Set<Enum<?>> gates, PackageVersion a, PackageVersion b) {
        for (Enum<?> g : gates) {
            boolean x;
            boolean y;
            if (g instanceof ObjectVersion v) {
                x = a.fileVersionUE4() >= v.value();
                y = b.fileVersionUE4() >= v.value();
            } else if (g instanceof ObjectVersionUE5 v) {
                x = a.fileVersionUE5() >= v.value();
                y = b.fileVersionUE5() >= v.value();
            } else if (g instanceof CustomVersionGate v) {
                x = a.passes(v);
                y = b.passes(v);
            } else {
                return false;
            }
            if (x != y) {
                return false;
            }
        }
        return true;
    }
}
