package dev.sns.fakes;

import dev.sns.gpu.GpuTelemetry;
import dev.sns.model.ClockEvidence;
import dev.sns.model.ThrottleEvidence;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Telemetry with scripted windows: each {@link #endWindow()} returns the next scripted evidence
 * (the last one repeats). Fails a test that queries it inside a timed region of its timer.
 */
public final class FakeTelemetry implements GpuTelemetry {
    private final List<ClockEvidence> script;
    private final FakeTimer timer;
    private final List<String> violations = new ArrayList<>();
    private int windows;
    private boolean inWindow;
    private boolean closed;

    public FakeTelemetry(FakeTimer timer, ClockEvidence... script) {
        this.timer = timer;
        this.script = List.of(script);
        if (script.length == 0) {
            throw new IllegalArgumentException("script at least one window");
        }
    }

    /** Evidence of steady clocks at {@code mhz} (n samples), no throttle. */
    public static ClockEvidence steady(double mhz, int n) {
        double[] sm = new double[n];
        java.util.Arrays.fill(sm, mhz);
        return new ClockEvidence("fake-nvml", false, sm, new double[0], ThrottleEvidence.none());
    }

    /**
     * Evidence of a GPU held down by its power cap: steady clocks at {@code mhz} (n samples), the
     * software power cap flagged and the power counter advanced 1 ms (metadata, not a throttle: the
     * tier stays B, and a slower sibling shows why).
     */
    public static ClockEvidence capped(double mhz, int n) {
        double[] sm = new double[n];
        java.util.Arrays.fill(sm, mhz);
        return new ClockEvidence("fake-nvml", false, sm, new double[0],
                new ThrottleEvidence(List.of(), List.of("sw_power_cap"), Map.of("power", 1_000_000L)));
    }

    /** Evidence of clocks at the given samples, no throttle. */
    public static ClockEvidence clocks(double... mhz) {
        return new ClockEvidence("fake-nvml", false, mhz, new double[0], ThrottleEvidence.none());
    }

    /** Evidence of a thermal throttle during the window. */
    public static ClockEvidence throttled(double mhz) {
        return new ClockEvidence("fake-nvml", false, new double[] {mhz, mhz}, new double[0],
                new ThrottleEvidence(List.of("hw_thermal_slowdown"), List.of(), Map.of("thermal", 1_000_000L)));
    }

    public int windowCount() {
        return windows;
    }

    public List<String> violations() {
        return violations;
    }

    public boolean isClosed() {
        return closed;
    }

    @Override
    public boolean available() {
        return true;
    }

    @Override
    public String describe() {
        return "fake-nvml";
    }

    @Override
    public void beginWindow() {
        if (timer != null && timer.isOpen()) {
            violations.add("beginWindow inside a timed region");
        }
        if (inWindow) {
            violations.add("beginWindow twice");
        }
        inWindow = true;
        if (timer != null) {
            timer.mark("window-begin");
        }
    }

    @Override
    public ClockEvidence endWindow() {
        if (timer != null && timer.isOpen()) {
            violations.add("endWindow inside a timed region");
        }
        if (!inWindow) {
            violations.add("endWindow without beginWindow");
        }
        inWindow = false;
        if (timer != null) {
            timer.mark("window-end");
        }
        ClockEvidence e = script.get(Math.min(windows, script.size() - 1));
        windows++;
        return e;
    }

    @Override
    public void close() {
        closed = true;
    }
}
