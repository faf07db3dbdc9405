/**
 * The action framework: an action's contract is code. A {@code TypedAction} declares a request
 * record (its components, annotated with {@code @Field}, are the request fields) and a reply type;
 * {@code Contracts} makes from them the {@code ActionSpec}/{@code FieldSpec}s that {@code Args},
 * {@code capabilities}, the CLI, docs/actions.md and the clients use, and binds requests to the
 * record. {@code Items}/{@code ItemsReply} are the one outcome of actions that handle items, which
 * the {@code Dispatcher} turns into the reply's success. Also {@code ActionHandler} (actions not yet
 * declared by type), {@code ActionRegistry} and the mapping of codec exceptions to error codes.
 *
 * <p>On-disk structures owned: None.
 *
 * <p>May depend on: daemon.services, daemon.cache, protocol, codecs.error, codecs.task, codecs.io,
 * codecs.asset, codecs.asset.version.
 */
package io.uassetd.daemon.action;
