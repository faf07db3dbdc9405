/**
 * Native structs serialized without property tags (Vector, Rotator, Guid, Color, SoftObjectPath...)
 * and their field layouts per version.
 *
 * <p>On-disk structures owned: The binary layouts of Unreal's native (immutable) structs.
 *
 * <p>May depend on: asset.core, asset.archive, asset.version.
 */
package io.uassetd.codecs.asset.property.structs;
