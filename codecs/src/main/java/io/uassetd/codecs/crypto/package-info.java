/**
 * AES-256 keys and ciphers and the encryption schemes games use (standard whole-block and Marvel
 * Rivals' partial scheme with its limits).
 *
 * <p>On-disk structures owned: Encrypted pak indexes and entries, encrypted IoStore blocks.
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.hash (and Bouncy Castle).
 */
package io.uassetd.codecs.crypto;
