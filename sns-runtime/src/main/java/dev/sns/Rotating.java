package dev.sns;

import java.util.List;
import java.util.Objects;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * Cycles through a ring of inputs so that back-to-back calls see different memory: each call gets
 * the next item, wrapping around. With a ring larger than twice the cache, a call cannot find its
 * inputs left in cache by the previous calls, without the cost of a full flush.
 *
 * <pre>{@code
 * Rotating<DeviceBuffer> inputs = Rotating.sized(bytesPerBuffer, l2Bytes, i -> allocate());
 * Workload w = stream -> kernel.launch(stream, inputs.next());
 * }</pre>
 *
 * Not thread-safe: one ring per benchmark thread.
 */
public final class Rotating<T> implements Supplier<T> {
    private final List<T> items;
    private int next;

    private Rotating(List<T> items) {
        if (items.isEmpty()) {
            throw new IllegalArgumentException("a rotating ring needs at least one item");
        }
        this.items = List.copyOf(items);
    }

    @SafeVarargs
    public static <T> Rotating<T> of(T... items) {
        return new Rotating<>(List.of(items));
    }

    public static <T> Rotating<T> of(List<T> items) {
        return new Rotating<>(Objects.requireNonNull(items, "items"));
    }

    /**
     * A ring of {@link #ringSize} items made by {@code factory} (called with 0, 1, ...), so that the
     * ring holds more than twice {@code cacheBytes}.
     */
    public static <T> Rotating<T> sized(long bytesPerItem, long cacheBytes, IntFunction<T> factory) {
        int n = ringSize(bytesPerItem, cacheBytes);
        java.util.ArrayList<T> list = new java.util.ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            list.add(Objects.requireNonNull(factory.apply(i), "factory returned null for item " + i));
        }
        return new Rotating<>(list);
    }

    /**
     * The fewest items of {@code bytesPerItem} whose total exceeds twice {@code cacheBytes}:
     * {@code floor(2 * cacheBytes / bytesPerItem) + 1}.
     */
    public static int ringSize(long bytesPerItem, long cacheBytes) {
        if (bytesPerItem <= 0) {
            throw new IllegalArgumentException("bytes per item must be positive, got " + bytesPerItem);
        }
        if (cacheBytes < 0) {
            throw new IllegalArgumentException("cache size must be at least 0 bytes, got " + cacheBytes);
        }
        if (cacheBytes > Long.MAX_VALUE / 2) {
            throw new IllegalArgumentException("cache size " + cacheBytes + " bytes is too large");
        }
        long n = (2 * cacheBytes) / bytesPerItem + 1;
        if (n > 1 << 20) {
            throw new IllegalArgumentException("a ring of " + n + " items of " + bytesPerItem + " bytes is needed to exceed "
                    + "twice " + cacheBytes + " bytes; use larger items or a cache flush instead");
        }
        return (int) n;
    }

    /** The next item, wrapping around. */
    public T next() {
        T t = items.get(next);
        next = next + 1 == items.size() ? 0 : next + 1;
        return t;
    }

    @Override
    public T get() {
        return next();
    }

    public int size() {
        return items.size();
    }

    /** All items, in ring order (e.g. to free them). */
    public List<T> items() {
        return items;
    }
}
