package dev.sns.gpu;

import dev.sns.model.ClockEvidence;
import dev.sns.timing.WindowObserver;
import java.util.ArrayList;
import java.util.List;

/**
 * Brackets each sampling window with telemetry and keeps each window's evidence, in order, marked
 * with whether the clock policy had the clocks locked (telemetry cannot know it).
 */
public final class TelemetryRecorder implements WindowObserver {
    private final GpuTelemetry telemetry;
    private final boolean locked;
    private final List<ClockEvidence> windows = new ArrayList<>();

    public TelemetryRecorder(GpuTelemetry telemetry, boolean locked) {
        this.telemetry = telemetry;
        this.locked = locked;
    }

    @Override
    public void windowStarted(int window) {
        telemetry.beginWindow();
    }

    @Override
    public void windowEnded(int window) {
        windows.add(telemetry.endWindow().withLocked(locked));
    }

    /** Evidence of the windows recorded so far, from index {@code from} (inclusive) to {@code to}. */
    public List<ClockEvidence> windows(int from, int to) {
        return List.copyOf(windows.subList(from, to));
    }

    /** Windows recorded so far. */
    public int size() {
        return windows.size();
    }
}
