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
 *
 * @param <T> the type of the items
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

    /**
     * A ring of given items.
     *
     * @param items the items, in ring order, at least one, none null
     * @param <T> the type of the items
     * @return the ring, starting at the first item
     * @throws IllegalArgumentException if there is no item
     */
    @SafeVarargs
    public static <T> Rotating<T> of(T... items) {
        return new Rotating<>(List.of(items));
    }

    /**
     * A ring of given items.
     *
     * @param items the items, in ring order, at least one, none null (copied)
     * @param <T> the type of the items
     * @return the ring, starting at the first item
     * @throws IllegalArgumentException if there is no item
     */
    public static <T> Rotating<T> of(List<T> items) {
        return new Rotating<>(Objects.requireNonNull(items, "items"));
    }

    /**
     * A ring of {@link #ringSize} items made by {@code factory} (called with 0, 1, ...), so that the
     * ring holds more than twice {@code cacheBytes}.
     *
     * @param bytesPerItem the bytes one item occupies, positive
     * @param cacheBytes the cache to defeat (the device's L2, say), in bytes
     * @param factory makes item i; must not return null
     * @param <T> the type of the items
     * @return the ring, starting at item 0
     * @throws IllegalArgumentException as {@link #ringSize(long, long)}
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
     * The size of a ring that defeats a cache.
     *
     * @param bytesPerItem the bytes one item occupies, positive
     * @param cacheBytes the cache's size in bytes, at least 0
     * @return the fewest items of {@code bytesPerItem} whose total exceeds twice {@code cacheBytes}:
     *     {@code floor(2 * cacheBytes / bytesPerItem) + 1}
     * @throws IllegalArgumentException if an argument is out of range, or more than 2^20 items would be
     *     needed (use larger items or a cache flush)
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

    /** {@return the next item} After the last comes the first again. */
    public T next() {
        T t = items.get(next);
        next = next + 1 == items.size() ? 0 : next + 1;
        return t;
    }

    /** {@return the next item, as {@link #next()}} So that a ring serves as a {@code Supplier}. */
    @Override
    public T get() {
        return next();
    }

    /** {@return the number of items in the ring} */
    public int size() {
        return items.size();
    }

    /** {@return all items, in ring order} To free them, for example; an unmodifiable list. */
    public List<T> items() {
        return items;
    }
}
