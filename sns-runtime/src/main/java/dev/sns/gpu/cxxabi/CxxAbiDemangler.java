package dev.sns.gpu.cxxabi;

import com.sun.jna.Function;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import dev.sns.timing.SymbolDemangler;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code char* __cxa_demangle(const char* mangled, char* buf, size_t* len, int* status)} of the
 * host's C++ runtime: the name c++filt prints (libstdc++ and binutils share libiberty's demangler),
 * read into a Java string, the runtime's buffer freed.
 *
 * <p>Guarded so that a demangler written in C cannot take the JVM down: the call runs on a thread of
 * its own with a 16 MiB stack (libiberty keeps its work arrays and its recursion on the stack: a
 * 1,000-character symbol overflows a 256 KiB stack), symbols longer than 8,192 characters are left to
 * sns's own demangler (libiberty itself gives up past 1,024), and a call that gives no answer within
 * 2 s (libstdc++ 12 loops on some malformed symbols) makes this demangler unavailable for the rest of
 * the run.
 */
public final class CxxAbiDemangler implements SymbolDemangler {
    /** The C++ runtimes tried, in order: GNU libstdc++ by file, then by name, then LLVM's libc++abi. */
    static final List<String> LIBRARIES = List.of("libstdc++.so.6", "stdc++", "c++abi");
    /** The native thread's stack, in bytes. */
    static final long STACK_BYTES = 16L << 20;
    /** Longer symbols are not handed to the native demangler, in characters. */
    static final int MAX_SYMBOL_CHARS = 8192;
    /** How long one call may take before the native demangler is given up, in milliseconds. */
    static final long TIMEOUT_MILLIS = 2000;

    /** One call of the demangler: the readable name, or null when it does not read the symbol. */
    @FunctionalInterface
    interface Call {
        String demangle(String symbol);
    }

    private final String library;
    private final Call call;
    private final long timeoutMillis;
    private final ThreadPoolExecutor worker;
    private volatile String unavailable;

    /** The host's C++ runtime, the first of {@link #LIBRARIES} that loads (what the service loader makes). */
    public CxxAbiDemangler() {
        this(LIBRARIES);
    }

    /** The first of {@code libraryNames} (a file, {@code libstdc++.so.6}, or a name, {@code stdc++}) that has {@code __cxa_demangle}. */
    CxxAbiDemangler(List<String> libraryNames) {
        this(load(libraryNames), TIMEOUT_MILLIS);
    }

    /** A demangler over {@code call} (a fake of the native one), answering within {@code timeoutMillis}. */
    CxxAbiDemangler(String library, Call call, long timeoutMillis) {
        this(new Loaded(library, call, null), timeoutMillis);
    }

    private CxxAbiDemangler(Loaded loaded, long timeoutMillis) {
        this.library = loaded.library();
        this.call = loaded.call();
        this.unavailable = loaded.unavailable();
        this.timeoutMillis = timeoutMillis;
        this.worker = loaded.call() == null ? null : worker();
    }

    /** What loading found: the library and its call, or why there is none. */
    private record Loaded(String library, Call call, String unavailable) {}

    private static Loaded load(List<String> libraryNames) {
        List<String> failures = new ArrayList<>();
        for (String name : libraryNames) {
            try {
                Function f = NativeLibrary.getInstance(name).getFunction("__cxa_demangle");
                return new Loaded(name, symbol -> cxaDemangle(f, symbol), null);
            } catch (RuntimeException | LinkageError e) {
                failures.add(why(name, e));
            }
        }
        return new Loaded(null, null, "unavailable, because no C++ runtime with __cxa_demangle loads ("
                + String.join("; ", failures) + "); sns's own demangler reads kernel names");
    }

    /** One thread with a large stack, made on the first call and gone after 30 s of no call. */
    private static ThreadPoolExecutor worker() {
        return new ThreadPoolExecutor(0, 1, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), task -> {
            Thread t = new Thread(null, task, "sns-cxa-demangle", STACK_BYTES);
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public String name() {
        return (library == null ? "" : library + " ") + "__cxa_demangle";
    }

    @Override
    public Optional<String> unavailable() {
        return Optional.ofNullable(unavailable);
    }

    @Override
    public Optional<String> demangle(String symbol) {
        if (unavailable != null || symbol == null || !symbol.startsWith("_Z") || symbol.length() > MAX_SYMBOL_CHARS
                || symbol.indexOf('\0') >= 0) {
            return Optional.empty();
        }
        Future<String> answer;
        try {
            answer = worker.submit(() -> call.demangle(symbol));
        } catch (RejectedExecutionException e) {
            return Optional.empty();
        }
        try {
            return Optional.ofNullable(answer.get(timeoutMillis, TimeUnit.MILLISECONDS));
        } catch (TimeoutException e) {
            unavailable = "unavailable, because " + name() + " gave no answer within " + timeoutMillis
                    + " ms for a symbol of " + symbol.length() + " characters; sns's own demangler reads kernel"
                    + " names from now on";
            answer.cancel(true);
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } catch (ExecutionException e) {
            return Optional.empty();
        }
    }

    /** The native call, on the worker thread: the name when status is 0, else null; the buffer freed. */
    private static String cxaDemangle(Function cxaDemangle, String symbol) {
        byte[] mangled = (symbol + '\0').getBytes(StandardCharsets.UTF_8);
        IntByReference status = new IntByReference(-4);
        Pointer out = (Pointer) cxaDemangle.invoke(Pointer.class, new Object[] {mangled, null, null, status});
        if (out == null) {
            return null;
        }
        try {
            return status.getValue() == 0 ? out.getString(0, StandardCharsets.UTF_8.name()) : null;
        } finally {
            Native.free(Pointer.nativeValue(out));
        }
    }

    /** The loader's reason in one line: JNA's first line ends in ':' and the system's reason follows. */
    private static String why(String name, Throwable e) {
        String[] lines = String.valueOf(e.getMessage()).split("\n");
        String line = (lines[0].endsWith(":") && lines.length > 1 ? lines[1] : lines[0]).trim();
        return line.startsWith(name) ? line : name + ": " + line;
    }
}
