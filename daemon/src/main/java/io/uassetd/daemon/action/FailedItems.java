package io.uassetd.daemon.action;

/**
 * Reply data of an action that handles items, some of which may fail. A reply whose data says an
 * item failed is not a success ({@code success: false}, {@code error.code} the first failed item's),
 * and keeps its data so the client sees what was done and what was not (UAssetTool's batches answer
 * {@code success: fail_count == 0} with their data).
 */
public interface FailedItems {
    /** How many items failed. */
    int failedItems();

    /** The error code of the first failed item (an {@link io.uassetd.protocol.ErrorCode} name), or null. */
    String firstFailureCode();

    /** The first failure's message, or null. */
    String firstFailureMessage();
}
