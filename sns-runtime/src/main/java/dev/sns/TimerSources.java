package dev.sns;

import java.util.function.Consumer;

/**
 * The timer source for this JVM: CUDA where a GPU is found, the wall clock elsewhere. The system
 * property {@code sns.timerSource} may name a {@link TimerSource} class with a public no-argument
 * constructor instead (a test hook: JMH fork tests time scripted fake GPUs this way).
 */
public final class TimerSources {
    public static final String PROPERTY = "sns.timerSource";

    private TimerSources() {}

    public static TimerSource detect(Consumer<String> log) {
        String custom = System.getProperty(PROPERTY, "");
        if (!custom.isBlank()) {
            try {
                return (TimerSource) Class.forName(custom.trim()).getConstructor().newInstance();
            } catch (ReflectiveOperationException | ClassCastException e) {
                throw new SnsException("-D" + PROPERTY + "=" + custom + " is not a TimerSource with a public "
                        + "no-argument constructor: " + e, e);
            }
        }
        return DefaultTimerSource.create(log);
    }
}
