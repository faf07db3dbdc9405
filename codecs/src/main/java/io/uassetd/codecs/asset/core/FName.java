package io.uassetd.codecs.asset.core;

/**
 * FName as a package stores it, 8 bytes: an index into the package's name map and a number. Number
 * 0 means no suffix; number N renders as {@code Name_(N-1)}.
 */
public record FName(int index, int number) {

    /** The display form for a base string: {@code base} or {@code base_(number-1)}. */
    public static String render(String base, int number) {
        return number == 0 ? base : base + "_" + Integer.toUnsignedString(number - 1);
    }
}
