/**
 * Opening packages as a request asks: {@code PackageOpener} takes the input (a legacy .uasset/.umap
 * with its .uexp, a package in UAssetAPI's JSON, or a Zen package), the engine (named, else from the package, the
 * mappings' versions or a probe) and the mappings (named, else the environment's, read only for
 * packages that need them), and returns the package with how it was read ({@code Opened}: engine,
 * engine source, candidates, mappings used). {@code BundleEngines} finds the engine of a bundle's
 * inputs the same way. Wrong inputs (absent, a folder, a .uexp for its .uasset) are
 * {@code InputFileException}s that say so.
 *
 * <p>On-disk structures owned: None.
 *
 * <p>May depend on: codecs.asset, codecs.asset.version, codecs.asset.json, codecs.zen, codecs.bundle, codecs.game,
 * codecs.iostore, codecs.usmap, codecs.error (and Jackson for the JSON tree).
 */
package io.uassetd.codecs.open;
