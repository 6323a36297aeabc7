package dev.sns.timing;

import java.util.Optional;

/**
 * Reads a mangled C++ symbol back into the name people write, {@code _Z6kernelIfEvPT_} into
 * {@code void kernel<float>(float*)}: the seam between the kernel table and a platform's own
 * demangler. Implementations are found with {@link java.util.ServiceLoader} (a line in
 * {@code META-INF/services/dev.sns.timing.SymbolDemangler}; libstdc++'s {@code __cxa_demangle} in
 * {@code dev.sns.gpu.cxxabi}) and tried before sns's own, {@link KernelNames#own()}; the chain is
 * {@link KernelNames#chain}.
 *
 * <p>A demangler never throws and never guesses: a symbol it cannot read is {@link Optional#empty()}.
 */
public interface SymbolDemangler {
    /** What demangles, for messages: {@code "libstdc++.so.6 __cxa_demangle"}. */
    String name();

    /** Empty when this demangler works here; else why not, in one line ({@code "unavailable, because ..."}). */
    Optional<String> unavailable();

    /** The readable form of {@code symbol}; empty when it is not a mangled name this demangler reads. */
    Optional<String> demangle(String symbol);
}
