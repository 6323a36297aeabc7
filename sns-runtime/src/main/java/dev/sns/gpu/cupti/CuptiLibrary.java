package dev.sns.gpu.cupti;

import com.sun.jna.Callback;
import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;

/**
 * The CUPTI functions sns calls (CUDA 13's {@code cupti_activity.h}; interface mapping, so a symbol
 * resolves on first use). Every function returns a CUptiResult (0 = success).
 */
interface CuptiLibrary extends Library {
    int CUPTI_SUCCESS = 0;
    /** cuptiActivityGetNextRecord: no more records in the buffer. */
    int CUPTI_ERROR_MAX_LIMIT_REACHED = 12;
    /** The profiling permission is missing (the driver's RmProfilingAdminOnly, ERR_NVGPUCTRPERM). */
    int CUPTI_ERROR_INSUFFICIENT_PRIVILEGES = 35;
    /** CUpti_ActivityKind: kernels, recorded without serializing them. */
    int CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL = 10;
    /** CUpti_ActivityKind: memory copies. */
    int CUPTI_ACTIVITY_KIND_MEMCPY = 1;
    /** CUpti_ActivityKind: memsets. */
    int CUPTI_ACTIVITY_KIND_MEMSET = 2;
    /** CUpti_ActivityFlag for cuptiActivityFlushAll: also buffers with incomplete records. */
    int CUPTI_ACTIVITY_FLAG_FLUSH_FORCED = 1;

    /** CUpti_BuffersCallbackRequestFunc(uint8_t **buffer, size_t *size, size_t *maxNumRecords). */
    interface BufferRequested extends Callback {
        void invoke(Pointer buffer, Pointer size, Pointer maxNumRecords);
    }

    /**
     * CUpti_BuffersCallbackCompleteFunc(CUcontext context, uint32_t streamId, uint8_t *buffer,
     * size_t size, size_t validSize).
     */
    interface BufferCompleted extends Callback {
        void invoke(Pointer context, int streamId, Pointer buffer, long size, long validSize);
    }

    int cuptiGetVersion(IntByReference version);

    int cuptiGetResultString(int result, PointerByReference text);

    int cuptiGetTimestamp(LongByReference nanos);

    int cuptiActivityRegisterCallbacks(BufferRequested requested, BufferCompleted completed);

    int cuptiActivityEnable(int kind);

    int cuptiActivityDisable(int kind);

    int cuptiActivityFlushAll(int flag);

    int cuptiActivityGetNextRecord(Pointer buffer, long validBufferSizeBytes, PointerByReference record);

    int cuptiActivityGetNumDroppedRecords(Pointer context, int streamId, LongByReference dropped);

    // The range profiler (cupti_profiler_target.h, cupti_profiler_host.h, cupti_range_profiler.h):
    // each takes one parameter struct, laid out in RangeProfilerLayout.

    int cuptiProfilerInitialize(Pointer params);

    int cuptiProfilerDeInitialize(Pointer params);

    int cuptiDeviceGetChipName(Pointer params);

    int cuptiProfilerGetCounterAvailability(Pointer params);

    int cuptiProfilerHostInitialize(Pointer params);

    int cuptiProfilerHostDeinitialize(Pointer params);

    int cuptiProfilerHostConfigAddMetrics(Pointer params);

    int cuptiProfilerHostGetConfigImageSize(Pointer params);

    int cuptiProfilerHostGetConfigImage(Pointer params);

    int cuptiProfilerHostEvaluateToGpuValues(Pointer params);

    int cuptiRangeProfilerEnable(Pointer params);

    int cuptiRangeProfilerDisable(Pointer params);

    int cuptiRangeProfilerGetCounterDataSize(Pointer params);

    int cuptiRangeProfilerCounterDataImageInitialize(Pointer params);

    int cuptiRangeProfilerSetConfig(Pointer params);

    int cuptiRangeProfilerStart(Pointer params);

    int cuptiRangeProfilerStop(Pointer params);

    int cuptiRangeProfilerDecodeData(Pointer params);

    int cuptiRangeProfilerGetCounterDataInfo(Pointer params);
}
