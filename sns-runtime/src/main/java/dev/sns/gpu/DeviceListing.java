package dev.sns.gpu;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The device listing ({@code -prof sns:devices}, {@code Sns.formatDevices()}): each device a backend
 * can time, with what names it (CUDA index, UUID, PCI bus id), what it is (name, compute capability,
 * memory, SMs, L2), its clocks now and at most, and whether the timing and the sensor library agree
 * on which GPU it is ({@link DeviceIdentity}). Text only; never throws.
 */
public final class DeviceListing {
    private DeviceListing() {}

    /** The listing of {@code backend}'s devices ({@code selected}: those a run would measure, marked "*"; may be null). */
    public static String format(GpuBackend backend, List<GpuDevice> selected) {
        GpuBackend.Status status = backend.probe();
        if (!status.available()) {
            return "sns: no GPU here: " + status.reason() + "\n";
        }
        SensorInventory sensors;
        try {
            sensors = backend.sensorInventory();
        } catch (RuntimeException | LinkageError e) {
            sensors = SensorInventory.unavailable("the sensor library failed: " + e);
        }
        return format(backend.name(), status, sensors, selected);
    }

    /** The listing of these devices and this sensor inventory (for tests: any orders, any mismatches). */
    public static String format(String backendName, GpuBackend.Status status, SensorInventory sensors,
                                List<GpuDevice> selected) {
        List<DeviceIdentity> ids = DeviceIdentity.match(status.devices(), sensors);
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"", "cuda", "nvml", "name", "uuid", "pci bus id", "cc", "memory", "SMs", "L2",
                "SM MHz now/max", "mem MHz now/max", "same GPU in CUDA and NVML"});
        for (DeviceIdentity id : ids) {
            GpuDevice d = id.device();
            SensorInventory.Device s = id.sensors();
            int maxSm = d.maxSmClockMhz() > 0 ? d.maxSmClockMhz() : s == null ? 0 : s.maxSmClockMhz();
            int maxMem = d.maxMemClockMhz() > 0 ? d.maxMemClockMhz() : s == null ? 0 : s.maxMemClockMhz();
            rows.add(new String[] {selected != null && selected.contains(d) ? "*" : "", Integer.toString(d.index()),
                    s == null ? "-" : Integer.toString(s.index()), d.name(), d.uuid().isEmpty() ? "-" : d.uuid(),
                    d.pciBusId().isEmpty() ? "-" : d.pciBusId(), d.computeCapability(), gib(d.memoryBytes()),
                    Integer.toString(d.smCount()), mib(d.l2Bytes()),
                    mhz(s == null ? Double.NaN : s.smClockMhz()) + "/" + mhz(maxSm),
                    mhz(s == null ? Double.NaN : s.memClockMhz()) + "/" + mhz(maxMem), id.agreement().text()});
        }
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "sns: %d GPU(s) (%s backend, driver API %s)%s%n", status.devices().size(),
                backendName, status.driverVersion().isEmpty() ? "?" : status.driverVersion(),
                selected == null ? "" : ", * = selected by devices"));
        sb.append(table(rows));
        if (!sensors.available()) {
            sb.append("no clocks and no identity check: ").append(sensors.reason()).append('\n');
        } else {
            int unseen = sensors.devices().size() - (int) ids.stream().filter(i -> i.sensors() != null).count();
            if (unseen > 0) {
                sb.append(unseen).append(" more GPU(s) seen by NVML are not visible to CUDA (CUDA_VISIBLE_DEVICES?)\n");
            }
        }
        if (ids.stream().anyMatch(i -> !i.agreement().agrees() && i.agreement() != DeviceIdentity.Agreement.NO_SENSORS)) {
            sb.append("WARNING: CUDA and NVML disagree on a device above: its clock evidence may come from another GPU\n");
        }
        sb.append("cuda: the index devices=i names (after CUDA_VISIBLE_DEVICES, in CUDA_DEVICE_ORDER); nvml: the "
                + "index nvidia-smi uses. devices=all, devices=0,1 or a UUID prefix selects GPUs.\n");
        return sb.toString();
    }

    private static String table(List<String[]> rows) {
        int cols = rows.get(0).length;
        int[] w = new int[cols];
        for (String[] r : rows) {
            for (int i = 0; i < cols; i++) {
                w[i] = Math.max(w[i], r[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < cols; i++) {
                line.append(i == 0 ? "" : "  ").append(r[i]).append(" ".repeat(i == cols - 1 ? 0 : w[i] - r[i].length()));
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
        return sb.toString();
    }

    private static String gib(long bytes) {
        return bytes <= 0 ? "-" : String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
    }

    private static String mib(long bytes) {
        return bytes <= 0 ? "-" : String.format(Locale.ROOT, "%.0f MiB", bytes / (double) (1L << 20));
    }

    private static String mhz(double v) {
        return Double.isNaN(v) || v <= 0 ? "-" : String.format(Locale.ROOT, "%.0f", v);
    }
}
