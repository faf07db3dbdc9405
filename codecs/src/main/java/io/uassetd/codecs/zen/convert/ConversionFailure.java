package io.uassetd.codecs.zen.convert;

/**
 * A package a bulk conversion could not convert.
 *
 * @param packageName the package path, or its id in hex when the header could not be read
 * @param message the error, naming the package and what failed
 */
public record ConversionFailure(long packageId, String packageName, String message) {
}
