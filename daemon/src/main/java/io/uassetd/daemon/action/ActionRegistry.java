package io.uassetd.daemon.action;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Every action by wire name and by CLI command name; built once, immutable afterwards. */
public final class ActionRegistry {
    private final Map<String, ActionHandler> byName;
    private final Map<String, ActionHandler> byCli;

    public ActionRegistry(List<ActionHandler> handlers) {
        Map<String, ActionHandler> n = new LinkedHashMap<>();
        Map<String, ActionHandler> c = new LinkedHashMap<>();
        for (ActionHandler h : handlers) {
            // by name alone: each action's spec is made when first used (TypedAction)
            if (n.put(h.name(), h) != null) {
                throw new IllegalArgumentException("Duplicate action " + h.name());
            }
            if (h.cliName() != null && c.put(h.cliName(), h) != null) {
                throw new IllegalArgumentException("Duplicate CLI command " + h.cliName());
            }
        }
        this.byName = Collections.unmodifiableMap(n);
        this.byCli = Collections.unmodifiableMap(c);
    }

    public Optional<ActionHandler> action(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    public Optional<ActionHandler> command(String cliName) {
        return Optional.ofNullable(byCli.get(cliName));
    }

    public Collection<ActionHandler> actions() {
        return byName.values();
    }

    public Collection<ActionHandler> commands() {
        return byCli.values();
    }
}
