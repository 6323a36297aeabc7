package dev.sns.options;

import org.apiguardian.api.API;

/**
 * What a user is told about one option: its key, the values it accepts, its default and its
 * meaning. Timing options ({@link TimingOption}) and the JMH profiler's run-level options both
 * describe themselves this way, so one help table and one "did you mean" serve them all.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
public interface OptionSpec {
    /** The key, spelled the same in {@code -prof sns:key=value}, {@code @GpuTiming} and the builder. */
    String key();

    /** The accepted values in words, e.g. "plain|blocking|graph" or "n>=1|auto". */
    String values();

    /** The default as text, e.g. "blocking" ("" for none). */
    String defaultText();

    /** One line saying what the option does. */
    String help();
}
