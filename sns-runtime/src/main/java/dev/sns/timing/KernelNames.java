package dev.sns.timing;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Kernel names as people write them: a C++ symbol in the Itanium ABI's mangling (what nvcc and
 * hipcc emit, e.g. {@code _Z6kernelIfLi256EEvPT_S1_i}) read back into
 * {@code void kernel<float, 256>(float*, float*, int)}, the way GNU {@code c++filt} prints it.
 *
 * <p>The platform's demangler reads first where it is present (libstdc++'s {@code __cxa_demangle},
 * a {@link SymbolDemangler} registered in {@code META-INF/services}), sns's own
 * ({@link #own()}, templates, lambdas, local names, operators, function types, expressions) where it
 * is not or where it gives a symbol up. A symbol neither reads is given back unchanged: a kernel
 * table shows the mangled name rather than a wrong one. {@code extern "C"} names are already plain.
 */
public final class KernelNames {
    private KernelNames() {}

    /** The chain of this JVM, made on first use: the registered demanglers, then sns's own. */
    private static final class Registered {
        static final SymbolDemangler CHAIN = chain(registered());
    }

    /** The readable form of {@code symbol}; the symbol itself when it is not mangled or not understood. */
    public static String demangle(String symbol) {
        if (symbol == null) {
            return null;
        }
        return Registered.CHAIN.demangle(symbol).orElse(symbol);
    }

    /** sns's own demangler, in Java: what reads kernel names where the platform has no demangler. */
    public static SymbolDemangler own() {
        return ItaniumDemangler.INSTANCE;
    }

    /**
     * {@code platform} in order, each where it is available, then sns's own: the first that reads a
     * symbol gives its name. A demangler that throws counts as one that did not read the symbol. sns's
     * own reads every symbol first as a guard: one whose readable name it gives up for its size (past a
     * mebibyte: substitutions that double it) is handed to no platform demangler, which would print on
     * for as long as it runs.
     */
    public static SymbolDemangler chain(List<SymbolDemangler> platform) {
        return new Chain(List.copyOf(platform));
    }

    /** The demanglers registered with {@link ServiceLoader}, in service-file order; one that fails to load is left out. */
    static List<SymbolDemangler> registered() {
        List<SymbolDemangler> out = new ArrayList<>();
        try {
            var providers = ServiceLoader.load(SymbolDemangler.class, SymbolDemangler.class.getClassLoader()).iterator();
            while (true) {
                try {
                    if (!providers.hasNext()) {
                        break;
                    }
                    out.add(providers.next());
                } catch (ServiceConfigurationError | LinkageError e) {
                    // a provider that cannot be made is not a demangler here; the next may be
                }
            }
        } catch (ServiceConfigurationError | LinkageError e) {
            // no registered demangler: sns's own reads every name
        }
        return out;
    }

    private record Chain(List<SymbolDemangler> platform) implements SymbolDemangler {
        @Override
        public String name() {
            List<String> tried = new ArrayList<>();
            List<String> skipped = new ArrayList<>();
            for (SymbolDemangler d : platform) {
                Optional<String> why = unavailable(d);
                if (why.isEmpty()) {
                    tried.add(d.name());
                } else {
                    skipped.add(d.name() + ": " + why.get());
                }
            }
            tried.add(own().name());
            return String.join(", then ", tried) + (skipped.isEmpty() ? "" : " (" + String.join("; ", skipped) + ")");
        }

        @Override
        public Optional<String> unavailable() {
            return Optional.empty();
        }

        @Override
        public Optional<String> demangle(String symbol) {
            ItaniumDemangler.Reading own = ItaniumDemangler.INSTANCE.read(symbol);
            if (own.tooLarge()) {
                return own.name();
            }
            for (SymbolDemangler d : platform) {
                if (unavailable(d).isEmpty()) {
                    Optional<String> name = read(d, symbol);
                    if (name.isPresent()) {
                        return name;
                    }
                }
            }
            return own.name();
        }

        private static Optional<String> unavailable(SymbolDemangler d) {
            try {
                return d.unavailable();
            } catch (RuntimeException | LinkageError e) {
                return Optional.of("unavailable, because it failed to say whether it works: " + e);
            }
        }

        private static Optional<String> read(SymbolDemangler d, String symbol) {
            try {
                Optional<String> name = d.demangle(symbol);
                return name == null ? Optional.empty() : name;
            } catch (RuntimeException | LinkageError e) {
                return Optional.empty();
            }
        }
    }
}
