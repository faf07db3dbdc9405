package io.uassetd.codecs.iostore.header;

/**
 * One entry of a UE4 container header's culture package map: a source package and the package that
 * replaces it for the culture the map keys it under.
 */
public record CulturePackage(long sourcePackageId, long localizedPackageId) {
}
