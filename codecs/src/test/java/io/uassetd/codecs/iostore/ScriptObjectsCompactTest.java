package io.uassetd.codecs.iostore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.iostore.header.NameBatch;
import io.uassetd.codecs.iostore.scriptobjects.PackageObjectIndex;
import io.uassetd.codecs.iostore.scriptobjects.ScriptObjectEntry;
import io.uassetd.codecs.iostore.scriptobjects.ScriptObjectsDatabase;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The script-objects database keeps its entries as primitive columns and open-addressing tables
 * (docs/server.md, "Memory, round 2"). Here it answers every lookup as a plain model built in the test
 * from the same bytes does (an object per entry, hash maps, the first entry of a duplicate key winning):
 * on the real global containers and ScriptObjects.bin of four engine builds, every entry, every path in
 * three letter cases, and keys that are not there.
 */
class ScriptObjectsCompactTest {

    /** The model: what the database answered when it held a record per entry and two hash maps. */
    private record Model(NameBatch names, List<ScriptObjectEntry> entries, Map<Long, Integer> byIndex, List<String> paths,
            Map<String, Integer> byPath, Set<Long> classes) {
        static Model of(byte[] raw) {
            ByteReader r = ByteReader.of("model", 0, raw, "ScriptObjects");
            NameBatch names = NameBatch.read(r);
            int n = r.i32();
            List<ScriptObjectEntry> entries = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                entries.add(ScriptObjectEntry.read(r));
            }
            Map<Long, Integer> byIndex = new HashMap<>();
            Set<Long> classes = new HashSet<>();
            for (int i = 0; i < n; i++) {
                byIndex.putIfAbsent(entries.get(i).globalIndex().raw(), i);
                if (!entries.get(i).cdoClassIndex().isNull()) {
                    classes.add(entries.get(i).cdoClassIndex().raw());
                }
            }
            List<String> paths = new ArrayList<>();
            Map<String, Integer> byPath = new HashMap<>();
            for (int i = 0; i < n; i++) {
                List<String> chain = new ArrayList<>();
                for (int cur = i; ; ) {
                    ScriptObjectEntry e = entries.get(cur);
                    chain.add(0, e.objectName().resolve(names.get(e.objectName().index())));
                    if (e.outerIndex().isNull()) {
                        break;
                    }
                    cur = byIndex.get(e.outerIndex().raw());
                }
                StringBuilder sb = new StringBuilder(chain.get(0));
                for (int k = 1; k < chain.size(); k++) {
                    sb.append(k == 1 ? '.' : ':').append(chain.get(k));
                }
                paths.add(sb.toString());
                byPath.putIfAbsent(sb.toString().toLowerCase(Locale.ROOT), i);
            }
            return new Model(names, entries, byIndex, paths, byPath, classes);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"retoc/UE5.3/ScriptObjects.bin", "unrealmodding/iostore/global.utoc",
            "cue4parse/UE5_8/IoStore/Tagged/global.utoc", "cue4parse/UE5_8/IoStore/Unversioned/global.utoc"})
    void answersEveryLookupAsTheObjectModelDid(String relative) throws Exception {
        byte[] raw = IoStoreScriptObjectsTest.raw(relative);
        Model m = Model.of(raw);
        ScriptObjectsDatabase db = ScriptObjectsDatabase.read(raw, relative);
        assertThat(db.size()).isEqualTo(m.entries().size());
        assertThat(db.names()).isEqualTo(m.names());
        for (int k = 0; k < m.names().size(); k++) {
            assertThat(db.nameText(k)).isEqualTo(m.names().get(k));
        }
        assertThat(db.entries()).isEqualTo(m.entries());
        assertThat(db.cdoClassIndices()).isEqualTo(m.classes()).hasSameSizeAs(m.classes());
        int duplicatePaths = 0;
        for (int i = 0; i < db.size(); i++) {
            ScriptObjectEntry e = m.entries().get(i);
            assertThat(db.entry(i)).isEqualTo(e);
            assertThat(db.name(i)).isEqualTo(e.objectName().resolve(m.names().get(e.objectName().index())));
            assertThat(db.path(i)).isEqualTo(m.paths().get(i));
            assertThat(db.indexOf(e.globalIndex())).isEqualTo(m.byIndex().get(e.globalIndex().raw()));
            assertThat(db.indexOf(e.outerIndex())).isEqualTo(m.byIndex().getOrDefault(e.outerIndex().raw(), -1));
            String path = m.paths().get(i);
            int expected = m.byPath().get(path.toLowerCase(Locale.ROOT));
            duplicatePaths += expected == i ? 0 : 1;
            assertThat(db.indexOf(path)).as(path).isEqualTo(expected);
            assertThat(db.indexOf(path.toUpperCase(Locale.ROOT))).isEqualTo(expected);
            assertThat(db.indexOf(path.toLowerCase(Locale.ROOT))).isEqualTo(expected);
            assertThat(db.cdoClassIndices().contains(e.globalIndex().raw())).isEqualTo(m.classes().contains(e.globalIndex().raw()));
            assertThat(db.isCdoClass(e.globalIndex().raw())).isEqualTo(m.classes().contains(e.globalIndex().raw()));
            // keys that are not there: a path with one more letter, an index one off (when that one is not an entry's)
            assertThat(db.indexOf(path + "x")).isEqualTo(m.byPath().getOrDefault(path.toLowerCase(Locale.ROOT) + "x", -1));
            long off = e.globalIndex().raw() + 1;
            assertThat(db.indexOf(new PackageObjectIndex(off))).isEqualTo(m.byIndex().getOrDefault(off, -1));
        }
        assertThat(duplicatePaths).as("no two entries of these databases share a path").isZero();
        assertThat(db.find("/Script/Engine.StaticMesh")).contains(m.entries().get(m.byPath().get("/script/engine.staticmesh")));
        assertThat(db.find("/Script/Engine.NoSuchClass")).isEmpty();
        assertThat(db.find(PackageObjectIndex.NULL)).isEmpty();
        assertThat(db.toBytes()).isEqualTo(raw);
    }

    @ParameterizedTest
    @ValueSource(strings = {"retoc/UE5.3/ScriptObjects.bin", "cue4parse/UE5_8/IoStore/Tagged/global.utoc"})
    void retainsUnderSeventyBytesPerEntryAndItsNamesTextOnce(String relative) throws Exception {
        byte[] raw = IoStoreScriptObjectsTest.raw(relative);
        ScriptObjectsDatabase db = ScriptObjectsDatabase.read(raw, relative);
        NameBatch batch = db.names();
        long text = 0;
        for (String n : batch.names()) {
            text += n.length(); // these batches' names are all Latin-1: one byte a char
        }
        // the names: their text, a start (4), a flag (1) and a hash (8) each, in four arrays
        long names = ((16 + text + 7) & ~7) + ((16 + 4L * (batch.size() + 1) + 7) & ~7) + ((16 + batch.size() + 7) & ~7)
                + 16 + 8L * batch.size();
        long columns = db.retainedBytes() - names;
        // 4 + 4 (name) + 3 * 8 (indices) + 4 (path hash) + two tables of 4-byte slots at least twice the count
        assertThat(columns).isBetween(36L * db.size() + 16L * db.size(), 36L * db.size() + 32L * db.size() + 1024);
        // the names cost their text and 13 bytes each (a string object and its array: 40 bytes and more)
        assertThat(names).isLessThan(text + 14L * batch.size() + 1024);
    }

    @ParameterizedTest
    @ValueSource(strings = {"retoc/UE5.3/ScriptObjects.bin"})
    void anOuterCycleOrAMissingOuterIsRefusedAsBefore(String relative) throws Exception {
        byte[] raw = IoStoreScriptObjectsTest.raw(relative);
        Model m = Model.of(raw);
        // the first object with an outer: its outer set to itself (a cycle), then to an index no entry has
        int child = 0;
        while (m.entries().get(child).outerIndex().isNull()) {
            child++;
        }
        int at = raw.length - 32 * m.entries().size() + 32 * child + 16; // FScriptObjectEntry.OuterIndex
        byte[] cycle = raw.clone();
        System.arraycopy(raw, at - 8, cycle, at, 8); // its own global index
        assertThatThrownBy(() -> ScriptObjectsDatabase.read(cycle, "cycle")).isInstanceOf(FormatException.class)
                .hasMessageContaining("Script object " + child + " has an outer cycle");
        byte[] missing = raw.clone();
        for (int k = 0; k < 8; k++) {
            missing[at + k] = (byte) 0x5A;
        }
        assertThatThrownBy(() -> ScriptObjectsDatabase.read(missing, "missing")).isInstanceOf(FormatException.class)
                .hasMessageContaining("that is not in the database");
    }
}
