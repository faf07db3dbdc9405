package io.uassetd.daemon.actions.iostore;

import io.uassetd.codecs.iostore.ContainerSummary;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** {@code inspect_iostore}: TOC version, container id and flags, chunk counts, compression, partitions, encryption, header. */
public final class InspectIoStoreAction extends TypedAction<InspectIoStoreAction.Request, InspectIoStoreAction.Summary> {
    /** The request. */
    public record Request(@Field(value = Containers.UTOC, required = true) Path file_path,
                          @Field(value = Containers.AES_KEY, cli = "--aes") String aes_key) {
    }

    /** One .ucas file the TOC expects. */
    public record Partition(String file, boolean present, long size) {
    }

    /**
     * Reply data: {@link ContainerSummary} under snake_case names. {@code chunks_by_type} counts
     * chunks by type name; {@code partition_size} is -1 when unbounded; {@code file_count} -1 when
     * the directory index cannot be read; the container header's parts are null when it cannot be
     * read, with the reason in {@code container_header_problem}.
     */
    public record Summary(String name, int toc_version, String toc_version_name, long container_id, List<String> flags,
                          int chunk_count, Map<String, Integer> chunks_by_type, List<String> compression_methods, int block_count,
                          long block_size, long compressed_bytes, long uncompressed_bytes, double compression_ratio,
                          int partition_count, long partition_size, List<Partition> partitions, boolean encrypted,
                          String encryption_key_guid, boolean key_available, boolean indexed, String mount_point, int file_count,
                          Integer container_header_version, Integer package_count, String container_header_problem) {
        static Summary of(ContainerSummary s) {
            return new Summary(s.name(), s.tocVersion(), s.tocVersionName(), s.containerId(), s.flags(), s.chunkCount(),
                    s.chunksByType(), s.compressionMethods(), s.blockCount(), s.blockSize(), s.compressedBytes(),
                    s.uncompressedBytes(), s.compressionRatio(), s.partitionCount(), s.partitionSize(),
                    s.partitions().stream().map(p -> new Partition(p.file(), p.present(), p.size())).toList(), s.encrypted(),
                    s.encryptionKeyGuid(), s.keyAvailable(), s.indexed(), s.mountPoint(), s.fileCount(), s.containerHeaderVersion(),
                    s.packageCount(), s.containerHeaderProblem());
        }
    }

    public InspectIoStoreAction() {
        super("inspect_iostore", "Summarises a container: TOC version, id, flags, chunks by type, compression and ratio, partitions,"
                + " encryption, container header", "inspect_iostore", "file_path");
    }

    @Override
    protected Done<Summary> run(Request q, ActionContext ctx) throws Exception {
        try (var lease = Containers.open(ctx, Containers.requireUtoc(q.file_path()), Containers.key(q.aes_key()))) {
            ContainerSummary s = lease.get().summary();
            return Done.of(s.name() + ": TOC version " + s.tocVersionName() + ", " + s.chunkCount() + " chunks", Summary.of(s));
        }
    }
}
