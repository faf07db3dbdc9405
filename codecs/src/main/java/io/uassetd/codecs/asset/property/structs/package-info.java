/**
 * Native structs serialized without property tags (Vector, Rotator, Guid, Color, SoftObjectPath...)
 * and their field layouts per version.
 *
 * <p>On-disk structures owned: The binary layouts of Unreal's native (immutable) structs.
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.usmap, codecs.asset, codecs.asset.core,
 * codecs.asset.version, codecs.asset.archive, codecs.asset.property (the model),
 * codecs.asset.property.types.
 */
package io.uassetd.codecs.asset.property.structs;
