/**
 * The package archive: {@code PackageReader} and {@code PackageWriter}, little-endian readers and
 * writers that carry the package's versions and editor-only filter and read the core types (FName,
 * FString, FGuid, FPackageIndex) in the package's encoding.
 *
 * <p>On-disk structures owned: No on-disk structure of its own; every legacy package structure is read
 * through it.
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.asset.core, codecs.asset.version.
 */
package io.uassetd.codecs.asset.archive;
