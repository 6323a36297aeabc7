package dev.sns.clocks;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code nvidia-smi} with an argument list: no shell, never sudo (a policy that needs
 * privileges fails with nvidia-smi's own message). The executable is the one given, or the first
 * {@code nvidia-smi} on a PATH.
 */
public final class NvidiaSmi {
    /** A run that takes longer is killed: nvidia-smi answers in well under a second when healthy. */
    static final long TIMEOUT_SECONDS = 30;

    private final Path executable;

    private NvidiaSmi(Path executable) {
        this.executable = executable;
    }

    /** Uses exactly this executable. */
    public static NvidiaSmi at(Path executable) {
        if (!Files.isExecutable(executable)) {
            throw new ClockLockError("nvidia-smi at " + executable + " is not an executable file; fix smi=PATH");
        }
        return new NvidiaSmi(executable);
    }

    /** The first {@code nvidia-smi} on the process's PATH. */
    public static NvidiaSmi onPath() {
        return onPath(System.getenv("PATH"));
    }

    /** The first {@code nvidia-smi} on the given PATH string. */
    public static NvidiaSmi onPath(String path) {
        for (String dir : (path == null ? "" : path).split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Paths.get(dir, "nvidia-smi");
            if (Files.isExecutable(candidate)) {
                return new NvidiaSmi(candidate);
            }
        }
        throw new ClockLockError("nvidia-smi not found on PATH (" + path + "): a clock policy needs it. Install the "
                + "NVIDIA driver utilities, pass smi=/path/to/nvidia-smi, or use clocks=unlocked");
    }

    public Path executable() {
        return executable;
    }

    /** What a run printed and returned. */
    public record Result(int exitCode, String stdout, String stderr) {
        /** The first non-empty line of stderr, else of stdout. */
        public String message() {
            String m = stderr.isBlank() ? stdout : stderr;
            return m.lines().filter(l -> !l.isBlank()).findFirst().orElse("(no output)").trim();
        }
    }

    /** Runs nvidia-smi with these arguments and waits for it. */
    public Result run(String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(executable.toString());
        cmd.addAll(Arrays.asList(args));
        try {
            Process p = new ProcessBuilder(cmd).start();
            p.getOutputStream().close();
            StreamReader out = new StreamReader(p.getInputStream());
            StreamReader err = new StreamReader(p.getErrorStream());
            out.start();
            err.start();
            boolean done;
            try {
                done = p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                throw e;
            }
            if (!done) {
                p.destroyForcibly();
                throw new ClockLockError(String.join(" ", cmd) + " did not finish in " + TIMEOUT_SECONDS + " s");
            }
            out.join();
            err.join();
            return new Result(p.exitValue(), out.text(), err.text());
        } catch (IOException e) {
            throw new ClockLockError("could not run " + String.join(" ", cmd) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClockLockError("interrupted while running " + String.join(" ", cmd)
                    + " (the process was stopped, not left to finish later)", e);
        }
    }

    /** Runs and throws {@link ClockLockError} with nvidia-smi's message on a non-zero exit. */
    public Result runChecked(String what, String... args) {
        Result r = run(args);
        if (r.exitCode() != 0) {
            throw new ClockLockError(what + " failed: nvidia-smi " + String.join(" ", args) + " exited "
                    + r.exitCode() + ": " + r.message());
        }
        return r;
    }

    /** One numeric field of {@code --query-gpu} for a device; NaN when absent or "[N/A]". */
    public double query(String field, String device) {
        Result r = run("--query-gpu=" + field, "--format=csv,noheader,nounits", "-i", device);
        if (r.exitCode() != 0) {
            return Double.NaN;
        }
        String line = r.stdout().lines().filter(l -> !l.isBlank()).findFirst().orElse("").trim();
        try {
            return Double.parseDouble(line);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** Supported (memory MHz, graphics MHz) pairs, as nvidia-smi lists them. */
    public List<int[]> supportedClocks(String device) {
        Result r = runChecked("listing supported clocks", "--query-supported-clocks=memory,graphics",
                "--format=csv,noheader,nounits", "-i", device);
        return parseSupportedClocks(r.stdout());
    }

    /** Parses lines of "memory, graphics" (MHz); other lines are skipped. */
    static List<int[]> parseSupportedClocks(String csv) {
        List<int[]> out = new ArrayList<>();
        for (String line : csv.split("\\R")) {
            String[] parts = line.split(",");
            if (parts.length != 2) {
                continue;
            }
            try {
                out.add(new int[] {Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim())});
            } catch (NumberFormatException e) {
                // a header or a unit line: not a clock pair
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "nvidia-smi at %s", executable);
    }

    private static final class StreamReader extends Thread {
        private final InputStream in;
        private volatile String text = "";

        StreamReader(InputStream in) {
            this.in = in;
            setDaemon(true);
        }

        @Override
        public void run() {
            try {
                text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                text = "";
            }
        }

        String text() {
            return text;
        }
    }
}
