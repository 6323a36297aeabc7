package dev.sns.gpu.cupti;

import com.sun.jna.Pointer;
import dev.sns.timing.KernelRecord;

/**
 * Where the fields sns reads sit in CUPTI's activity records (CUDA 13.0's {@code cupti_activity.h}:
 * packed, 8-byte aligned): kernels ({@code CUpti_ActivityKernel10}; these offsets have been the same
 * since {@code CUpti_ActivityKernel4}, CUDA 9), memsets ({@code CUpti_ActivityMemset4}) and memory
 * copies ({@code CUpti_ActivityMemcpy6}), which the device runs as part of a call too. The record's
 * kind is checked before it is read.
 */
final class KernelActivityLayout {
    static final int KIND = 0;
    static final int START = 16;
    static final int END = 24;
    static final int DEVICE_ID = 40;
    static final int STREAM_ID = 48;
    static final int GRID_X = 52;
    static final int BLOCK_X = 64;
    static final int NAME = 104;
    static final int GRAPH_NODE_ID = 144;
    /** The smallest kernel record holding every field above. */
    static final int MIN_SIZE = 152;
    /** Memsets and copies: start, end, device, stream and graph node (their own offsets). */
    static final int MEM_START = 16;
    static final int MEM_END = 24;
    static final int MEM_DEVICE_ID = 32;
    static final int MEM_STREAM_ID = 40;
    static final int MEM_GRAPH_NODE_ID = 64;
    static final int MEMCPY_COPY_KIND = 4;
    /** CUpti_ActivityMemcpyKind, by value: the direction of a copy. */
    private static final String[] COPY_KINDS = {"unknown", "HtoD", "DtoH", "HtoA", "AtoH", "AtoA", "AtoD", "DtoA",
        "DtoD", "HtoH", "PtoP"};

    private KernelActivityLayout() {}

    /** The record's kind (CUpti_ActivityKind). */
    static int kind(Pointer record) {
        return record.getInt(KIND);
    }

    /** The CUDA device the record's work ran on. */
    static int deviceId(Pointer record) {
        return kind(record) == CuptiLibrary.CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL ? record.getInt(DEVICE_ID)
                : record.getInt(MEM_DEVICE_ID);
    }

    /** Whether sns reads records of this kind: kernels, memsets and memory copies. */
    static boolean read(int kind) {
        return kind == CuptiLibrary.CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL || kind == CuptiLibrary.CUPTI_ACTIVITY_KIND_MEMSET
                || kind == CuptiLibrary.CUPTI_ACTIVITY_KIND_MEMCPY;
    }

    /**
     * The kernel, or null when its record has no timestamps (CUPTI writes 0 when it lacked device
     * memory to take them).
     */
    static KernelRecord read(Pointer record) {
        int kind = kind(record);
        if (kind != CuptiLibrary.CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL) {
            return memory(record, kind);
        }
        long start = record.getLong(START);
        long end = record.getLong(END);
        if (start == 0 || end == 0 || end < start) {
            return null;
        }
        int[] grid = record.getIntArray(GRID_X, 3);
        int[] block = record.getIntArray(BLOCK_X, 3);
        Pointer name = record.getPointer(NAME);
        return new KernelRecord(name == null ? "<unnamed>" : name.getString(0), start, end, grid, block,
                record.getInt(STREAM_ID), record.getLong(GRAPH_NODE_ID));
    }

    /** A memset ("[memset]") or copy ("[memcpy DtoD]") as a record without grid or block. */
    private static KernelRecord memory(Pointer record, int kind) {
        long start = record.getLong(MEM_START);
        long end = record.getLong(MEM_END);
        if (start == 0 || end == 0 || end < start) {
            return null;
        }
        String name;
        if (kind == CuptiLibrary.CUPTI_ACTIVITY_KIND_MEMSET) {
            name = "[memset]";
        } else {
            int k = record.getByte(MEMCPY_COPY_KIND) & 0xff;
            name = "[memcpy " + (k < COPY_KINDS.length ? COPY_KINDS[k] : "kind " + k) + "]";
        }
        return new KernelRecord(name, start, end, new int[3], new int[3], record.getInt(MEM_STREAM_ID),
                record.getLong(MEM_GRAPH_NODE_ID));
    }
}
