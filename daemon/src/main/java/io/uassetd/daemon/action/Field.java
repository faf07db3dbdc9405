package io.uassetd.daemon.action;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares one request field on a component of an action's request record: what it means, whether
 * it is required, its default (as text, read as the field's type), its CLI flag and, for integers,
 * its range. The component's name is the wire name (snake_case, UAssetTool's where it has one), its
 * Java type the JSON type ({@link Contracts} lists the types). On {@code engine_version} the help
 * text names what the engine is used for; the field's full description comes from the engine table.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Field {
    /** What the field means (one line). */
    String value();

    boolean required() default false;

    /** The default when absent, as text ({@code ""}: none). */
    String dflt() default "";

    /** The CLI flag that sets it (e.g. {@code --aes}); {@code ""}: {@code --field-name}. */
    String cli() default "";

    long min() default Long.MIN_VALUE;

    /** The wire name when the component cannot carry it (a Java keyword: {@code package}); {@code ""}: the component's name. */
    String name() default "";

    long max() default Long.MAX_VALUE;
}
