package io.uassetd.codecs.asset.niagara;

/**
 * A Niagara request that does not fit the package: not a NiagaraSystem, an export that is not a
 * data interface, an index outside the values, a value of the wrong shape. Nothing has been written
 * when it is thrown.
 */
public final class NiagaraException extends RuntimeException {
    public NiagaraException(String message) {
        super(message);
    }
}
