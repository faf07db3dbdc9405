package io.uassetd.daemon.actions.core;

import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.io.MemoryBudget;
import io.uassetd.daemon.services.Services;
import io.uassetd.daemon.services.Version;
import io.uassetd.daemon.action.ActionContext;
import java.util.List;

/** {@code version}: the tool's version, the Java runtime, compression methods and the Oodle backend. */
public final class VersionAction extends TypedAction<VersionAction.Request, VersionAction.VersionInfo> {
    /** No fields. */
    public record Request() {
    }

    public VersionAction() {
        super("version", "Tool version, Java version, available compression methods and whether native Oodle is loaded", "version");
    }

    /** The reply data of {@code version}. */
    public record VersionInfo(String version, String java_version, String java_vm, String os,
                              List<Codecs.MethodInfo> compression_methods, boolean oodle_native, String oodle_backend,
                              String oodle_detail, long heap_max_mb, long decode_budget_mb, String collector) {
    }

    @Override
    protected Done<VersionInfo> run(Request r, ActionContext ctx) {
        Services s = ctx.services();
        VersionInfo v = new VersionInfo(Version.VERSION, System.getProperty("java.version"),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"),
                System.getProperty("os.name") + " " + System.getProperty("os.arch"),
                s.codecs().describe(), s.oodle().nativeLoaded(), s.oodle().backend(), s.oodle().detail(),
                Runtime.getRuntime().maxMemory() >> 20, MemoryBudget.limit() >> 20, collector());
        return Done.of("uassetd " + Version.VERSION, v);
    }

    /**
     * The JVM's garbage collector, by the family its collectors belong to: {@code Serial}, {@code Parallel}, {@code G1},
     * {@code Z} or {@code Shenandoah} (the launcher's choice: docs/server.md "Memory"); the collectors' own names otherwise.
     */
    static String collector() {
        List<String> names = java.lang.management.ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(java.lang.management.GarbageCollectorMXBean::getName).toList();
        String all = String.join(", ", names);
        if (names.contains("Copy") || names.contains("MarkSweepCompact")) {
            return "Serial";
        }
        if (all.startsWith("PS ")) {
            return "Parallel";
        }
        if (all.startsWith("G1 ")) {
            return "G1";
        }
        if (all.startsWith("ZGC")) {
            return "Z";
        }
        if (all.startsWith("Shenandoah")) {
            return "Shenandoah";
        }
        return all;
    }

    @Override
    protected String human(VersionInfo v) {
        StringBuilder sb = new StringBuilder();
        sb.append("uassetd ").append(v.version()).append('\n');
        sb.append("java: ").append(v.java_version()).append(" (").append(v.java_vm()).append(")\n");
        sb.append("os: ").append(v.os()).append('\n');
        sb.append("oodle: ").append(v.oodle_backend()).append(v.oodle_native() ? " (native)" : "").append('\n');
        if (v.oodle_detail() != null) {
            sb.append("  ").append(v.oodle_detail().replace("\n", "\n  ")).append('\n');
        }
        sb.append("memory: heap up to ").append(v.heap_max_mb()).append(" MiB, one decode up to ").append(v.decode_budget_mb())
                .append(" MiB, collector ").append(v.collector()).append('\n');
        sb.append("compression methods:\n");
        for (Codecs.MethodInfo m : v.compression_methods()) {
            sb.append(String.format("  %-6s decompress=%-5s compress=%-5s %s%n", m.name(), m.decompress(), m.compress(), m.backend()));
        }
        return sb.toString();
    }
}
