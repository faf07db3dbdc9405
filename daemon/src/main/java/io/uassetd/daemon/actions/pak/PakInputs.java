package io.uassetd.daemon.actions.pak;

import io.uassetd.codecs.pak.PakSource;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.Args;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns {@code file_paths} / {@code input_dir} / {@code base_path} (the requests' fields) into pak entries: files keep
 * the order given, a folder adds its files in sorted path order; entry names are relative to
 * {@code base_path} when given, else to the folder given, else the file name.
 */
final class PakInputs {
    private PakInputs() {
    }

    /** An input file, the name it gets in the archive and its size when the folder walk read it (else -1). */
    record Input(String name, Path file, long size) {
        Input(String name, Path file) {
            this(name, file, -1);
        }
    }

    /**
     * The inputs; a folder's {@code *.bak} files (the backups in-place edits leave beside a
     * package) are left out and said in {@code warnings}: a backup never goes into a mod pak. A
     * .bak file named on its own is packed.
     */
    static List<Input> collect(List<String> filePaths, Path inputDir, Path base, ActionContext ctx) throws IOException {
        List<Path> given = new ArrayList<>();
        for (String s : filePaths) {
            given.add(Args.toPath("file_paths", s));
        }
        if (inputDir != null) {
            given.add(inputDir);
        }
        if (given.isEmpty()) {
            throw ActionException.invalid("Nothing to pack: give file_paths (files or folders) or input_dir");
        }
        Map<String, Input> byName = new LinkedHashMap<>();
        for (Path p : given) {
            if (Files.isDirectory(p)) {
                // each file's relative name is made once, not in every comparison of the sort
                List<Map.Entry<String, Input>> files = walk(p);
                List<String> backups = new ArrayList<>();
                for (Map.Entry<String, Input> rf : files) {
                    Path f = rf.getValue().file();
                    String name = base != null ? relUnder(base, f) : rf.getKey();
                    if (f.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".bak")) {
                        backups.add(name);
                        continue;
                    }
                    add(byName, new Input(name, f, rf.getValue().size()));
                }
                if (!backups.isEmpty()) {
                    ctx.warn("Left out " + backups.size() + " backup file" + (backups.size() == 1 ? "" : "s") + " (*.bak) of " + p + ": "
                            + String.join(", ", backups.size() <= 10 ? backups : backups.subList(0, 10)) + (backups.size() > 10 ? ", ..." : ""));
                }
            } else if (Files.isRegularFile(p)) {
                add(byName, new Input(base != null ? relUnder(base, p) : p.getFileName().toString(), p));
            } else {
                throw ActionException.notFound("Input not found: " + p, p.toString());
            }
        }
        return List.copyOf(byName.values());
    }

    /**
     * The regular files under {@code root} (and symbolic links to them; links to folders are not
     * followed), by path relative to it, sorted, with the sizes the walk read: one {@code stat} per
     * file instead of three.
     */
    private static List<Map.Entry<String, Input>> walk(Path root) throws IOException {
        List<Map.Entry<String, Input>> files = new ArrayList<>();
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) throws IOException {
                if (attrs.isRegularFile()) {
                    files.add(Map.entry(rel(root, f), new Input(null, f, attrs.size())));
                } else if (attrs.isSymbolicLink() && Files.isRegularFile(f)) {
                    files.add(Map.entry(rel(root, f), new Input(null, f, -1)));
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path f, IOException e) throws IOException {
                throw e;
            }
        });
        files.sort(Map.Entry.comparingByKey());
        return files;
    }

    private static void add(Map<String, Input> byName, Input in) {
        Input prev = byName.putIfAbsent(in.name(), in);
        if (prev != null && !prev.file().equals(in.file())) {
            throw ActionException.invalid("Two inputs map to the same entry '" + in.name() + "': " + prev.file() + " and " + in.file());
        }
    }

    private static String rel(Path root, Path f) {
        return root.relativize(f).toString().replace('\\', '/');
    }

    private static String relUnder(Path base, Path f) {
        Path b = base.toAbsolutePath().normalize();
        Path a = f.toAbsolutePath().normalize();
        if (!a.startsWith(b)) {
            throw ActionException.invalid("Input " + f + " is not under base_path " + base);
        }
        return rel(b, a);
    }

    static List<PakSource> sources(List<Input> inputs) {
        List<PakSource> out = new ArrayList<>();
        for (Input in : inputs) {
            try {
                out.add(in.size() >= 0 ? PakSource.file(in.name(), in.file(), in.size()) : PakSource.file(in.name(), in.file()));
            } catch (IllegalArgumentException e) {
                throw ActionException.invalid(e.getMessage());
            }
        }
        return out;
    }
}
