/**
 * Unreal pak archives, versions 1 to 12 read and 3 to 11 written.
 *
 * <p>Entry points for callers (the daemon's pak actions):
 * <ul>
 *   <li>{@code list_pak} / {@code list_pak_files}: {@link io.uassetd.codecs.pak.PakReader#open(java.nio.file.Path,
 *       io.uassetd.codecs.pak.PakReadOptions)} then {@link io.uassetd.codecs.pak.PakReader#info()} (mount point, version,
 *       encrypted index) and {@link io.uassetd.codecs.pak.PakReader#entries()} (path, size, compressed size,
 *       compressed, encrypted), filtered with {@link io.uassetd.codecs.io.PathFilter}.</li>
 *   <li>{@code extract_pak_file}: {@link io.uassetd.codecs.pak.PakReader#find(String)} and
 *       {@link io.uassetd.codecs.pak.PakReader#extractTo(io.uassetd.codecs.pak.PakEntry, java.nio.file.Path)}.</li>
 *   <li>{@code extract_pak_all}: {@link io.uassetd.codecs.pak.PakReader#extractAll(java.nio.file.Path,
 *       java.util.function.Predicate, io.uassetd.codecs.task.TaskMonitor)}.</li>
 *   <li>{@code create_pak}: {@link io.uassetd.codecs.pak.PakWriter#write(java.nio.file.Path, java.util.List,
 *       io.uassetd.codecs.task.TaskMonitor)} with {@link io.uassetd.codecs.pak.PakSource#files} and
 *       {@link io.uassetd.codecs.pak.PakWriteOptions}.</li>
 *   <li>{@code create_companion_pak}: {@link io.uassetd.codecs.pak.CompanionPak#write}.</li>
 *   <li>verification: {@link io.uassetd.codecs.pak.PakReader#verify} / {@code verifyAll}.</li>
 * </ul>
 * Keys: {@link io.uassetd.codecs.crypto.AesKey#parse(String)}; the encryption scheme (standard or
 * Marvel Rivals) is the caller's choice ({@link io.uassetd.codecs.crypto.EncryptionScheme}).
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.task, codecs.hash, codecs.crypto, codecs.compression.
 */
package io.uassetd.codecs.pak;
