package dev.sns.contract.api.sample;

import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/** A type of known API: one member of each kind the dump must show or leave out. */
public final class Widget {
    public static final int LIMIT = 7;

    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static final int SECRET = 8;

    public Widget() {}

    public <T extends Comparable<T>> Optional<T> first(List<? extends T> items) {
        return items.isEmpty() ? Optional.empty() : Optional.of(items.get(0));
    }

    @Deprecated(since = "0.2.0", forRemoval = true)
    public int old() {
        return 1;
    }

    @API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
    public int trial() {
        return 2;
    }

    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public int internal() {
        return 3;
    }

    int packagePrivate() {
        return 4;
    }

    @Override
    public String toString() {
        return "widget";
    }

    /** A nested record: its accessors and canonical constructor. */
    public record Part(String name, double weight) {}

    /** A nested type marked internal: left out. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static final class Tool {}
}
