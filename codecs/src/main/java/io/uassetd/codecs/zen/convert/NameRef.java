package io.uassetd.codecs.zen.convert;

/** A name as FName keeps it: the base text and the number (0 = no suffix, n = suffix "_" + (n - 1)). */
record NameRef(String base, int number) {
    static NameRef of(String base) {
        return new NameRef(base, 0);
    }

    String text() {
        return number == 0 ? base : base + "_" + (number - 1);
    }
}
