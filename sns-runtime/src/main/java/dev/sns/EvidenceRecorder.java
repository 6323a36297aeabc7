package dev.sns;

import dev.sns.gpu.GpuTelemetry;
import dev.sns.model.ClockEvidence;
import dev.sns.timing.WindowObserver;
import java.util.ArrayList;
import java.util.List;

/** Brackets each window with telemetry and keeps each window's evidence, in order. */
final class EvidenceRecorder implements WindowObserver {
    private final GpuTelemetry telemetry;
    private final boolean locked;
    private final List<ClockEvidence> windows = new ArrayList<>();

    EvidenceRecorder(GpuTelemetry telemetry, boolean locked) {
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
    List<ClockEvidence> windows(int from, int to) {
        return List.copyOf(windows.subList(from, to));
    }

    int size() {
        return windows.size();
    }

    /** All given windows' evidence together; no evidence (with the reason) when there is none. */
    ClockEvidence merged(List<ClockEvidence> list) {
        if (list.isEmpty()) {
            return ClockEvidence.none(telemetry.describe(), locked);
        }
        ClockEvidence m = list.get(0);
        for (int i = 1; i < list.size(); i++) {
            m = m.merge(list.get(i));
        }
        return m;
    }
}
