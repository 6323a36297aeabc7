package dev.sns.fakes;

import dev.sns.gpu.GpuBackend;
import dev.sns.gpu.GpuDevice;
import dev.sns.gpu.GpuTelemetry;
import dev.sns.gpu.SensorInventory;
import dev.sns.model.BoardIdentity;
import dev.sns.model.DevicePeaks;
import dev.sns.model.Precision;
import dev.sns.options.SnsOptions;
import dev.sns.timing.EnergyCounter;
import dev.sns.timing.KernelRecorder;
import dev.sns.timing.Timer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A second GPU backend, registered like the NVIDIA one (a line in this test-jar's
 * {@code META-INF/services/dev.sns.gpu.GpuBackend}) and chosen only by name:
 * {@code -Dsns.backend=fake}. A 32 ns timer whose empty launch costs {@code sns.fake.overheadNanos}
 * (default 2000), steady clocks at {@code sns.fake.smMhz} MHz (default 1500; "throttle" makes every
 * window throttled). JMH fork tests time their fake kernels ({@link FakeGpu#spin}) on it.
 *
 * <p>A node of several GPUs: {@value #DEVICES}{@code =N} gives N devices (default 1), each with its
 * own UUID ({@code GPU-fa4e000i-...}) and PCI bus id ({@code 00000000:0i:00.0}); NVML's inventory
 * lists them in the reverse order, so that CUDA's and NVML's indices differ as on real nodes.
 * {@value #SLOW}{@code =1:1.1} makes device 1's work take 1.1 times as long, and its SM clock read
 * 1500 / 1.1 MHz with a software power cap flagged (metadata, not a throttle): a sick sibling with
 * its evidence. {@value #TRACE}{@code =FILE} appends a line when a fork opens its timer and when it
 * closes it ({@code open|close device=i pid=P ms=epoch millis started=the JVM's start, epoch
 * millis}), to show which forks overlapped.
 */
public final class FakeGpuBackend implements GpuBackend {
    /** System property: how many fake devices (default 1). */
    public static final String DEVICES = "sns.fake.devices";
    /** System property: slow devices, {@code index:factor,...} (e.g. {@code 1:1.1}). */
    public static final String SLOW = "sns.fake.slow";
    /** System property: a file each fork's timer open and close are appended to. */
    public static final String TRACE = "sns.fake.trace";

    /**
     * System property: the boards' UUIDs, {@code uuid0,uuid1,...} by device index (a lease that lands
     * on another board: a run with another list); a device not named has its own UUID as its board's.
     */
    public static final String BOARDS = "sns.fake.boards";

    /** For {@link java.util.ServiceLoader}. */
    public FakeGpuBackend() {}

    @Override
    public String name() {
        return "fake";
    }

    @Override
    public boolean autoSelect() {
        return false;
    }

    @Override
    public Status probe() {
        return new Status(true, "", devices(), "13.0");
    }

    /** The fake devices: {@link FakeBackend#DEVICE} and its siblings. */
    public static List<GpuDevice> devices() {
        int n = Integer.getInteger(DEVICES, 1);
        List<GpuDevice> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(device(i));
        }
        return out;
    }

    /** Fake device {@code i}: device 0 is {@link FakeBackend#DEVICE}. */
    public static GpuDevice device(int i) {
        GpuDevice d = FakeBackend.DEVICE;
        return new GpuDevice(i, d.name(), d.computeCapability(), d.smCount(), d.l2Bytes(), d.memoryBytes(),
                d.maxSmClockMhz(), d.maxMemClockMhz(), d.memoryBusWidthBits(),
                String.format(Locale.ROOT, "%08x:%02x:00.0", 0, i),
                String.format(Locale.ROOT, "GPU-fa4e%04x-0000-4000-8000-%012x", i, i));
    }

    /** NVML's view: the same devices in the reverse order (NVML's indices differ from CUDA's), NVML's spelling of the bus id. */
    @Override
    public SensorInventory sensorInventory() {
        List<GpuDevice> cuda = devices();
        List<SensorInventory.Device> out = new ArrayList<>();
        for (int k = 0; k < cuda.size(); k++) {
            GpuDevice d = cuda.get(cuda.size() - 1 - k);
            out.add(new SensorInventory.Device(k, "NVIDIA " + d.name(), d.uuid(),
                    d.pciBusId().toUpperCase(Locale.ROOT), smMhz(d.index()), 3201, 1980, 3201));
        }
        return SensorInventory.of(out);
    }

    /**
     * The fake board of a device: its UUID from {@value #BOARDS} (else the device's), a serial, VBIOS and
     * part number derived from it, a 700 W limit, PCIe 5 x16, ECC and persistence on, MIG off; the
     * module id NOT_SUPPORTED, as on a PCIe card.
     */
    @Override
    public BoardIdentity board(GpuDevice device) {
        return board(device.index(), boardUuid(device));
    }

    /** The board {@link #board(GpuDevice)} gives device {@code index} on the board {@code uuid}. */
    public static BoardIdentity board(int index, String uuid) {
        return BoardIdentity.builder().set("uuid", uuid).set("serial", "FAKE" + Integer.toHexString(uuid.hashCode()))
                .set("vbiosVersion", "96.00.A5.00.1A").set("boardPartNumber", "692-2G520-0200-00" + index)
                .set("powerLimitWatts", 700.0).set("defaultPowerLimitWatts", 700.0).set("eccEnabled", true)
                .set("pcieLinkGeneration", 5).set("pcieLinkWidth", 16).set("pcieMaxLinkGeneration", 5)
                .set("pcieMaxLinkWidth", 16).set("persistenceMode", true).set("migMode", false)
                .absent("moduleId", "NOT_SUPPORTED").build("not read");
    }

    private static String boardUuid(GpuDevice device) {
        String[] named = System.getProperty(BOARDS, "").trim().split(",");
        int i = device.index();
        return i < named.length && !named[i].isBlank() ? named[i].trim() : device.uuid();
    }

    @Override
    public Timer openTimer(GpuDevice device, SnsOptions options) {
        FakeTimer t = new FakeTimer(32, 1024).withEmptyLaunch(Long.getLong("sns.fake.overheadNanos", 2000))
                .slowedBy(slowdown(device.index()));
        String trace = System.getProperty(TRACE);
        if (trace != null) {
            trace(trace, "open", device.index());
            t.onClose(() -> trace(trace, "close", device.index()));
        }
        lastTimer = t;
        return t;
    }

    private volatile FakeTimer lastTimer;

    @Override
    public GpuTelemetry openTelemetry(GpuDevice device, SnsOptions options) {
        String mhz = System.getProperty("sns.fake.smMhz", "1500");
        if (mhz.equals("throttle")) {
            return new FakeTelemetry(null, FakeTelemetry.throttled(1500));
        }
        double factor = slowdown(device.index());
        if (factor != 1.0) {
            return new FakeTelemetry(null, FakeTelemetry.capped(Double.parseDouble(mhz) / factor, 5));
        }
        return new FakeTelemetry(null, FakeTelemetry.steady(Double.parseDouble(mhz), 5));
    }

    /** The SM clock device {@code i} reads: the base clock over its slowdown. */
    private static double smMhz(int i) {
        return Double.parseDouble(System.getProperty("sns.fake.smMhz", "1500").replace("throttle", "1500")) / slowdown(i);
    }

    /** How many times longer device {@code i}'s work takes ({@value #SLOW}; 1 when not named there). */
    public static double slowdown(int i) {
        Map<Integer, Double> m = new HashMap<>();
        String spec = System.getProperty(SLOW, "").trim();
        if (!spec.isEmpty()) {
            for (String part : spec.split(",")) {
                String[] kv = part.trim().split(":");
                m.put(Integer.parseInt(kv[0].trim()), Double.parseDouble(kv[1].trim()));
            }
        }
        return m.getOrDefault(i, 1.0);
    }

    private static void trace(String file, String what, int device) {
        // the JVM's own start, on the same clock as currentTimeMillis (ProcessHandle's start time is
        // derived from the boot time, which the kernel gives to the second)
        long started = java.lang.management.ManagementFactory.getRuntimeMXBean().getStartTime();
        String line = what + " device=" + device + " pid=" + ProcessHandle.current().pid() + " ms="
                + System.currentTimeMillis() + " started=" + started + "\n";
        try {
            Path p = Paths.get(file);
            Files.write(p, line.getBytes(StandardCharsets.UTF_8), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new IllegalStateException("cannot append to the fake trace " + file + ": " + e, e);
        }
    }

    /** The fake timer's work, recorded when the kernel pass asks (the fork's timer is the one open). */
    @Override
    public KernelRecorder openKernelRecorder(GpuDevice device, SnsOptions options) {
        FakeTimer t = lastTimer;
        return t == null ? KernelRecorder.unavailable("no fake timer is open") : new FakeKernelRecorder(t);
    }

    /**
     * A counter on the host's clock (JMH forks run in real time): {@code sns.fake.energyWatts} watts
     * (default 250) while the fork lives, a step every {@code sns.fake.energyPeriodMs} ms (default 10);
     * {@code sns.fake.energyWatts=none} makes it unavailable, as on a GPU without the counter.
     */
    @Override
    public EnergyCounter openEnergyCounter(GpuDevice device, SnsOptions options) {
        String w = System.getProperty("sns.fake.energyWatts", "250");
        if (w.equals("none")) {
            return EnergyCounter.unavailable("the fake GPU has no energy counter (sns.fake.energyWatts=none)");
        }
        double watts = Double.parseDouble(w);
        long period = (long) (Double.parseDouble(System.getProperty("sns.fake.energyPeriodMs", "10")) * 1e6);
        long origin = System.nanoTime();
        return new EnergyCounter() {
            @Override
            public double millijoules() {
                long t = System.nanoTime() - origin;
                return watts * (t / period * period) * 1e-6;
            }

            @Override
            public double powerW() {
                return watts;
            }

            @Override
            public double temperatureC() {
                return 45;
            }
        };
    }

    @Override
    public DevicePeaks peaks(GpuDevice device, Precision precision) {
        return new FakeBackend(null, null).peaks(device, precision);
    }

    @Override
    public String sensorsVersion() {
        return "fake-nvml 1.0";
    }
}
