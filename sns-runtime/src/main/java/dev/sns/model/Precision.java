package dev.sns.model;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The arithmetic a benchmark's declared flops are done in: which of the device's peak rates its
 * share of peak FLOP/s is read against. {@code *-tensor} are tensor-core (matrix) rates, dense.
 */
public enum Precision {
    /** Double precision on the CUDA cores: "fp64". */
    FP64("fp64"),
    /** Single precision on the CUDA cores: "fp32". */
    FP32("fp32"),
    /** Half precision on the CUDA cores: "fp16". */
    FP16("fp16"),
    /** bfloat16 on the CUDA cores: "bf16". */
    BF16("bf16"),
    /** Double precision on the tensor cores, dense: "fp64-tensor". */
    FP64_TENSOR("fp64-tensor"),
    /** TensorFloat-32 on the tensor cores, dense: "tf32-tensor". */
    TF32_TENSOR("tf32-tensor"),
    /** Half precision on the tensor cores, dense: "fp16-tensor". */
    FP16_TENSOR("fp16-tensor"),
    /** bfloat16 on the tensor cores, dense: "bf16-tensor". */
    BF16_TENSOR("bf16-tensor"),
    /** 8-bit floating point on the tensor cores, dense: "fp8-tensor". */
    FP8_TENSOR("fp8-tensor"),
    /** 8-bit integers on the tensor cores, dense (integer operations per second): "int8-tensor". */
    INT8_TENSOR("int8-tensor");

    private final String text;

    Precision(String text) {
        this.text = text;
    }

    /** {@return the spelling the option {@code precision} and the reports use} For example "fp32" or "tf32-tensor". */
    @Override
    public String toString() {
        return text;
    }

    /** {@return every spelling, joined by "|"} As "fp64|fp32|..." for help and error messages. */
    public static String spellings() {
        return Arrays.stream(values()).map(Precision::toString).collect(Collectors.joining("|"));
    }

    /**
     * Reads a spelling.
     *
     * @param s a spelling of {@link #toString()}, case-insensitive, surrounding blanks ignored
     * @return the precision it names
     * @throws IllegalArgumentException for any other text, listing the spellings
     */
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
