package com.example.legacy;

import dev.sns.gpu.GpuBackend;

/** The 0.1 way to ask whether there is a GPU. */
public final class LegacyProgram {
    private LegacyProgram() {}

    public static void main(String[] args) {
        GpuBackend.Status s = GpuBackend.detect();
        System.out.println(s.available() ? "GPU: driver " + s.cudaDriverVersion() : "no GPU: " + s.reason());
    }
}
