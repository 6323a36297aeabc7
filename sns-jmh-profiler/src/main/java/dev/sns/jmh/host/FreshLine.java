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
    private java.io.ByteArrayOutputStream held;

    FreshLine(OutputStream out) {
        super(out, true);
    }

    /** JMH has (or no longer has) a line open on this console. */
    synchronized void lineOpen(boolean isOpen) {
        this.open = isOpen;
    }

    /**
     * Holds what the host prints until {@link #release}: with {@code -f 0} the host's lines come while
     * JMH's "Iteration N:" line waits for its score, and would be spliced into it.
     */
    synchronized void hold() {
        if (held == null) {
            held = new java.io.ByteArrayOutputStream();
        }
    }

    /** Prints what was held, on a line of its own; nothing when nothing was. */
    synchronized void release() {
        if (held == null) {
            return;
        }
        byte[] b = held.toByteArray();
        held = null;
        if (b.length > 0) {
            breakLine();
            super.write(b, 0, b.length);
            flush();
        }
    }

    @Override
    public synchronized void write(int b) {
        if (held != null) {
            held.write(b);
            return;
        }
        breakLine();
        super.write(b);
    }

    @Override
    public synchronized void write(byte[] buf, int off, int len) {
        if (held != null) {
            held.write(buf, off, len);
            return;
        }
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
