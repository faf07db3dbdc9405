/**
 * Zen to legacy conversion: {@link io.uassetd.codecs.zen.convert.ZenToLegacy#convert(io.uassetd.codecs.iostore.PackageStore, long, io.uassetd.codecs.asset.version.EngineVersion)}
 * for one package of a package store, {@code convertAll} for many with a task monitor and one
 * {@link io.uassetd.codecs.zen.convert.ConversionFailure} per package that fails. Every error is a
 * {@link io.uassetd.codecs.zen.convert.ZenConversionException} naming the package and, for imports,
 * the import, its export hash and the package it comes from.
 *
 * <p>What a Zen package does not keep, and the legacy output therefore cannot restore exactly: the
 * package GUID, the preload dependencies on script imports beyond class, template, outer and super,
 * bIsInheritedInstance, the data resource outers, the script serialization offsets of versioned
 * packages, the classes of imports from packages missing from the store, and (5.5+) the point where
 * the sorted name map tail starts, which is inferred. {@link io.uassetd.codecs.zen.convert.LegacyOutput#notes()}
 * lists what applies to a package.
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.task, codecs.hash, codecs.iostore.*, codecs.asset,
 * codecs.asset.core, codecs.asset.version, codecs.asset.archive, codecs.zen.
 */
package io.uassetd.codecs.zen.convert;
