/**
 * NiagaraSystem data interfaces over the property model: the curve interfaces with their baked
 * ShaderLUT (ColorCurve RGBA, VectorCurve XYZ, Vector2DCurve XY, Vector4Curve, Curve) and the array
 * interfaces (ArrayColor, ArrayFloat, ArrayFloat3, ArrayFloat4, ArrayInt32), colour edits on them,
 * and PNG previews of colour LUTs.
 *
 * <pre>{@code
 * NiagaraSystemAsset ns = NiagaraSystemAsset.open(pkg, usmapOrNull);    // parses the interface exports only
 * NiagaraDataInterface glow = ns.at(5);                                   // entryCount(), value(i), emitter()
 * NiagaraColorEditor.apply(ns, new ColorEdit(0, 10, 0, 1, 5, null, null, 2, 4, true, true, true, false));
 * pkg.write(out);                                                         // only the changed floats differ
 * }</pre>
 *
 * <p>A request that does not fit the asset (not a NiagaraSystem, an export that is not such an
 * interface, an index outside the values) is a {@link io.uassetd.codecs.asset.niagara.NiagaraException},
 * raised before anything changes.
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.usmap, codecs.asset, codecs.asset.core,
 * codecs.asset.version, codecs.asset.archive, codecs.asset.property.*.
 */
package io.uassetd.codecs.asset.niagara;
