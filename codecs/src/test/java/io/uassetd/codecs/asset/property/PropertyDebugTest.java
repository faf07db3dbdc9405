package io.uassetd.codecs.asset.property;

import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.codecs.usmap.UsmapSchema;
import org.junit.jupiter.api.Test;

class PropertyDebugTest {
    @Test
    void dump() {
        Usmap u = PropertyFixtures.load(System.getProperty("dbg.usmap", "uassetapi/TestUE5_5/BlankGame/BlankUE5_5.usmap"));
        for (UsmapSchema s : u.hierarchy(System.getProperty("dbg.struct", "Texture2D"))) {
            System.out.println("DBG " + s.name() + " super=" + s.superName() + " count=" + s.propertyCount());
            s.properties().stream().limit(12).forEach(p -> System.out.println("DBG   " + p.schemaIndex() + " " + p.name() + " " + p.type() + " x" + p.arraySize()));
        }
    }
}
