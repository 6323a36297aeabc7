package dev.sns.validation;

import dev.sns.gpu.GpuBackend;
import dev.sns.gpu.GpuBackends;

/** The tools' one answer on a host without a GPU: one line on stderr saying why, and exit {@value #EXIT}. */
final class GpuRequired {
    /** A tool run without a GPU exits with this code, as the sns Main does with {@code requireGpu=true}. */
    static final int EXIT = 3;

    private GpuRequired() {}

    /** The line to print where no GPU is found ({@code hint}, if any, says what runs without one), else null. */
    static String missing(String tool, String hint) {
        GpuBackend.Status gpu = GpuBackends.detect().probe();
        return gpu.available() ? null : tool + ": no GPU (" + gpu.reason() + ")" + (hint.isEmpty() ? "" : "; " + hint);
    }

    /** Returns where a GPU is found; else prints {@link #missing}'s line and exits with {@value #EXIT}. */
    static void orExit(String tool, String hint) {
        String line = missing(tool, hint);
        if (line != null) {
            System.err.println(line);
            System.exit(EXIT);
        }
    }
}
