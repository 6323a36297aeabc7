package dev.sns.gpu;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Whether the timing library (CUDA) and the sensor library (NVML) mean the same GPU by a device: they
 * number devices differently (CUDA fastest first by default and after {@code CUDA_VISIBLE_DEVICES},
 * NVML by PCI bus), so a device is matched by its UUID and its PCI bus id, never by its index. The
 * clock evidence of a measurement is read from the sensor device matched here (NVML is opened by PCI
 * bus id), and clock policies name the device by UUID.
 *
 * @param device the CUDA device
 * @param sensors the sensor library's device it matched, or null
 * @param agreement how the two identities agree
 */
public record DeviceIdentity(GpuDevice device, SensorInventory.Device sensors, Agreement agreement) {
    /** How a CUDA device and the sensor library's devices agree. */
    public enum Agreement {
        /** One sensor device has both the UUID and the PCI bus id. */
        AGREE("yes: UUID and PCI bus id"),
        /** One sensor device has the UUID; a PCI bus id is unknown on one side. */
        UUID_ONLY("yes: UUID (no PCI bus id to compare)"),
        /** One sensor device has the PCI bus id; a UUID is unknown on one side. */
        PCI_ONLY("yes: PCI bus id (no UUID to compare)"),
        /** The UUID names one sensor device and the PCI bus id another (or neither matches the other). */
        CONFLICT("NO: the UUID and the PCI bus id name different devices"),
        /** No sensor device has either. */
        NOT_FOUND("NO: the sensor library has no device with this UUID or PCI bus id"),
        /** The sensor library could not be read. */
        NO_SENSORS("unknown: no sensor library");

        private final String text;

        Agreement(String text) {
            this.text = text;
        }

        /** In words, for the listing. */
        public String text() {
            return text;
        }

        /** Whether the two libraries were shown to mean the same GPU. */
        public boolean agrees() {
            return this == AGREE || this == UUID_ONLY || this == PCI_ONLY;
        }
    }

    public DeviceIdentity {
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(agreement, "agreement");
    }

    /** Each CUDA device matched with the sensor library's devices, in CUDA's order. */
    public static List<DeviceIdentity> match(List<GpuDevice> cuda, SensorInventory sensors) {
        List<DeviceIdentity> out = new ArrayList<>();
        for (GpuDevice d : cuda) {
            out.add(match(d, sensors));
        }
        return out;
    }

    /** One CUDA device matched by UUID and by PCI bus id. */
    public static DeviceIdentity match(GpuDevice d, SensorInventory sensors) {
        if (!sensors.available()) {
            return new DeviceIdentity(d, null, Agreement.NO_SENSORS);
        }
        SensorInventory.Device byUuid = null;
        SensorInventory.Device byPci = null;
        for (SensorInventory.Device s : sensors.devices()) {
            if (!d.uuid().isEmpty() && d.uuid().equalsIgnoreCase(s.uuid())) {
                byUuid = s;
            }
            if (samePciBus(d.pciBusId(), s.pciBusId())) {
                byPci = s;
            }
        }
        if (byUuid != null && byPci != null) {
            return byUuid == byPci ? new DeviceIdentity(d, byUuid, Agreement.AGREE)
                    : new DeviceIdentity(d, byUuid, Agreement.CONFLICT);
        }
        if (byUuid != null) {
            boolean comparable = !d.pciBusId().isEmpty() && !byUuid.pciBusId().isEmpty();
            return new DeviceIdentity(d, byUuid, comparable ? Agreement.CONFLICT : Agreement.UUID_ONLY);
        }
        if (byPci != null) {
            boolean comparable = !d.uuid().isEmpty() && !byPci.uuid().isEmpty();
            return new DeviceIdentity(d, byPci, comparable ? Agreement.CONFLICT : Agreement.PCI_ONLY);
        }
        return new DeviceIdentity(d, null, Agreement.NOT_FOUND);
    }

    /**
     * Whether two PCI bus ids name the same bus location, whatever their spelling: CUDA writes
     * {@code 0000:3b:00.0}, NVML {@code 00000000:3B:00.0}. Empty or unreadable ids match nothing.
     */
    public static boolean samePciBus(String a, String b) {
        long[] x = pciParts(a);
        long[] y = pciParts(b);
        return x != null && y != null && java.util.Arrays.equals(x, y);
    }

    /** {domain, bus, device, function}, or null when the text is not a PCI bus id. */
    static long[] pciParts(String id) {
        if (id == null) {
            return null;
        }
        String[] p = id.trim().toLowerCase(Locale.ROOT).split("[:.]");
        if (p.length != 4) {
            return null;
        }
        try {
            long[] out = new long[4];
            for (int i = 0; i < 4; i++) {
                out[i] = Long.parseLong(p[i], 16);
            }
            return out;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
