package dev.sns.reports;

/** The checks the entry builders share; each names the entry, the field and the bad value. */
final class Checks {
    private Checks() {}

    /** {@code lower <= upper} when both are known: "summary lower (2.0) > upper (1.0)". */
    static void ordered(String entry, String lowerName, Double lower, String upperName, Double upper) {
        if (lower != null && upper != null && lower > upper) {
            throw new IllegalArgumentException(entry + " " + lowerName + " (" + lower + ") > " + upperName + " ("
                    + upper + ")");
        }
    }

    /** A confidence level in (0, 1) when known. */
    static void confidence(String entry, Double confidence) {
        if (confidence != null && !(confidence > 0.0 && confidence < 1.0)) {
            throw new IllegalArgumentException(entry + " confidence must be in (0, 1) (0.95 is 95%), got " + confidence);
        }
    }

    /** A count that is not negative when known. */
    static void notNegative(String entry, String name, Number count) {
        if (count != null && count.longValue() < 0) {
            throw new IllegalArgumentException(entry + " " + name + " must not be negative, got " + count);
        }
    }

    /** Both bounds of an interval, or neither: "summary repeatLower (1.0) without repeatUpper". */
    static void bothOrNeither(String entry, String lowerName, Double lower, String upperName, Double upper) {
        if ((lower == null) != (upper == null)) {
            throw new IllegalArgumentException(entry + " " + (lower == null ? upperName + " (" + upper + ") without "
                    + lowerName : lowerName + " (" + lower + ") without " + upperName) + ": give both bounds or neither");
        }
    }

    /** Text that is null when not known, never "": "summary intervalScope is empty: leave it null when not known". */
    static void notEmpty(String entry, String name, String text) {
        if (text != null && text.isBlank()) {
            throw new IllegalArgumentException(entry + " " + name + " is empty: leave it null when not known");
        }
    }

    /** A field that must be present. */
    static <T> T present(String entry, String name, T value) {
        if (value == null) {
            throw new IllegalArgumentException(entry + " " + name + " is missing");
        }
        return value;
    }
}
