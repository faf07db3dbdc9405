package io.uassetd.client;

import io.uassetd.protocol.ProgressEvent;

/** Receives the progress events of one request (on the client's reader thread: return quickly). */
@FunctionalInterface
public interface ProgressListener {
    void onProgress(ProgressEvent event);
}
