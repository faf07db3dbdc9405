/**
 * Core serialized types of Unreal packages as immutable values: FName, FString (length-prefixed ANSI
 * or UTF-16), FGuid, FPackageIndex, FEngineVersion, FGenerationInfo, FCompressedChunk.
 *
 * <p>On-disk structures owned: The byte layouts of those types.
 *
 * <p>May depend on: asset.archive (to read and write themselves), codecs.error.
 */
package io.uassetd.codecs.asset.core;
