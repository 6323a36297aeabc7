package dev.sns.gpu;

import java.util.List;

/**
 * Finds the GPUs once per JVM and never throws doing it: without a driver, JCuda's native library
 * fails to load with a {@link LinkageError}, which becomes "unavailable" with the reason and the fix.
 *
 * <p>The system property {@code sns.gpu=off} makes detection report no GPU (for runs that must time
 * on the host, and for tests).
 */
public final class GpuBackend {
    private GpuBackend() {}

    /**
     * What detection found.
     *
     * @param available whether at least one CUDA device answered
     * @param reason why not, with the fix (empty when available)
     * @param devices the devices, by CUDA index
     * @param cudaDriverVersion the driver's CUDA version, e.g. "13.0" (empty when unavailable)
     */
    public record Status(boolean available, String reason, List<GpuDevice> devices, String cudaDriverVersion) {
        public Status {
            devices = List.copyOf(devices);
        }

        public static Status unavailable(String reason) {
            return new Status(false, reason, List.of(), "");
        }

        /** The device at a CUDA index, or an error naming the devices there are. */
        public GpuDevice device(int index) {
            if (!available) {
                throw new IllegalStateException("no GPU: " + reason);
            }
            if (index < 0 || index >= devices.size()) {
                throw new IllegalArgumentException("device " + index + " does not exist: this machine has "
                        + devices.size() + " CUDA device(s), indices 0.." + (devices.size() - 1));
            }
            return devices.get(index);
        }
    }

    private static volatile Status cached;

    /** The detection result, computed on first use. */
    public static Status detect() {
        Status s = cached;
        if (s == null) {
            synchronized (GpuBackend.class) {
                s = cached;
                if (s == null) {
                    s = probe();
                    cached = s;
                }
            }
        }
        return s;
    }

    private static Status probe() {
        if ("off".equalsIgnoreCase(System.getProperty("sns.gpu", ""))) {
            return Status.unavailable("GPU use switched off by -Dsns.gpu=off");
        }
        try {
            return dev.sns.gpu.cuda.CudaProbe.probe();
        } catch (LinkageError e) {
            return Status.unavailable("no CUDA driver (" + firstLine(e) + "). Run on a GPU host with the NVIDIA "
                    + "driver installed, or use timer=wall for host timing only");
        } catch (RuntimeException e) {
            return Status.unavailable("CUDA did not initialise (" + firstLine(e) + ")");
        }
    }

    private static String firstLine(Throwable e) {
        String m = String.valueOf(e.getMessage());
        int nl = m.indexOf('\n');
        return e.getClass().getSimpleName() + ": " + (nl < 0 ? m : m.substring(0, nl));
    }
}
