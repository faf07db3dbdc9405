/**
 * What every handler shares ({@code Services}: codecs, resource cache, compute pool, environment, log)
 * and the build's {@code Version}; a package of its own so that handlers do not depend on the package
 * that bootstraps them.
 *
 * <p>On-disk structures owned: None.
 *
 * <p>May depend on: daemon.cache, codecs.*.
 */
package io.uassetd.daemon.services;
