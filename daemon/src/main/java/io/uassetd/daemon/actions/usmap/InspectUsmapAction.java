package io.uassetd.daemon.actions.usmap;

import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import java.util.ArrayList;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import java.nio.file.Path;
import java.util.List;

/** {@code inspect_usmap}: a mappings file's version, compression and counts; optionally one struct's properties. */
public final class InspectUsmapAction extends TypedAction<InspectUsmapAction.Request, InspectUsmapAction.Info> {
    /** The request. */
    public record Request(@Field("the .usmap (falls back to USMAP_PATH)") String usmap_path,
                          @Field("a struct/class name whose properties to list") String struct) {
    }

    public InspectUsmapAction() {
        super("inspect_usmap", "Version, compression and name/enum/schema counts of a .usmap; with struct, that struct's properties"
                + " (super structs included)", "inspect_usmap", "usmap_path");
    }

    /** One property of a struct. */
    public record Property(int index, String name, String type) {
    }

    /** Reply data. */
    public record Info(String usmap_path, String version, String compression, int name_count, int enum_count, int schema_count,
                       String struct, List<Property> properties) {
    }

    @Override
    protected Done<Info> run(Request r, ActionContext ctx) throws Exception {
        String path = r.usmap_path();
        if (path == null || path.isBlank()) {
            throw ActionException.invalid("Missing field 'usmap_path' (and USMAP_PATH is not set)");
        }
        try (var lease = Mappings.open(ctx, Path.of(path))) {
            Usmap u = lease.get().usmap();
            String struct = r.struct();
            List<Property> props = null;
            if (struct != null) {
                if (u.schema(struct) == null) {
                    throw ActionException.notFound("No struct '" + struct + "' in " + path, path);
                }
                var all = u.allProperties(struct);
                props = new ArrayList<>();
                for (int i = 0; i < all.size(); i++) {
                    props.add(new Property(i, all.get(i).name(), String.valueOf(all.get(i).type())));
                }
            }
            return Done.of(u.names().size() + " names, " + u.enums().size() + " enums, " + u.schemas().size() + " schemas",
                    new Info(path, u.version().name(), u.compression().name(), u.names().size(), u.enums().size(), u.schemas().size(),
                            struct, props == null ? null : List.copyOf(props)));
        }
    }
}
