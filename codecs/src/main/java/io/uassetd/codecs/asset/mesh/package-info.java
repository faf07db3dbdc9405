/**
 * SkeletalMesh and StaticMesh data after the export properties, one record per on-disk structure
 * with its read and write side by side (FStripDataFlags, FBoxSphereBounds, FSkeletalMaterial,
 * FMeshUVChannelInfo, FGameplayTagContainer, FMeshBoneInfo, FReferenceSkeleton, the static mesh
 * header and first-LOD sections), and {@link io.uassetd.codecs.asset.mesh.MeshInfo}, what a mesh
 * package says about its materials, bones, LODs and sockets.
 *
 * <pre>{@code
 * MeshInfo m = MeshInfo.read(pkg, usmapOrNull, GameProfile.of("marvel_rivals").mesh());
 * m.materials();  m.bones();  m.lodCount();
 * }</pre>
 *
 * <p>Game-specific layouts are {@link io.uassetd.codecs.asset.mesh.MeshProfile}s (Marvel Rivals adds
 * an FGameplayTagContainer after each FSkeletalMaterial); engine-version differences follow the
 * package's custom versions.
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.usmap, codecs.asset, codecs.asset.core,
 * codecs.asset.version, codecs.asset.archive, codecs.asset.property.*.
 */
package io.uassetd.codecs.asset.mesh;
