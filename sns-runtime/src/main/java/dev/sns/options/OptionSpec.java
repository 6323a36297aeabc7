package dev.sns.options;

import org.apiguardian.api.API;

/**
 * What a user is told about one option: its key, the values it accepts, its default and its
 * meaning. Timing options ({@link TimingOption}) and the JMH profiler's run-level options both
 * describe themselves this way, so one help table and one "did you mean" serve them all.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
public interface OptionSpec {
    /** {@return the key} Spelled the same in {@code -prof sns:key=value}, {@code @GpuTiming} and the builder. */
    String key();

    /** {@return the accepted values in words} For example "plain|blocking|graph" or "n>=1|auto". */
    String values();

    /** {@return the default as text} For example "blocking"; "" for none. */
    String defaultText();

    /** {@return one line saying what the option does} */
    String help();
}
