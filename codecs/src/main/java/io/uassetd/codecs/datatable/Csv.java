package io.uassetd.codecs.datatable;

import java.util.ArrayList;
import java.util.List;

/**
 * The CSV text the editor's DataTable export writes and its importer reads: fields separated by
 * commas, a field in double quotes may hold commas, line breaks and doubled quotes; lines end with
 * LF or CRLF. Reading keeps each line's number for error messages.
 */
final class Csv {
    /** One line of cells and the (1-based) line it starts on. */
    record Line(int number, List<String> cells) {
    }

    private Csv() {
    }

    /** The lines of a CSV text (a UTF-8 BOM and empty lines ignored). */
    static List<Line> read(String text, String file) {
        List<Line> out = new ArrayList<>();
        int i = text.startsWith("\uFEFF") ? 1 : 0;
        int line = 1;
        int n = text.length();
        while (i < n) {
            int start = line;
            List<String> cells = new ArrayList<>();
            StringBuilder cell = new StringBuilder();
            boolean any = false;
            while (true) {
                if (i < n && text.charAt(i) == '"') {
                    any = true;
                    i++;
                    while (true) {
                        if (i >= n) {
                            throw new CsvFormatException("Unterminated quoted field", file, "CSV line " + start, true);
                        }
                        char c = text.charAt(i++);
                        if (c == '"') {
                            if (i < n && text.charAt(i) == '"') {
                                cell.append('"');
                                i++;
                            } else {
                                break;
                            }
                        } else {
                            if (c == '\n') {
                                line++;
                            }
                            cell.append(c);
                        }
                    }
                }
                while (i < n && text.charAt(i) != ',' && text.charAt(i) != '\n' && text.charAt(i) != '\r') {
                    cell.append(text.charAt(i++));
                    any = true;
                }
                cells.add(cell.toString());
                cell.setLength(0);
                if (i < n && text.charAt(i) == ',') {
                    i++;
                    any = true;
                    continue;
                }
                break;
            }
            if (i < n && text.charAt(i) == '\r') {
                i++;
            }
            if (i < n && text.charAt(i) == '\n') {
                i++;
            }
            if (any) {
                out.add(new Line(start, cells));
            }
            line++;
        }
        return out;
    }

    /** A cell in the export's quoting: always in double quotes, quotes doubled. */
    static String quote(String value) {
        return '"' + value.replace("\"", "\"\"") + '"';
    }
}
