package io.uassetd.nativelib.oodle;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.List;

/**
 * Where to look for the Oodle library, in the order the loader tries them: an explicit path (a
 * file, or a folder to search by standard name), the value of {@code UASSETD_OODLE}, the value of
 * the system property {@code uassetd.oodle}, the folder of the running jar, the working folder,
 * then the system library path. Any of them may be absent (null, or false for the system path).
 *
 * @param explicit      the path given through the API (the daemon's {@code --oodle PATH})
 * @param environment   the value of {@code UASSETD_OODLE}
 * @param property      the value of {@code uassetd.oodle}
 * @param jarFolder     the folder holding the running jar
 * @param workingFolder the working folder
 * @param names         library file names to try in folders and on the system path, most usual first
 * @param systemPath    whether to ask the platform loader for {@code names} last
 */
public record OodleSearch(Path explicit, String environment, String property, Path jarFolder,
        Path workingFolder, List<String> names, boolean systemPath) {
    /** The environment variable naming the library file (or a folder holding it). */
    public static final String ENV = "UASSETD_OODLE";
    /** The system property naming the library file (or a folder holding it). */
    public static final String PROPERTY = "uassetd.oodle";

    public OodleSearch {
        names = List.copyOf(names);
        if (names.isEmpty()) {
            throw new IllegalArgumentException("No library file names to search for");
        }
        environment = blankToNull(environment);
        property = blankToNull(property);
    }

    /** This process's places: its environment, system properties, jar, working folder and platform. */
    public static OodleSearch forProcess(Path explicitOrNull) {
        return new OodleSearch(explicitOrNull, System.getenv(ENV), System.getProperty(PROPERTY),
                jarFolderOf(OodleSearch.class), Path.of("").toAbsolutePath(),
                OodleNames.forCurrentPlatform(), true);
    }

    /** Nowhere at all; add places with the {@code with...} methods. */
    public static OodleSearch nowhere(List<String> names) {
        return new OodleSearch(null, null, null, null, null, names, false);
    }

    public OodleSearch withExplicit(Path path) {
        return new OodleSearch(path, environment, property, jarFolder, workingFolder, names, systemPath);
    }

    public OodleSearch withEnvironment(String value) {
        return new OodleSearch(explicit, value, property, jarFolder, workingFolder, names, systemPath);
    }

    public OodleSearch withProperty(String value) {
        return new OodleSearch(explicit, environment, value, jarFolder, workingFolder, names, systemPath);
    }

    public OodleSearch withFolders(Path jar, Path working) {
        return new OodleSearch(explicit, environment, property, jar, working, names, systemPath);
    }

    public OodleSearch withSystemPath(boolean enabled) {
        return new OodleSearch(explicit, environment, property, jarFolder, workingFolder, names, enabled);
    }

    /** The folder of the jar {@code type} was loaded from, or null when it was not loaded from a jar file. */
    static Path jarFolderOf(Class<?> type) {
        try {
            CodeSource cs = type.getProtectionDomain().getCodeSource();
            if (cs == null || cs.getLocation() == null || !"file".equals(cs.getLocation().getProtocol())) {
                return null;
            }
            Path p = Path.of(cs.getLocation().toURI());
            return Files.isRegularFile(p) ? p.toAbsolutePath().getParent() : null;
        } catch (URISyntaxException | IllegalArgumentException | SecurityException e) {
            return null;
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }
}
