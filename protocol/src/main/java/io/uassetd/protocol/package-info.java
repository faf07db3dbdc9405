/**
 * The wire protocol: requests, replies, error codes and progress events as JSON lines, wire-compatible
 * with UAssetTool's interactive mode. Knows no format.
 *
 * <p>On-disk structures owned: None.
 *
 * <p>May depend on: nothing of ours (Jackson and the JDK).
 */
package io.uassetd.protocol;
