package dev.sns.gpu.cupti;

import com.sun.jna.Memory;

/**
 * Where the fields of the range profiler's parameter structs lie (CUDA 13.0's
 * {@code cupti_target.h}, {@code cupti_profiler_target.h}, {@code cupti_profiler_host.h} and
 * {@code cupti_range_profiler.h}, 64-bit: offsets as {@code offsetof} gives them, sizes as each
 * header's {@code _STRUCT_SIZE} macro, the end of its last field). Every struct begins with
 * {@code size_t structSize; void* pPriv;}; most continue with the object they act on at 16.
 */
final class RangeProfilerLayout {
    /** The object a call acts on (host object or range profiler object), in most structs. */
    static final long OBJECT = 16;

    static final long INITIALIZE = 16;

    static final long CHIP_NAME = 32;
    static final long CHIP_NAME_DEVICE = 16;
    static final long CHIP_NAME_OUT = 24;

    static final long AVAILABILITY = 40;
    static final long AVAILABILITY_CTX = 16;
    static final long AVAILABILITY_SIZE = 24;
    static final long AVAILABILITY_IMAGE = 32;

    static final int PROFILER_TYPE_RANGE = 0;
    static final long HOST_INIT = 48;
    static final long HOST_INIT_TYPE = 16;
    static final long HOST_INIT_CHIP = 24;
    static final long HOST_INIT_AVAILABILITY = 32;
    static final long HOST_INIT_OBJECT = 40;
    static final long HOST_DEINIT = 24;

    static final long ADD_METRICS = 40;
    static final long ADD_METRICS_NAMES = 24;
    static final long ADD_METRICS_COUNT = 32;

    static final long CONFIG_SIZE = 32;
    static final long CONFIG_SIZE_OUT = 24;
    static final long CONFIG_IMAGE = 40;
    static final long CONFIG_IMAGE_SIZE = 24;
    static final long CONFIG_IMAGE_DATA = 32;

    static final long EVALUATE = 72;
    static final long EVALUATE_IMAGE = 24;
    static final long EVALUATE_IMAGE_SIZE = 32;
    static final long EVALUATE_RANGE = 40;
    static final long EVALUATE_NAMES = 48;
    static final long EVALUATE_COUNT = 56;
    static final long EVALUATE_VALUES = 64;

    static final long ENABLE = 32;
    static final long ENABLE_CTX = 16;
    static final long ENABLE_OBJECT = 24;
    static final long DISABLE = 24;
    static final long START = 24;
    static final long STOP = 41;
    static final long DECODE = 32;
    static final long DECODE_DROPPED = 24;

    static final long DATA_SIZE = 64;
    static final long DATA_SIZE_NAMES = 24;
    static final long DATA_SIZE_COUNT = 32;
    static final long DATA_SIZE_RANGES = 40;
    static final long DATA_SIZE_NODES = 48;
    static final long DATA_SIZE_OUT = 56;
    static final long DATA_INIT = 40;
    static final long DATA_INIT_SIZE = 24;
    static final long DATA_INIT_DATA = 32;

    /** CUpti_ProfilerRange: one range per kernel. */
    static final int AUTO_RANGE = 1;
    /** CUpti_ProfilerReplayMode: CUPTI replays each kernel for as many passes as the metrics need. */
    static final int KERNEL_REPLAY = 2;
    static final long SET_CONFIG = 90;
    static final long SET_CONFIG_SIZE = 24;
    static final long SET_CONFIG_DATA = 32;
    static final long SET_COUNTER_DATA_SIZE = 40;
    static final long SET_COUNTER_DATA = 48;
    static final long SET_RANGE = 56;
    static final long SET_REPLAY = 60;
    static final long SET_MAX_RANGES = 64;
    static final long SET_NESTING_LEVELS = 72;
    static final long SET_MIN_NESTING = 74;
    static final long SET_TARGET_NESTING = 88;

    static final long DATA_INFO = 40;
    static final long DATA_INFO_IMAGE = 16;
    static final long DATA_INFO_SIZE = 24;
    static final long DATA_INFO_RANGES = 32;

    private RangeProfilerLayout() {}

    /**
     * A zeroed struct of {@code structSize} bytes (rounded up to whole words) with its size filled
     * in; {@code pPriv} and every field not set stay 0.
     */
    static Memory params(long structSize) {
        Memory m = new Memory((structSize + 7) / 8 * 8);
        m.clear();
        m.setLong(0, structSize);
        return m;
    }
}
