package dev.sns.timing;

/** Work bound to its stream: what runs inside (or as) a timed region. */
@FunctionalInterface
public interface Body {
    void run() throws Exception;
}
