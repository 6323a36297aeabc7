package dev.sns.clocks;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.Consumer;

/**
 * A record, on disk, of every GPU whose clocks a process is locking, so that a process killed outright
 * (kill -9: no finally block, no shutdown hook) does not leave them locked unnoticed. Written before
 * the first clock write, removed after a successful restore. The next lock on the machine, and
 * {@code java -cp benchmarks.jar dev.sns.clocks.ClockState} on request, restore the clocks of every
 * record whose process is gone ({@code -rgc}, {@code -rmc}: the driver's defaults), each with its own
 * nvidia-smi, never one a record names.
 *
 * <p>The records live in {@code -Dsns.stateDir} (default: {@code sns-clock-state} in the temporary
 * directory, which a reboot may clear, as a reboot also resets the clocks).
 */
public final class ClockState {
    /** System property naming the directory of the records. */
    public static final String PROPERTY = "sns.stateDir";

    private ClockState() {}

    static Path dir() {
        return Paths.get(System.getProperty(PROPERTY, Paths.get(System.getProperty("java.io.tmpdir"),
                "sns-clock-state").toString()));
    }

    private static Path file(String device) {
        return dir().resolve("locked-device-" + device.replaceAll("[^0-9A-Za-z.:_-]", "_") + ".properties");
    }

    /**
     * Records that this process is about to change the clocks of {@code device} with {@code smi} (its
     * path is kept for people reading the record; {@link #recoverAbandoned} does not run it).
     */
    static void locking(NvidiaSmi smi, String device) {
        Properties p = new Properties();
        p.setProperty("pid", Long.toString(ProcessHandle.current().pid()));
        p.setProperty("device", device);
        p.setProperty("smi", smi.executable().toString());
        try {
            Files.createDirectories(dir());
            Path tmp = Files.createTempFile(dir(), ".locking", ".tmp");
            try (OutputStream out = Files.newOutputStream(tmp)) {
                p.store(out, "sns: the clocks of this GPU are locked by this process; restore them if it is gone");
            }
            Files.move(tmp, file(device), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            System.err.println("sns: could not record the clock lock in " + dir() + " (" + e.getMessage()
                    + "): a run killed outright would leave the clocks locked unnoticed");
        }
    }

    /** The clocks of {@code device} are restored: its record goes. */
    static void restored(String device) {
        try {
            Files.deleteIfExists(file(device));
        } catch (IOException e) {
            // a stale record only makes the next run restore clocks that are already restored
        }
    }

    /**
     * Restores the clocks of every recorded GPU whose locking process is gone, with {@code smi} (the
     * caller's own nvidia-smi), saying what it did; returns the devices restored. The nvidia-smi a
     * record names is never run: the records may live in a directory others can write (the default is
     * in the temporary directory), and running a path read from there would run whatever anyone put
     * there, with the privileges a clock lock needs.
     */
    public static List<String> recoverAbandoned(NvidiaSmi smi, Consumer<String> log) {
        List<String> restored = new ArrayList<>();
        if (!Files.isDirectory(dir())) {
            return restored;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir(), "locked-device-*.properties")) {
            for (Path f : files) {
                Properties p = new Properties();
                try (InputStream in = Files.newInputStream(f)) {
                    p.load(in);
                }
                long pid = Long.parseLong(p.getProperty("pid", "-1"));
                if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                    continue; // still running: its own restore will come
                }
                String device = p.getProperty("device", "0");
                if (smi == null) {
                    log.accept("sns: the clocks of GPU " + device + " were left locked by process " + pid
                            + ", and no nvidia-smi is at hand to restore them: run nvidia-smi -i " + device + " -rgc -rmc");
                    continue;
                }
                NvidiaSmi.Result gc = smi.run("-i", device, "-rgc");
                NvidiaSmi.Result mc = smi.run("-i", device, "-rmc");
                if (gc.exitCode() == 0) {
                    Files.deleteIfExists(f);
                    restored.add(device);
                    log.accept("sns: the clocks of GPU " + device + " were left locked by process " + pid
                            + ", which is gone (killed?): restored them with " + smi.executable() + " -i " + device
                            + " -rgc" + (mc.exitCode() == 0 ? " and -rmc" : ""));
                } else {
                    log.accept("sns: the clocks of GPU " + device + " were left locked by process " + pid
                            + " and could not be restored (" + gc.message() + "): run nvidia-smi -i " + device
                            + " -rgc -rmc yourself");
                }
            }
        } catch (IOException | RuntimeException e) {
            log.accept("sns: could not read the clock lock records in " + dir() + ": " + e.getMessage());
        }
        return restored;
    }

    /** The exit codes of {@link #main}, one table (docs/reference/exit-codes.md is generated from it). */
    public enum ExitCode {
        /** Nothing is left locked. */
        NOTHING_LEFT(0, "no GPU's clocks are left locked by a killed run (any that were are restored now)"),
        /** A record remains. */
        RECORDS_LEFT(1, "a record remains: its run is still going, or its clocks could not be restored (the "
                + "message names the GPU and the nvidia-smi command to run)");

        private final int code;
        private final String meaning;

        ExitCode(int code, String meaning) {
            this.code = code;
            this.meaning = meaning;
        }

        /** The process's exit status. */
        public int code() {
            return code;
        }

        /** What it means. */
        public String meaning() {
            return meaning;
        }
    }

    /**
     * {@code java -cp benchmarks.jar dev.sns.clocks.ClockState [nvidia-smi]}: restores the clocks a
     * killed run left locked; exit 0 when nothing is left locked, 1 when a record remains ({@link ExitCode}).
     */
    public static void main(String[] args) {
        System.exit(run(args, System.out));
    }

    /** What {@link #main} does, printing to {@code out}; returns the exit code. */
    static int run(String[] args, PrintStream out) {
        NvidiaSmi smi;
        try {
            smi = args.length > 0 ? NvidiaSmi.at(Paths.get(args[0])) : NvidiaSmi.onPath();
        } catch (ClockLockError e) {
            smi = null;
        }
        List<String> restored = recoverAbandoned(smi, out::println);
        boolean left = false;
        try (DirectoryStream<Path> files = Files.isDirectory(dir())
                ? Files.newDirectoryStream(dir(), "locked-device-*.properties") : null) {
            left = files != null && files.iterator().hasNext();
        } catch (IOException e) {
            left = true;
        }
        out.println(restored.isEmpty() && !left ? "sns: no GPU clocks were left locked by a killed run"
                : "sns: restored " + restored.size() + " GPU(s)" + (left ? "; some records remain (their runs are "
                + "still going, or the restore failed)" : ""));
        return (left ? ExitCode.RECORDS_LEFT : ExitCode.NOTHING_LEFT).code();
    }
}
