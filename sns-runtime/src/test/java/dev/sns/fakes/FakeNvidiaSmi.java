package dev.sns.fakes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/**
 * A fake {@code nvidia-smi} in a directory of its own (to put first on a PATH): it logs every call,
 * keeps SM/memory clocks and the power limit in files, and can be told to misbehave.
 *
 * <p>Modes: {@code ok}; {@code refuse} (exit 0, change nothing, as the real one does without
 * privileges); {@code lie} (report 200 more than the truth); {@code fail} (exit 15 with an error on
 * every call); {@code fail-restore} (fail only -rgc/-rmc/-pl restores).
 */
public final class FakeNvidiaSmi {
    private final Path dir;

    private FakeNvidiaSmi(Path dir) {
        this.dir = dir;
    }

    /** Creates the script and its state (idle clocks 345/3201 MHz, power limit 700 W) under {@code parent}. */
    public static FakeNvidiaSmi create(Path parent) {
        try {
            Path dir = Files.createDirectories(parent.resolve("fake-smi"));
            Path script = dir.resolve("nvidia-smi");
            String body = new String(FakeNvidiaSmi.class.getResourceAsStream("/dev/sns/fakes/fake-nvidia-smi.sh")
                    .readAllBytes(), StandardCharsets.UTF_8).replace("@STATE@", dir.toString());
            Files.writeString(script, body);
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
            FakeNvidiaSmi f = new FakeNvidiaSmi(dir);
            f.write("sm", "345");
            f.write("mem", "3201");
            f.write("power", "700.00");
            f.write("mode", "ok");
            f.write("calls.log", "");
            f.write("supported", "3201, 1980\n3201, 1965\n3201, 1500\n2201, 1980\n2201, 345\n");
            return f;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Path dir() {
        return dir;
    }

    public Path executable() {
        return dir.resolve("nvidia-smi");
    }

    /** A PATH with this fake first. */
    public String path() {
        return dir + java.io.File.pathSeparator + System.getenv("PATH");
    }

    /** Makes every clock reset take half a second (to expose races with the next lock). */
    public FakeNvidiaSmi slowResets() {
        write("slow", "");
        return this;
    }

    public FakeNvidiaSmi mode(String mode) {
        write("mode", mode);
        return this;
    }

    /** Every call's arguments, one line each. */
    public List<String> calls() {
        try {
            return Files.readAllLines(dir.resolve("calls.log"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Calls that changed state (lock, reset, power), in order. */
    public List<String> writes() {
        return calls().stream().filter(c -> !c.contains("--query") && !c.equals("--version")).toList();
    }

    public String read(String file) {
        try {
            return Files.readString(dir.resolve(file)).trim();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public void write(String file, String content) {
        try {
            Files.writeString(dir.resolve(file), content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
