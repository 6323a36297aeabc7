package dev.sns.timing;

import java.util.Optional;

/**
 * sns's own demangler of the Itanium C++ ABI's symbols, in Java: the fallback where the platform
 * has no {@code __cxa_demangle} (Windows, a JVM without libstdc++) and for symbols too long to hand
 * to it. It reads a symbol into {@link ItaniumNode}s ({@link ItaniumParser}) and prints them at the
 * end ({@link ItaniumPrinter}), the way GNU c++filt prints them, down to its spacing; a symbol it
 * cannot read is given up whole, never printed in part.
 */
final class ItaniumDemangler implements SymbolDemangler {
    /**
     * Readable names longer than this are given up, in characters: each substitution can double a name,
     * so 453 mangled characters can read to 2^40 names (a native demangler would grow its buffer for as
     * long as it runs; the chain hands such a symbol to none, {@link KernelNames#chain}).
     */
    static final int MAX_OUTPUT_CHARS = 1 << 20;

    static final ItaniumDemangler INSTANCE = new ItaniumDemangler();

    private ItaniumDemangler() {}

    @Override
    public String name() {
        return "sns's own Itanium demangler";
    }

    @Override
    public Optional<String> unavailable() {
        return Optional.empty();
    }

    @Override
    public Optional<String> demangle(String symbol) {
        return read(symbol).name();
    }

    /** What reading a symbol gave: its name, or none, and then whether the name was too large to print. */
    record Reading(Optional<String> name, boolean tooLarge) {}

    Reading read(String symbol) {
        if (symbol == null || !symbol.startsWith("_Z") || !ascii(symbol)) {
            return new Reading(Optional.empty(), false); // a source name's length counts UTF-8 bytes: not read from chars
        }
        try {
            ItaniumNode root = ItaniumParser.parse(symbol);
            return new Reading(Optional.of(new ItaniumPrinter(MAX_OUTPUT_CHARS).text(root)), false);
        } catch (ItaniumParser.Failure f) {
            return new Reading(Optional.empty(), f.tooLarge);
        } catch (RuntimeException | StackOverflowError e) {
            return new Reading(Optional.empty(), false);
        }
    }

    private static boolean ascii(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == 0 || c > 0x7e) {
                return false;
            }
        }
        return true;
    }
}
