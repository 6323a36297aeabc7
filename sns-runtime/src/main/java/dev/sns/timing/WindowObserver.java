package dev.sns.timing;

/** Told when a measurement window opens and closes (for telemetry); never called inside a region. */
public interface WindowObserver {
    WindowObserver NONE = new WindowObserver() {
        @Override
        public void windowStarted(int window) {}

        @Override
        public void windowEnded(int window) {}
    };

    /** Before the first region of the window is started. */
    void windowStarted(int window);

    /** After every region of the window has been resolved (the device is idle). */
    void windowEnded(int window);
}
