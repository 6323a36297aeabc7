package dev.sns.options;

import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * One timing option, defined once: its key, the values it accepts, where it may be set, its help
 * text, how its text is read, which builder setter takes it (and so checks it), and how its value is
 * shown. Its default is whatever {@link SnsOptions#defaults()} holds, shown the same way, so the
 * help can never disagree with the code.
 *
 * @param <T> the option's Java type
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
public final class TimingOption<T> implements OptionSpec {
    /** Where an option may be set. */
    public enum Scope {
        /**
         * The plain Java API only ({@link SnsOptions.Builder}): under JMH its job is done by JMH's own
         * options or by the benchmark (the reason says which).
         */
        API,
        /** The Java API and {@code -prof sns}, once for the whole run. */
        RUN,
        /** The Java API, {@code -prof sns}, and per benchmark with {@code @GpuTiming}. */
        BENCHMARK
    }

    private final String key;
    private final String values;
    private final Scope scope;
    private final String help;
    private final String notUnderJmh;
    private final Function<String, T> parse;
    private final BiConsumer<SnsOptions.Builder, T> apply;
    private final Function<SnsOptions, String> show;

    TimingOption(String key, String values, Scope scope, String help, String notUnderJmh, Function<String, T> parse,
                 BiConsumer<SnsOptions.Builder, T> apply, Function<SnsOptions, String> show) {
        this.key = Objects.requireNonNull(key, "key");
        this.values = values;
        this.scope = scope;
        this.help = help;
        this.notUnderJmh = notUnderJmh;
        this.parse = parse;
        this.apply = apply;
        this.show = show;
    }

    @Override
    public String key() {
        return key;
    }

    @Override
    public String values() {
        return values;
    }

    @Override
    public String help() {
        return help;
    }

    /** {@return where the option may be set} */
    public Scope scope() {
        return scope;
    }

    /** {@return what does the option's job under JMH} For an {@link Scope#API} option, e.g. "JMH's -i"; "" for the others. */
    public String notUnderJmh() {
        return notUnderJmh;
    }

    @Override
    public String defaultText() {
        return show(SnsOptions.defaults());
    }

    /**
     * The option's value, as text.
     *
     * @param o the options to read it from
     * @return its value in {@code o}, in the form {@link #apply} reads
     */
    public String show(SnsOptions o) {
        return show.apply(o);
    }

    /** Reads {@code text} and hands it to the builder's setter, which checks it. */
    void apply(SnsOptions.Builder b, String text) {
        apply.accept(b, parse.apply(text));
    }

    @Override
    public String toString() {
        return key + " (" + values + ", " + scope.name().toLowerCase(java.util.Locale.ROOT) + ")";
    }
}
