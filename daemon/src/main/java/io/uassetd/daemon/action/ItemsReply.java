package io.uassetd.daemon.action;

/**
 * Reply data of an action that handles items: it carries the uniform {@link Items} outcome as a
 * component written flat into the reply ({@code @JsonUnwrapped Items outcome}), beside the
 * action's own (and UAssetTool's) fields. {@link Dispatcher} makes the reply a failure when any
 * item failed.
 */
public interface ItemsReply {
    Items outcome();
}
