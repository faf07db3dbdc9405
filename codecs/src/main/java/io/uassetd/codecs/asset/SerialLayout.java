package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.error.CorruptDataException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Recomputes every export's SerialSize and SerialOffset from where its data really lies, for a
 * package whose export map went stale (a hand edit of the .uexp, a tool that forgot the sizes):
 * UAssetTool's fix_serialize_size.
 *
 * <p>Export data is contiguous in serial-offset order and ends where the bulk data starts, or at the
 * package tag. The offsets are taken as they are and each size becomes the distance to the next
 * export (the last one's to the end of the export data). When the data is longer or shorter than
 * the export map says (the last export's recorded end is not the end of the data, by D bytes), an
 * export grew or shrank: the first export (in offset order) whose data does not read at its
 * recorded offset but reads D bytes further is where the following exports moved, as the
 * {@link Probe} (in practice: its properties parse) decides; without such evidence the last export
 * takes the difference. An intact package changes in nothing.
 */
public final class SerialLayout {
    /** Whether bytes placed as an export read as that export (e.g. its properties parse). */
    @FunctionalInterface
    public interface Probe {
        boolean reads(AssetPackage pkg, Export candidate);
    }

    /** One export whose size or offset changed. */
    public record Fix(int exportIndex, String exportName, long oldSize, long newSize, long oldOffset, long newOffset) {
        /** New size minus old size. */
        public long difference() {
            return newSize - oldSize;
        }
    }

    /** The repaired package (its writer writes the new sizes and offsets) and what changed. */
    public record Result(AssetPackage pkg, List<Fix> fixes) {
        public Result {
            fixes = List.copyOf(fixes);
        }
    }

    private SerialLayout() {
    }

    /**
     * Reads the package placing the exports where their data lies. Throws a
     * {@link io.uassetd.codecs.error.FormatException} when the header itself cannot be read or an
     * export offset lies outside the export data.
     */
    public static Result repair(byte[] header, byte[] uexp, String fileName, EngineVersion engine, Probe probe) {
        List<ObjectExport> stated = new ArrayList<>();
        long[] dataEnd = new long[1];
        AssetPackage byOffsets = PackageParser.parse(header, uexp, fileName, engine, (s, entries, total) -> {
            stated.addAll(entries);
            dataEnd[0] = dataEnd(s, entries, total);
            return new PackageParser.Placed(place(entries, dataEnd[0], -1, 0, fileName), movedBulk(s, entries, dataEnd[0]));
        });
        int shiftFrom = -1;
        long shift = 0;
        if (!stated.isEmpty() && probe != null) {
            Integer[] order = offsetOrder(stated);
            ObjectExport last = stated.get(order[order.length - 1]);
            long d = dataEnd[0] - (last.serialOffset() + last.serialSize());
            if (d != 0) {
                shiftFrom = movedFrom(byOffsets, header, uexp, order, d, dataEnd[0], probe);
                shift = shiftFrom < 0 ? 0 : d;
            }
        }
        AssetPackage pkg = byOffsets;
        if (shiftFrom >= 0) {
            int from = shiftFrom;
            long by = shift;
            pkg = PackageParser.parse(header, uexp, fileName, engine,
                    (s, entries, total) -> {
                        long end = dataEnd(s, entries, total);
                        return new PackageParser.Placed(place(entries, end, from, by, fileName), movedBulk(s, entries, end));
                    });
        }
        List<Fix> fixes = new ArrayList<>();
        for (int i = 0; i < stated.size(); i++) {
            ObjectExport was = stated.get(i);
            ObjectExport now = pkg.export(i).entry();
            if (was.serialSize() != now.serialSize() || was.serialOffset() != now.serialOffset()) {
                fixes.add(new Fix(i, pkg.name(now.objectName()), was.serialSize(), now.serialSize(), was.serialOffset(),
                        now.serialOffset()));
            }
        }
        return new Result(pkg, fixes);
    }

    /**
     * The bytes of the package repaired under {@code engine}, laid out as given: a header and its
     * .uexp, or one file when {@code uexp} is null (an editor package). For detecting the engine of a
     * package whose sizes are wrong ({@link PackageEngine#readPrepared}).
     */
    public static byte[][] repairedBytes(byte[] header, byte[] uexp, String fileName, EngineVersion engine, Probe probe) {
        AssetPackage.Bytes b = repair(header, uexp, fileName, engine, probe).pkg().toBytes();
        if (uexp != null || b.exports() == null || b.exports().length == 0) {
            return new byte[][] {b.header(), uexp == null ? null : b.exports()};
        }
        byte[] one = Arrays.copyOf(b.header(), b.header().length + b.exports().length);
        System.arraycopy(b.exports(), 0, one, b.header().length, b.exports().length);
        return new byte[][] {one, null};
    }

    /**
     * Where the export data ends. A cooked package (editor-only data filtered) keeps its bulk data
     * apart, so its export data runs to the package tag (or the payload TOC); a BulkDataStartOffset
     * that pointed at the recorded end of the exports is moved to the real end. An editor package's
     * export data ends at the bulk data, the payload TOC or the tag, whichever comes first.
     */
    private static long dataEnd(PackageFileSummary s, List<ObjectExport> entries, long total) {
        long lastOffset = entries.stream().mapToLong(ObjectExport::serialOffset).max().orElse(0);
        long end = Math.max(lastOffset, total - 4);
        long toc = s.payloadTocOffset();
        if (toc > lastOffset && toc < end) {
            end = toc;
        }
        if (!s.filterEditorOnly() && s.bulkDataStartOffset() >= lastOffset && s.bulkDataStartOffset() < end) {
            end = s.bulkDataStartOffset();
        }
        return end;
    }

    /** A cooked package's BulkDataStartOffset that pointed at the recorded end of the exports moves to the real end. */
    private static PackageFileSummary movedBulk(PackageFileSummary s, List<ObjectExport> entries, long end) {
        long statedEnd = entries.stream().mapToLong(e -> e.serialOffset() + e.serialSize()).max().orElse(0);
        return s.filterEditorOnly() && s.bulkDataStartOffset() == statedEnd ? s.withBulkDataStartOffset(end) : s;
    }

    private static Integer[] offsetOrder(List<ObjectExport> entries) {
        Integer[] order = new Integer[entries.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingLong((Integer i) -> entries.get(i).serialOffset()).thenComparing(i -> i));
        return order;
    }

    /**
     * The entries with offsets kept (those at and after position {@code shiftFrom} of the offset
     * order moved by {@code shift}) and each size running to the next export or the data end.
     */
    private static List<ObjectExport> place(List<ObjectExport> entries, long dataEnd, int shiftFrom, long shift, String file) {
        Integer[] order = offsetOrder(entries);
        long[] offsets = new long[order.length];
        for (int k = 0; k < order.length; k++) {
            offsets[k] = entries.get(order[k]).serialOffset() + (shiftFrom >= 0 && k >= shiftFrom ? shift : 0);
        }
        List<ObjectExport> out = new ArrayList<>(entries);
        for (int k = 0; k < order.length; k++) {
            long end = k + 1 < order.length ? offsets[k + 1] : dataEnd;
            if (end < offsets[k]) {
                throw new CorruptDataException("Export " + order[k] + " starts at " + offsets[k] + ", after the end of the export data ("
                        + end + ")", file, offsets[k], "ExportMap[" + order[k] + "]");
            }
            out.set(order[k], entries.get(order[k]).withSerial(end - offsets[k], offsets[k]));
        }
        return out;
    }

    /**
     * The position in offset order from which the exports moved by {@code d} bytes: the first export
     * that does not read at its offset but reads at offset + d; -1 when there is no such evidence.
     */
    private static int movedFrom(AssetPackage pkg, byte[] header, byte[] uexp, Integer[] order, long d, long dataEnd, Probe probe) {
        for (int k = 1; k < order.length; k++) {
            Export here = pkg.export(order[k]);
            if (probe.reads(pkg, here)) {
                continue;
            }
            long offset = here.entry().serialOffset() + d;
            long end = k + 1 < order.length ? pkg.export(order[k + 1]).entry().serialOffset() + d : dataEnd;
            if (offset < 0 || end < offset || end > (long) header.length + (uexp == null ? 0 : uexp.length)) {
                return -1;
            }
            Export moved = new Export(here.index(), here.entry().withSerial(end - offset, offset),
                    slice(header, uexp, offset, (int) (end - offset)));
            return probe.reads(pkg, moved) ? k : -1;
        }
        return -1;
    }

    private static byte[] slice(byte[] header, byte[] uexp, long start, int length) {
        byte[] out = new byte[length];
        for (int i = 0; i < length; i++) {
            long at = start + i;
            out[i] = at < header.length ? header[(int) at] : uexp[(int) (at - header.length)];
        }
        return out;
    }
}
