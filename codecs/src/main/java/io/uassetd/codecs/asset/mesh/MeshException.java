package io.uassetd.codecs.asset.mesh;

/** A mesh request that does not fit the package (e.g. it holds no SkeletalMesh or StaticMesh). */
public final class MeshException extends RuntimeException {
    public MeshException(String message) {
        super(message);
    }
}
