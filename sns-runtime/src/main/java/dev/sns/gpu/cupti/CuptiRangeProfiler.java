package dev.sns.gpu.cupti;

import com.sun.jna.Library;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import java.util.ArrayList;
import java.util.List;

/**
 * Each kernel's duration as Nsight Compute reports it: the metric {@value #METRIC}, collected by
 * CUPTI's range profiler (one range per kernel, kernel replay), the span ncu's
 * {@code --metrics gpu__time_duration.sum} reads. It differs from the activity records' span (the
 * kernel's own start and end, {@link CuptiKernelRecorder}) by a fixed amount: the profiler brackets
 * the kernel with timestamps of the GPU's front end. Like the activity records, never on while
 * samples are taken: profiling serializes the kernels and adds its own cost between them.
 *
 * <p>The parameter structs are filled by offset ({@link RangeProfilerLayout}); the work must run in
 * the thread that calls {@link #kernelDurations}, with the device's context current there.
 */
public final class CuptiRangeProfiler {
    /** What ncu reports as a kernel's duration. */
    public static final String METRIC = "gpu__time_duration.sum";
    /** The most kernels one profiled run may launch. */
    public static final int MAX_KERNELS = 4096;
    private static final Object LOCK = new Object();

    /** The one CUDA driver call needed here: the calling thread's current context. */
    interface Driver extends Library {
        int cuCtxGetCurrent(PointerByReference ctx);
    }

    private CuptiRangeProfiler() {}

    /**
     * Runs {@code work} (which launches at most {@code maxKernels} kernels on the context current in
     * this thread, and waits for them) under the range profiler, and returns each kernel's
     * {@value #METRIC} in nanoseconds, in launch order.
     *
     * @throws CuptiUnavailableException when CUPTI is missing, profiling is not permitted, or the
     *     profiler refuses; the message says which call and why
     */
    public static double[] kernelDurations(int device, int maxKernels, Runnable work) throws CuptiUnavailableException {
        if (maxKernels < 1 || maxKernels > MAX_KERNELS) {
            throw new IllegalArgumentException("maxKernels must be between 1 and " + MAX_KERNELS + ", got " + maxKernels);
        }
        CuptiLibrary lib = Cupti.library();
        synchronized (LOCK) {
            return new Session(lib).run(device, maxKernels, work);
        }
    }

    /** One profiled run; {@link #run} undoes in reverse order whatever it set up. */
    private static final class Session {
        private final CuptiLibrary lib;
        private final List<Runnable> undo = new ArrayList<>();

        Session(CuptiLibrary lib) {
            this.lib = lib;
        }

        double[] run(int device, int maxKernels, Runnable work) throws CuptiUnavailableException {
            try {
                return profile(device, maxKernels, work);
            } finally {
                for (int i = undo.size() - 1; i >= 0; i--) {
                    undo.get(i).run();
                }
            }
        }

        private double[] profile(int device, int maxKernels, Runnable work) throws CuptiUnavailableException {
            Pointer ctx = currentContext();
            check(lib.cuptiProfilerInitialize(RangeProfilerLayout.params(RangeProfilerLayout.INITIALIZE)),
                    "cuptiProfilerInitialize");
            undo.add(() -> lib.cuptiProfilerDeInitialize(RangeProfilerLayout.params(RangeProfilerLayout.INITIALIZE)));

            Memory chip = RangeProfilerLayout.params(RangeProfilerLayout.CHIP_NAME);
            chip.setLong(RangeProfilerLayout.CHIP_NAME_DEVICE, device);
            check(lib.cuptiDeviceGetChipName(chip), "cuptiDeviceGetChipName(" + device + ")");
            Pointer chipName = chip.getPointer(RangeProfilerLayout.CHIP_NAME_OUT);

            Memory avail = RangeProfilerLayout.params(RangeProfilerLayout.AVAILABILITY);
            avail.setPointer(RangeProfilerLayout.AVAILABILITY_CTX, ctx);
            check(lib.cuptiProfilerGetCounterAvailability(avail), "cuptiProfilerGetCounterAvailability (size)");
            Memory availImage = new Memory(Math.max(1, avail.getLong(RangeProfilerLayout.AVAILABILITY_SIZE)));
            avail.setPointer(RangeProfilerLayout.AVAILABILITY_IMAGE, availImage);
            check(lib.cuptiProfilerGetCounterAvailability(avail), "cuptiProfilerGetCounterAvailability");

            Memory host = RangeProfilerLayout.params(RangeProfilerLayout.HOST_INIT);
            host.setInt(RangeProfilerLayout.HOST_INIT_TYPE, RangeProfilerLayout.PROFILER_TYPE_RANGE);
            host.setPointer(RangeProfilerLayout.HOST_INIT_CHIP, chipName);
            host.setPointer(RangeProfilerLayout.HOST_INIT_AVAILABILITY, availImage);
            check(lib.cuptiProfilerHostInitialize(host), "cuptiProfilerHostInitialize(" + chipName.getString(0) + ")");
            Pointer hostObject = host.getPointer(RangeProfilerLayout.HOST_INIT_OBJECT);
            undo.add(() -> {
                Memory d = objectParams(RangeProfilerLayout.HOST_DEINIT, hostObject);
                lib.cuptiProfilerHostDeinitialize(d);
            });

            Memory metric = new Memory(METRIC.length() + 1L);
            metric.setString(0, METRIC);
            Memory name = new Memory(Native.POINTER_SIZE);
            name.setPointer(0, metric);
            Buffer names = new Buffer(name, 1);
            Memory add = objectParams(RangeProfilerLayout.ADD_METRICS, hostObject);
            names.into(add, RangeProfilerLayout.ADD_METRICS_NAMES, RangeProfilerLayout.ADD_METRICS_COUNT);
            check(lib.cuptiProfilerHostConfigAddMetrics(add), "cuptiProfilerHostConfigAddMetrics(" + METRIC + ")");

            Memory size = objectParams(RangeProfilerLayout.CONFIG_SIZE, hostObject);
            check(lib.cuptiProfilerHostGetConfigImageSize(size), "cuptiProfilerHostGetConfigImageSize");
            Buffer config = Buffer.allocate(size.getLong(RangeProfilerLayout.CONFIG_SIZE_OUT));
            Memory image = objectParams(RangeProfilerLayout.CONFIG_IMAGE, hostObject);
            config.into(image, RangeProfilerLayout.CONFIG_IMAGE_DATA, RangeProfilerLayout.CONFIG_IMAGE_SIZE);
            check(lib.cuptiProfilerHostGetConfigImage(image), "cuptiProfilerHostGetConfigImage");

            Memory enable = RangeProfilerLayout.params(RangeProfilerLayout.ENABLE);
            enable.setPointer(RangeProfilerLayout.ENABLE_CTX, ctx);
            check(lib.cuptiRangeProfilerEnable(enable), "cuptiRangeProfilerEnable");
            Pointer profiler = enable.getPointer(RangeProfilerLayout.ENABLE_OBJECT);
            undo.add(() -> lib.cuptiRangeProfilerDisable(objectParams(RangeProfilerLayout.DISABLE, profiler)));

            Memory dataSize = objectParams(RangeProfilerLayout.DATA_SIZE, profiler);
            names.into(dataSize, RangeProfilerLayout.DATA_SIZE_NAMES, RangeProfilerLayout.DATA_SIZE_COUNT);
            dataSize.setLong(RangeProfilerLayout.DATA_SIZE_RANGES, maxKernels);
            dataSize.setInt(RangeProfilerLayout.DATA_SIZE_NODES, maxKernels);
            check(lib.cuptiRangeProfilerGetCounterDataSize(dataSize), "cuptiRangeProfilerGetCounterDataSize");
            Buffer counterData = Buffer.allocate(dataSize.getLong(RangeProfilerLayout.DATA_SIZE_OUT));
            Memory init = objectParams(RangeProfilerLayout.DATA_INIT, profiler);
            counterData.into(init, RangeProfilerLayout.DATA_INIT_DATA, RangeProfilerLayout.DATA_INIT_SIZE);
            check(lib.cuptiRangeProfilerCounterDataImageInitialize(init), "cuptiRangeProfilerCounterDataImageInitialize");

            Memory set = objectParams(RangeProfilerLayout.SET_CONFIG, profiler);
            config.into(set, RangeProfilerLayout.SET_CONFIG_DATA, RangeProfilerLayout.SET_CONFIG_SIZE);
            counterData.into(set, RangeProfilerLayout.SET_COUNTER_DATA, RangeProfilerLayout.SET_COUNTER_DATA_SIZE);
            set.setInt(RangeProfilerLayout.SET_RANGE, RangeProfilerLayout.AUTO_RANGE);
            set.setInt(RangeProfilerLayout.SET_REPLAY, RangeProfilerLayout.KERNEL_REPLAY);
            set.setLong(RangeProfilerLayout.SET_MAX_RANGES, maxKernels);
            set.setShort(RangeProfilerLayout.SET_NESTING_LEVELS, (short) 1);
            set.setShort(RangeProfilerLayout.SET_MIN_NESTING, (short) 1);
            set.setShort(RangeProfilerLayout.SET_TARGET_NESTING, (short) 1);
            check(lib.cuptiRangeProfilerSetConfig(set), "cuptiRangeProfilerSetConfig");

            check(lib.cuptiRangeProfilerStart(objectParams(RangeProfilerLayout.START, profiler)), "cuptiRangeProfilerStart");
            try {
                work.run();
            } catch (RuntimeException | Error e) {
                // the work's own failure is what the caller hears of; the profiler is stopped all the same
                lib.cuptiRangeProfilerStop(objectParams(RangeProfilerLayout.STOP, profiler));
                throw e;
            }
            check(lib.cuptiRangeProfilerStop(objectParams(RangeProfilerLayout.STOP, profiler)), "cuptiRangeProfilerStop");
            Memory decode = objectParams(RangeProfilerLayout.DECODE, profiler);
            check(lib.cuptiRangeProfilerDecodeData(decode), "cuptiRangeProfilerDecodeData");
            long dropped = decode.getLong(RangeProfilerLayout.DECODE_DROPPED);
            if (dropped > 0) {
                throw new CuptiUnavailableException("the range profiler dropped " + dropped + " kernels: the work launched "
                        + "more than maxKernels=" + maxKernels);
            }
            Memory info = RangeProfilerLayout.params(RangeProfilerLayout.DATA_INFO);
            counterData.into(info, RangeProfilerLayout.DATA_INFO_IMAGE, RangeProfilerLayout.DATA_INFO_SIZE);
            check(lib.cuptiRangeProfilerGetCounterDataInfo(info), "cuptiRangeProfilerGetCounterDataInfo");
            int ranges = (int) info.getLong(RangeProfilerLayout.DATA_INFO_RANGES);
            double[] nanos = new double[ranges];
            Memory value = new Memory(Double.BYTES);
            for (int i = 0; i < ranges; i++) {
                Memory eval = objectParams(RangeProfilerLayout.EVALUATE, hostObject);
                counterData.into(eval, RangeProfilerLayout.EVALUATE_IMAGE, RangeProfilerLayout.EVALUATE_IMAGE_SIZE);
                eval.setLong(RangeProfilerLayout.EVALUATE_RANGE, i);
                names.into(eval, RangeProfilerLayout.EVALUATE_NAMES, RangeProfilerLayout.EVALUATE_COUNT);
                eval.setPointer(RangeProfilerLayout.EVALUATE_VALUES, value);
                check(lib.cuptiProfilerHostEvaluateToGpuValues(eval), "cuptiProfilerHostEvaluateToGpuValues(range " + i + ")");
                nanos[i] = value.getDouble(0);
            }
            return nanos;
        }

        private Pointer currentContext() throws CuptiUnavailableException {
            Driver driver;
            try {
                driver = Native.load("cuda", Driver.class);
            } catch (UnsatisfiedLinkError e) {
                throw new CuptiUnavailableException("no CUDA driver library (libcuda) for the range profiler: " + e.getMessage());
            }
            PointerByReference ctx = new PointerByReference();
            int rc = driver.cuCtxGetCurrent(ctx);
            if (rc != 0 || ctx.getValue() == null) {
                throw new CuptiUnavailableException("the range profiler needs the device's context current in this thread "
                        + "(cuCtxGetCurrent: error " + rc + (ctx.getValue() == null ? ", none current" : "") + ")");
            }
            return ctx.getValue();
        }

        private Memory objectParams(long structSize, Pointer object) {
            Memory m = RangeProfilerLayout.params(structSize);
            m.setPointer(RangeProfilerLayout.OBJECT, object);
            return m;
        }

        private void check(int rc, String call) throws CuptiUnavailableException {
            if (rc != CuptiLibrary.CUPTI_SUCCESS) {
                throw new CuptiUnavailableException(Cupti.describe(lib, call, rc));
            }
        }
    }

    /**
     * A pointer and the length a call reads with it: an image's bytes (allocated at least one byte,
     * its length as CUPTI gave it) or a count of metric names. {@link #into} sets both into a call's
     * parameters, at the two offsets the struct has for them.
     */
    private record Buffer(Memory data, long length) {
        static Buffer allocate(long bytes) {
            return new Buffer(new Memory(Math.max(1, bytes)), bytes);
        }

        void into(Memory params, long dataOffset, long lengthOffset) {
            params.setPointer(dataOffset, data);
            params.setLong(lengthOffset, length);
        }
    }
}
