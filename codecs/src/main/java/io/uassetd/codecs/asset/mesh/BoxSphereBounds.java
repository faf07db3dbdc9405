package io.uassetd.codecs.asset.mesh;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;

/**
 * FBoxSphereBounds: origin, box extent, sphere radius; doubles in large-world-coordinate packages
 * (56 bytes), floats before (28 bytes). Values are kept as their exact bits.
 */
public record BoxSphereBounds(long[] bits, boolean doubles) {
    public static BoxSphereBounds read(PackageReader r, boolean doubles) {
        long[] b = new long[7];
        for (int i = 0; i < 7; i++) {
            b[i] = doubles ? r.readI64() : r.readI32();
        }
        return new BoxSphereBounds(b, doubles);
    }

    public void write(PackageWriter w) {
        for (long b : bits) {
            if (doubles) {
                w.writeI64(b);
            } else {
                w.writeI32((int) b);
            }
        }
    }

    private double value(int i) {
        return doubles ? Double.longBitsToDouble(bits[i]) : Float.intBitsToFloat((int) bits[i]);
    }

    public double[] origin() {
        return new double[] {value(0), value(1), value(2)};
    }

    public double[] boxExtent() {
        return new double[] {value(3), value(4), value(5)};
    }

    public double sphereRadius() {
        return value(6);
    }
}
