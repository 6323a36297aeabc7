package dev.sns.jmh.host;

import java.io.OutputStream;
import java.io.PrintStream;

/**
 * The host's console, which can be told that JMH has left a line open: JMH prints
 * {@code "# Processing profiler results: SnsProfiler "} and then calls the profiler, so the first thing
 * the host prints there starts a new line first, and nothing is added when it prints nothing.
 */
final class FreshLine extends PrintStream {
    private boolean open;

    FreshLine(OutputStream out) {
        super(out, true);
    }

    /** JMH has (or no longer has) a line open on this console. */
    synchronized void lineOpen(boolean isOpen) {
        this.open = isOpen;
    }

    @Override
    public synchronized void write(int b) {
        breakLine();
        super.write(b);
    }

    @Override
    public synchronized void write(byte[] buf, int off, int len) {
        if (len > 0) {
            breakLine();
        }
        super.write(buf, off, len);
    }

    private void breakLine() {
        if (open) {
            open = false;
            super.write('\n');
        }
    }
}
