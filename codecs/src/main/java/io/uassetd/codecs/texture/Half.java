package io.uassetd.codecs.texture;

/** IEEE 754 half-precision conversions (table-driven decode, round-to-nearest-even encode). */
public final class Half {
    private static final float[] TO_FLOAT = new float[65536];

    static {
        for (int h = 0; h < 65536; h++) {
            TO_FLOAT[h] = slowToFloat(h);
        }
    }

    private Half() {
    }

    /** The float value of the 16-bit half {@code h} (low 16 bits used). */
    public static float toFloat(int h) {
        return TO_FLOAT[h & 0xFFFF];
    }

    private static float slowToFloat(int h) {
        int s = h >> 15 & 1;
        int e = h >> 10 & 31;
        int m = h & 1023;
        float v;
        if (e == 0) {
            v = m * 0x1p-24f;
        } else if (e == 31) {
            v = m == 0 ? Float.POSITIVE_INFINITY : Float.NaN;
        } else {
            v = Float.intBitsToFloat((e + 112) << 23 | m << 13);
        }
        return s != 0 ? -v : v;
    }

    /** The half nearest to {@code f} (ties to even; overflow to infinity; NaN kept). */
    public static int fromFloat(float f) {
        int bits = Float.floatToRawIntBits(f);
        int sign = bits >>> 16 & 0x8000;
        int abs = bits & 0x7FFFFFFF;
        if (abs >= 0x7F800000) {
            return sign | (abs > 0x7F800000 ? 0x7E00 : 0x7C00);
        }
        if (abs >= 0x477FF000) { // rounds to >= 65520 -> infinity
            return sign | 0x7C00;
        }
        if (abs < 0x38800000) { // subnormal half
            if (abs < 0x33000000) {
                return sign;
            }
            int e = abs >>> 23;
            int m = (abs & 0x7FFFFF) | 0x800000;
            int shift = 126 - e; // 113 + 13 = 126
            int half = m >>> shift;
            int rem = m & ((1 << shift) - 1);
            int mid = 1 << (shift - 1);
            if (rem > mid || (rem == mid && (half & 1) != 0)) {
                half++;
            }
            return sign | half;
        }
        int e = (abs >>> 23) - 112;
        int m = abs & 0x7FFFFF;
        int half = e << 10 | m >>> 13;
        int rem = m & 0x1FFF;
        if (rem > 0x1000 || (rem == 0x1000 && (half & 1) != 0)) {
            half++;
        }
        return sign | half;
    }
}
