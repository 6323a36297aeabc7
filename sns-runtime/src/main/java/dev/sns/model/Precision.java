package dev.sns.model;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The arithmetic a benchmark's declared flops are done in: which of the device's peak rates its
 * share of peak FLOP/s is read against. {@code *-tensor} are tensor-core (matrix) rates, dense.
 */
public enum Precision {
    FP64("fp64"), FP32("fp32"), FP16("fp16"), BF16("bf16"), FP64_TENSOR("fp64-tensor"), TF32_TENSOR("tf32-tensor"),
    FP16_TENSOR("fp16-tensor"), BF16_TENSOR("bf16-tensor"), FP8_TENSOR("fp8-tensor"), INT8_TENSOR("int8-tensor");

    private final String text;

    Precision(String text) {
        this.text = text;
    }

    @Override
    public String toString() {
        return text;
    }

    /** Every spelling, "fp64|fp32|...". */
    public static String spellings() {
        return Arrays.stream(values()).map(Precision::toString).collect(Collectors.joining("|"));
    }

    /** Reads a spelling of {@link #toString()} (case-insensitive). */
    public static Precision parse(String s) {
        String t = s.trim().toLowerCase(Locale.ROOT);
        for (Precision p : values()) {
            if (p.text.equals(t)) {
                return p;
            }
        }
        throw new IllegalArgumentException("must be one of " + spellings() + ", got '" + s + "'");
    }
}
