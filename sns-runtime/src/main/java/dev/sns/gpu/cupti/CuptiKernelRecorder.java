package dev.sns.gpu.cupti;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;
import dev.sns.timing.Body;
import dev.sns.timing.KernelRecord;
import dev.sns.timing.KernelRecorder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Kernel records through CUPTI's activity API ({@code CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL}, which
 * does not serialize kernels, with {@code _MEMSET} and {@code _MEMCPY}, since memsets and copies are
 * the device's work too): between {@link #start()} and {@link #stop()} every kernel of the device
 * leaves a record with its start and end on the GPU's clock, its grid and block. CUPTI hands
 * records over in buffers this class lends it ({@value #BUFFER_BYTES} bytes each); they are read when
 * CUPTI returns them, and {@link #stop()} forces out the last ones.
 *
 * <p>CUPTI's buffers are global to the process, so one recorder is on at a time. Callbacks are
 * registered once per process and kept reachable for its life.
 */
public final class CuptiKernelRecorder implements KernelRecorder {
    /** Bytes per activity buffer: about 20,000 kernel records. */
    static final int BUFFER_BYTES = 4 << 20;

    /** The activity kinds recorded: kernels first (the one the table is about), then memsets and copies. */
    private static final int[] KINDS = {CuptiLibrary.CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL,
        CuptiLibrary.CUPTI_ACTIVITY_KIND_MEMSET, CuptiLibrary.CUPTI_ACTIVITY_KIND_MEMCPY};
    private static final String[] KIND_NAMES = {"CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL", "CUPTI_ACTIVITY_KIND_MEMSET",
        "CUPTI_ACTIVITY_KIND_MEMCPY"};

    private static final Object LOCK = new Object();
    /** Lent buffers by address, kept reachable until CUPTI returns them. */
    private static final Map<Long, Memory> LENT = new HashMap<>();
    private static final List<KernelRecord> COLLECTED = new ArrayList<>();
    private static CuptiLibrary.BufferRequested requested;
    private static CuptiLibrary.BufferCompleted completed;
    private static CuptiKernelRecorder active;
    private static int collectDevice = -1;
    private static long dropped;
    private static String callbackFailure = "";

    private final CuptiLibrary lib;
    private final int device;

    private CuptiKernelRecorder(CuptiLibrary lib, int device) {
        this.lib = lib;
        this.device = device;
    }

    /**
     * A recorder for CUDA device {@code device}, or one that says why there is none (no CUPTI library);
     * never throws.
     */
    public static KernelRecorder open(int device) {
        try {
            return new CuptiKernelRecorder(Cupti.library(), device);
        } catch (CuptiUnavailableException e) {
            return KernelRecorder.unavailable(e.getMessage());
        } catch (RuntimeException | LinkageError e) {
            return KernelRecorder.unavailable("CUPTI could not be loaded (" + e + "); set kernels=false");
        }
    }

    /** Where CUPTI was loaded from, for logs. */
    public static String library() {
        return Cupti.loadedFrom();
    }

    @Override
    public void start() {
        synchronized (LOCK) {
            if (active != null) {
                throw new IllegalStateException("another kernel recorder is on in this process (CUPTI's buffers are global)");
            }
            registerCallbacks();
            COLLECTED.clear();
            dropped = 0;
            callbackFailure = "";
            collectDevice = device;
            active = this;
        }
        // Outside the lock: CUPTI may ask for a buffer from a thread of its own meanwhile.
        for (int i = 0; i < KINDS.length; i++) {
            int rc = lib.cuptiActivityEnable(KINDS[i]);
            if (rc != CuptiLibrary.CUPTI_SUCCESS) {
                for (int j = 0; j < i; j++) {
                    lib.cuptiActivityDisable(KINDS[j]);
                }
                synchronized (LOCK) {
                    active = null;
                    collectDevice = -1;
                }
                check(rc, "cuptiActivityEnable(" + KIND_NAMES[i] + ")");
            }
        }
    }

    @Override
    public long timestampNanos() {
        LongByReference t = new LongByReference();
        check(lib.cuptiGetTimestamp(t), "cuptiGetTimestamp");
        return t.getValue();
    }

    @Override
    public List<KernelRecord> stop() {
        synchronized (LOCK) {
            if (active != this) {
                return List.of();
            }
            active = null;
        }
        // Outside the lock: the flush calls back into bufferCompleted, maybe from another thread.
        int disabled = CuptiLibrary.CUPTI_SUCCESS;
        String disabledKind = "";
        for (int i = 0; i < KINDS.length; i++) {
            int rc = lib.cuptiActivityDisable(KINDS[i]);
            if (rc != CuptiLibrary.CUPTI_SUCCESS && disabled == CuptiLibrary.CUPTI_SUCCESS) {
                disabled = rc;
                disabledKind = KIND_NAMES[i];
            }
        }
        int flushed = lib.cuptiActivityFlushAll(CuptiLibrary.CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
        synchronized (LOCK) {
            collectDevice = -1;
            List<KernelRecord> out = List.copyOf(COLLECTED);
            COLLECTED.clear();
            check(disabled, "cuptiActivityDisable(" + disabledKind + ")");
            check(flushed, "cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED)");
            if (!callbackFailure.isEmpty()) {
                throw new IllegalStateException("reading CUPTI's kernel records failed: " + callbackFailure);
            }
            return out;
        }
    }

    /** {@return ncu's kernel duration, {@value CuptiRangeProfiler#METRIC}} The kernel table's duration where it can be read. */
    @Override
    public String durationMetric() {
        return CuptiRangeProfiler.METRIC;
    }

    @Override
    public int maxProfiledKernels() {
        return CuptiRangeProfiler.MAX_KERNELS;
    }

    /**
     * The range profiler's {@value CuptiRangeProfiler#METRIC} of each kernel {@code work} launches
     * ({@link CuptiRangeProfiler#kernelDurations}), on this recorder's device, in the calling thread.
     */
    @Override
    public double[] profileDurations(Body work, int maxKernels) throws CuptiUnavailableException {
        return CuptiRangeProfiler.kernelDurations(device, maxKernels, () -> {
            try {
                work.run();
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException("the profiled work threw " + e, e);
            }
        });
    }

    @Override
    public long droppedRecords() {
        synchronized (LOCK) {
            return dropped;
        }
    }

    private void check(int rc, String call) {
        if (rc != CuptiLibrary.CUPTI_SUCCESS) {
            throw new IllegalStateException("no kernel records: " + Cupti.describe(lib, call, rc));
        }
    }

    /** Registers the buffer callbacks, once per process. */
    private void registerCallbacks() {
        if (requested != null) {
            return;
        }
        CuptiLibrary l = lib;
        CuptiLibrary.BufferRequested req = (buffer, size, maxNumRecords) -> {
            Memory m = new Memory(BUFFER_BYTES);
            synchronized (LOCK) {
                LENT.put(Pointer.nativeValue(m), m);
            }
            buffer.setPointer(0, m);
            size.setLong(0, BUFFER_BYTES);
            maxNumRecords.setLong(0, 0);
        };
        CuptiLibrary.BufferCompleted done = (context, streamId, buffer, size, validSize) -> {
            try {
                read(l, buffer, validSize);
                LongByReference n = new LongByReference();
                if (l.cuptiActivityGetNumDroppedRecords(context, streamId, n) == CuptiLibrary.CUPTI_SUCCESS) {
                    synchronized (LOCK) {
                        dropped += n.getValue();
                    }
                }
            } catch (RuntimeException | Error e) {
                synchronized (LOCK) {
                    callbackFailure = e.toString();
                }
            } finally {
                synchronized (LOCK) {
                    LENT.remove(Pointer.nativeValue(buffer));
                }
            }
        };
        check(lib.cuptiActivityRegisterCallbacks(req, done), "cuptiActivityRegisterCallbacks");
        requested = req;
        completed = done;
    }

    /** Reads the kernel records of one returned buffer into {@link #COLLECTED}. */
    private static void read(CuptiLibrary l, Pointer buffer, long validSize) {
        if (buffer == null || validSize <= 0) {
            return;
        }
        PointerByReference record = new PointerByReference(Pointer.NULL);
        List<KernelRecord> found = new ArrayList<>();
        long invalid = 0;
        int device;
        synchronized (LOCK) {
            device = collectDevice;
        }
        while (true) {
            int rc = l.cuptiActivityGetNextRecord(buffer, validSize, record);
            if (rc != CuptiLibrary.CUPTI_SUCCESS) {
                break; // CUPTI_ERROR_MAX_LIMIT_REACHED: the end; anything else: an incomplete record
            }
            Pointer r = record.getValue();
            if (!KernelActivityLayout.read(KernelActivityLayout.kind(r))
                    || (device >= 0 && KernelActivityLayout.deviceId(r) != device)) {
                continue;
            }
            KernelRecord k = KernelActivityLayout.read(r);
            if (k == null) {
                invalid++;
            } else {
                found.add(k);
            }
        }
        synchronized (LOCK) {
            COLLECTED.addAll(found);
            dropped += invalid;
        }
    }
}
