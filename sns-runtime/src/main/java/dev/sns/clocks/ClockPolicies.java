package dev.sns.clocks;

import java.nio.file.Paths;

/**
 * Parses a clock policy from its option text: {@code unlocked}, {@code max}, or
 * {@code lock:SM[,MEM][,power=W]} (MHz, MHz, watts).
 */
public final class ClockPolicies {
    private ClockPolicies() {}

    /**
     * @param spec the option text
     * @param smiPath nvidia-smi to use, or null/empty for the first on PATH (looked up only when needed)
     * @param device nvidia-smi's device selector
     */
    public static ClockPolicy parse(String spec, String smiPath, String device) {
        String s = spec == null ? "" : spec.trim();
        if (s.equals("unlocked")) {
            return UnlockedClockPolicy.INSTANCE;
        }
        if (s.equals("max")) {
            return new MaxClockPolicy(smi(smiPath), device);
        }
        if (s.startsWith("lock:")) {
            String[] parts = s.substring(5).split(",");
            Integer sm = null;
            Integer mem = null;
            Integer power = null;
            for (String raw : parts) {
                String p = raw.trim();
                if (p.startsWith("power=")) {
                    power = number(p.substring(6), spec, "power cap (W)");
                } else if (sm == null) {
                    sm = number(p, spec, "SM clock (MHz)");
                } else if (mem == null) {
                    mem = number(p, spec, "memory clock (MHz)");
                } else {
                    throw bad(spec);
                }
            }
            if (sm == null) {
                throw bad(spec);
            }
            return new LockedClockPolicy(smi(smiPath), device, sm, mem, power);
        }
        throw bad(spec);
    }

    /** Checks the syntax without looking for nvidia-smi (for option validation before any fork). */
    public static void validate(String spec) {
        String s = spec == null ? "" : spec.trim();
        if (s.equals("unlocked") || s.equals("max")) {
            return;
        }
        if (!s.startsWith("lock:")) {
            throw bad(spec);
        }
        String[] parts = s.substring(5).split(",");
        int plain = 0;
        for (String raw : parts) {
            String p = raw.trim();
            if (p.startsWith("power=")) {
                number(p.substring(6), spec, "power cap (W)");
            } else {
                number(p, spec, plain == 0 ? "SM clock (MHz)" : "memory clock (MHz)");
                plain++;
            }
        }
        if (plain < 1 || plain > 2) {
            throw bad(spec);
        }
    }

    private static NvidiaSmi smi(String path) {
        return path == null || path.isBlank() ? NvidiaSmi.onPath() : NvidiaSmi.at(Paths.get(path));
    }

    private static int number(String text, String spec, String what) {
        try {
            int v = Integer.parseInt(text.trim());
            if (v <= 0) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("clocks=" + spec + ": the " + what + " must be a positive integer, got '"
                    + text.trim() + "'");
        }
    }

    private static IllegalArgumentException bad(String spec) {
        return new IllegalArgumentException("clocks must be unlocked, max, or lock:SM[,MEM][,power=W] "
                + "(e.g. lock:1500 or lock:1500,3201,power=600); got '" + spec + "'");
    }
}
