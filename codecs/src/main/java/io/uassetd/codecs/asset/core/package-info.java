/**
 * Core serialized types of Unreal packages as immutable values: FName, FGuid, FPackageIndex,
 * FEngineVersion, FGenerationInfo, FCompressedChunk; each reads and writes itself through the
 * {@code ByteReader}/{@code ByteWriter} of codecs.io (FString, shared with the pak and IoStore
 * indexes, lives in codecs.io).
 *
 * <p>On-disk structures owned: The byte layouts of those types.
 *
 * <p>May depend on: codecs.error, codecs.io.
 */
package io.uassetd.codecs.asset.core;
