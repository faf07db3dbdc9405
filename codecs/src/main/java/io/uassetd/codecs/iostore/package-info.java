/**
 * IoStore containers (.utoc + .ucas): reading every TOC version (1 Initial to 8
 * ReplaceIoChunkHashWithIoHash), writing TOCs byte for byte, container headers, the script-objects
 * database and a package store over many containers.
 *
 * <h2>Entry points (what the daemon calls)</h2>
 * <ul>
 * <li>Open: {@link io.uassetd.codecs.iostore.IoStoreContainer#open(java.nio.file.Path,
 * io.uassetd.codecs.iostore.ContainerKeys, io.uassetd.codecs.compression.Codecs)} with
 * {@code ContainerKeys.of(AesKey.parse(aes_key))} or {@code ContainerKeys.none()}. AutoCloseable;
 * thread-safe for reads. A wrong key throws {@code WrongKeyException} at open (indexed containers);
 * no key leaves an encrypted container listable by chunk but not by file.</li>
 * <li>list_iostore_files: {@code files()} -> {@link io.uassetd.codecs.iostore.IoStoreFile} (path with
 * mount point, chunk index/id, size, compressed size); {@code name()}, {@code packageChunkCount()}.</li>
 * <li>is_iostore_compressed / is_iostore_encrypted: {@code isCompressed()}, {@code isEncrypted()}.</li>
 * <li>extract_iostore: {@code extractFiles(outputDir, filter, monitor)} ->
 * {@link io.uassetd.codecs.iostore.ExtractResult}; single chunks: {@code readChunk},
 * {@code readChunk(i, buf, off)}, {@code readChunkRange}, {@code copyChunk(i, OutputStream, monitor)},
 * {@code extractChunk(i, Path, monitor)} (atomic).</li>
 * <li>inspect_iostore: {@code summary()} -> {@link io.uassetd.codecs.iostore.ContainerSummary}.</li>
 * <li>Lookup: {@code find(IoChunkId)} (perfect hash), {@code IoChunkId.packageData(packageId)},
 * {@code containerHeader()}, {@code verifyChunk(i)} (BLAKE3).</li>
 * <li>A Paks folder plus mods: {@link io.uassetd.codecs.iostore.PackageStore} (priority order in its
 * Javadoc); its {@code scriptObjects()}.</li>
 * <li>extract_script_objects: {@link io.uassetd.codecs.iostore.ScriptObjectsChunk#extractToFile}.</li>
 * <li>New containers: {@link io.uassetd.codecs.iostore.IoStoreWriter}; TOC only:
 * {@link io.uassetd.codecs.iostore.toc.TocWriter}; mod bundles (container + companion pak):
 * {@code io.uassetd.codecs.bundle}.</li>
 * </ul>
 * Every format error is a {@code FormatException} naming file, offset and structure.
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.task, codecs.hash, codecs.crypto, codecs.compression,
 * codecs.iostore.*.
 */
package io.uassetd.codecs.iostore;
