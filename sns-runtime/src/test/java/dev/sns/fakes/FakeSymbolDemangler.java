package dev.sns.fakes;

import dev.sns.timing.SymbolDemangler;
import java.util.Optional;

/**
 * A platform demangler registered the way libstdc++'s is ({@code META-INF/services} of the test
 * classes), so tests see which demangler a caller went through: it reads one symbol only,
 * {@link #SYMBOL}, into {@link #NAME}, which sns's own demangler would print differently
 * ({@code sns_platform_demangler()}); every other symbol it leaves to the next in the chain.
 */
public final class FakeSymbolDemangler implements SymbolDemangler {
    /** The one symbol this demangler reads. */
    public static final String SYMBOL = "_Z22sns_platform_demanglerv";
    /** What it reads {@link #SYMBOL} into. */
    public static final String NAME = "sns_platform_demangler() [read by FakeSymbolDemangler]";

    @Override
    public String name() {
        return "FakeSymbolDemangler";
    }

    @Override
    public Optional<String> unavailable() {
        return Optional.empty();
    }

    @Override
    public Optional<String> demangle(String symbol) {
        return SYMBOL.equals(symbol) ? Optional.of(NAME) : Optional.empty();
    }
}
