package dev.sns.gpu.cuda;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/** Numbers GPU tests measured, for the issue note: printed and appended to a report file. */
final class GpuReport {
    private GpuReport() {}

    static synchronized void line(String format, Object... args) {
        String s = String.format(Locale.ROOT, format, args);
        System.out.println("[gpu-report] " + s);
        String dir = System.getenv().getOrDefault("SNS_REPORT_DIR", "target");
        try {
            Path p = Paths.get(dir, "gpu-report.txt");
            Files.createDirectories(p.getParent());
            Files.writeString(p, s + System.lineSeparator(), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            System.out.println("[gpu-report] could not write the report file: " + e);
        }
    }
}
