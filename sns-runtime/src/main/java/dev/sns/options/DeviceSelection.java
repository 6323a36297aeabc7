package dev.sns.options;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Which GPUs a run measures on, as the option {@code devices} writes it: {@code all}, or a comma list
 * of CUDA device indices ({@code 0,1}) and UUID prefixes ({@code GPU-5f2c}, the leading
 * {@code GPU-} optional; at least 4 hex digits). Syntax only: which devices it names is found where
 * the devices are known ({@code GpuBackend.Status#select}), in the order written here (the first is
 * the reference the device-health table compares the others with).
 *
 * <p>Indices are CUDA's, after {@code CUDA_VISIBLE_DEVICES} and in {@code CUDA_DEVICE_ORDER}; a UUID
 * names one GPU whatever the ordering.
 *
 * @param all every device the backend sees
 * @param tokens the indices and UUID prefixes, in the order given (empty when {@code all})
 */
public record DeviceSelection(boolean all, List<String> tokens) {
    /** Shortest UUID prefix accepted (hex digits after "GPU-"): shorter ones would match by accident. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static final int MIN_UUID_HEX_DIGITS = 4;

    /**
     * Checks that {@code all} and the tokens agree.
     *
     * @param all every device the backend sees
     * @param tokens the indices and UUID prefixes, in the order given (empty when {@code all})
     * @throws NullPointerException if {@code tokens} is null
     * @throws IllegalArgumentException if {@code all} comes with tokens, or neither is given
     */
    public DeviceSelection {
        tokens = List.copyOf(Objects.requireNonNull(tokens, "tokens"));
        if (all != tokens.isEmpty()) {
            throw new IllegalArgumentException(all ? "devices=all takes no other device" : "devices names no device");
        }
    }

    /** {@return the first CUDA device, index 0} The default. */
    public static DeviceSelection first() {
        return index(0);
    }

    /**
     * One device by CUDA index.
     *
     * @param index the CUDA index, after {@code CUDA_VISIBLE_DEVICES}, at least 0
     * @return the selection of that one device
     * @throws IllegalArgumentException if {@code index} is negative
     */
    public static DeviceSelection index(int index) {
        if (index < 0) {
            throw new IllegalArgumentException("device index must be at least 0, got " + index);
        }
        return new DeviceSelection(false, List.of(Integer.toString(index)));
    }

    /** {@return the selection of every device the backend sees} As {@code devices=all} writes it. */
    public static DeviceSelection every() {
        return new DeviceSelection(true, List.of());
    }

    /**
     * Reads the option's text.
     *
     * @param text {@code all}, or a comma list of CUDA indices and UUID prefixes ({@code 0,GPU-5f2c});
     *     blanks around entries ignored
     * @return the selection, indices and UUID prefixes in the order written, UUID prefixes in NVIDIA's
     *     form ({@code GPU-} and lower-case hex)
     * @throws IllegalArgumentException for an empty text or entry, a negative index, a MIG instance, a
     *     UUID prefix that is not hex or shorter than {@value #MIN_UUID_HEX_DIGITS} hex digits, or an
     *     entry given twice, naming it
     */
    public static DeviceSelection parse(String text) {
        String s = text == null ? "" : text.trim();
        if (s.isEmpty()) {
            throw new IllegalArgumentException("devices names no device: write all, indices (0,1) or UUID prefixes");
        }
        if (s.equalsIgnoreCase("all")) {
            return every();
        }
        List<String> out = new ArrayList<>();
        for (String raw : s.split(",", -1)) {
            String t = raw.trim();
            if (t.isEmpty()) {
                throw new IllegalArgumentException("devices has an empty entry in '" + s + "'");
            }
            if (t.equalsIgnoreCase("all")) {
                throw new IllegalArgumentException("devices=all stands alone, got '" + s + "'");
            }
            if (t.startsWith("-") && isIndex(t.substring(1))) {
                throw new IllegalArgumentException("device index must be at least 0, got " + t);
            }
            String token = isIndex(t) ? Integer.toString(index(t)) : uuidPrefix(t);
            if (out.contains(token)) {
                throw new IllegalArgumentException("devices names " + t + " twice");
            }
            out.add(token);
        }
        return new DeviceSelection(false, out);
    }

    /**
     * Whether a token is a CUDA index (else it is a UUID prefix).
     *
     * @param token one of {@link #tokens()}
     * @return true if it is all decimal digits
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static boolean isIndex(String token) {
        return !token.isEmpty() && token.chars().allMatch(Character::isDigit);
    }

    private static int index(String t) {
        try {
            return Integer.parseInt(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("device index " + t + " is past any machine's count");
        }
    }

    /** A UUID prefix in NVIDIA's form: "GPU-" and lower-case hex with its dashes. */
    private static String uuidPrefix(String t) {
        String lower = t.toLowerCase(Locale.ROOT);
        if (lower.startsWith("mig-")) {
            throw new IllegalArgumentException("devices=" + t + ": MIG instances are not supported; name the whole GPU");
        }
        String hex = lower.startsWith("gpu-") ? lower.substring(4) : lower;
        int digits = 0;
        for (char c : hex.toCharArray()) {
            if (Character.digit(c, 16) >= 0) {
                digits++;
            } else if (c != '-') {
                throw new IllegalArgumentException("devices entry '" + t + "' is neither a CUDA index nor a GPU UUID "
                        + "prefix (GPU- and hex digits, as nvidia-smi -L shows them)");
            }
        }
        if (digits < MIN_UUID_HEX_DIGITS) {
            throw new IllegalArgumentException("devices entry '" + t + "' is too short a UUID prefix: give at least "
                    + MIN_UUID_HEX_DIGITS + " hex digits");
        }
        return "GPU-" + hex;
    }

    /** {@return whether this selects exactly one device by index} What a fork of the sns Main is given. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public boolean isSingleIndex() {
        return !all && tokens.size() == 1 && isIndex(tokens.get(0));
    }

    /** {@return the selection as the option writes it} For example "all", "0,1" or "GPU-5f2c". */
    @Override
    public String toString() {
        return all ? "all" : String.join(",", tokens);
    }
}
