/**
 * Opening packages as a request asks: {@code PackageOpener} takes the input (a legacy .uasset/.umap
 * with its .uexp, or a package in UAssetAPI's JSON), the engine (named, else from the package, the
 * mappings' versions or a probe) and the mappings (named, else the environment's, read only for
 * packages that need them), and returns the package with how it was read ({@code Opened}: engine,
 * engine source, candidates, mappings used). {@code BundleEngines} finds the engine of a bundle's
 * inputs the same way. Wrong inputs (absent, a folder, a .uexp for its .uasset) are
 * {@code InputFileException}s that say so.
 *
 * <p>On-disk structures owned: None.
 *
 * <p>May depend on: codecs.asset, codecs.asset.version, codecs.zen, codecs.bundle, codecs.usmap,
 * codecs.error.
 */
package io.uassetd.codecs.open;
