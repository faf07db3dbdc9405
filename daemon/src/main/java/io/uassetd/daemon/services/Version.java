package io.uassetd.daemon.services;

/** The build's version, from the jar manifest (or "dev" when run from classes). */
public final class Version {
    public static final String VERSION = detect();

    private Version() {
    }

    private static String detect() {
        String v = Version.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
