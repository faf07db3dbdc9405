/**
 * The benchmarks run by {@code ./bench}: each measures against a baseline in the same run and writes a
 * table and {@code bench-results/<name>.json}.
 *
 * <p>On-disk structures owned: None.
 *
 * <p>May depend on: codecs, the packaged daemon, peer tools.
 */
package io.uassetd.bench;
