package io.uassetd.daemon.actions.usmap;

import java.util.ArrayList;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import java.nio.file.Path;
import java.util.List;

/** {@code inspect_usmap}: a mappings file's version, compression and counts; optionally one struct's properties. */
public final class InspectUsmapAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("inspect_usmap",
            "Version, compression and name/enum/schema counts of a .usmap; with struct, that struct's properties (super structs included)",
            FieldSpec.optional("usmap_path", FieldType.STRING, null, "the .usmap (falls back to USMAP_PATH)"),
            FieldSpec.optional("struct", FieldType.STRING, null, "a struct/class name whose properties to list"))
            .withCli("inspect_usmap", "usmap_path");

    /** One property of a struct. */
    public record Property(int index, String name, String type) {
    }

    /** Reply data. */
    public record Info(String usmap_path, String version, String compression, int name_count, int enum_count, int schema_count,
                       String struct, List<Property> properties) {
    }

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        String path = args.string("usmap_path");
        if (path == null || path.isBlank()) {
            throw ActionException.invalid("Missing field 'usmap_path' (and USMAP_PATH is not set)");
        }
        try (var lease = Mappings.open(ctx, Path.of(path))) {
            Usmap u = lease.get().usmap();
            String struct = args.string("struct");
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
            return ActionResult.of(u.names().size() + " names, " + u.enums().size() + " enums, " + u.schemas().size() + " schemas",
                    new Info(path, u.version().name(), u.compression().name(), u.names().size(), u.enums().size(), u.schemas().size(),
                            struct, props == null ? null : List.copyOf(props)));
        }
    }
}
