package dev.sns.jmh.host;

import dev.sns.jmh.link.ProfilerOptions;
import dev.sns.model.BuildInfo;
import dev.sns.options.TimingOptions;
import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.BoardEntry;
import dev.sns.reports.ComparisonEntry;
import dev.sns.reports.DeviceEntry;
import dev.sns.reports.DeviceHealthEntry;
import dev.sns.reports.ReportFormat;
import dev.sns.reports.ReportFormatException;
import dev.sns.reports.ReportFormats;
import dev.sns.reports.RunJournal;
import dev.sns.reports.RunReport;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The run's reports, at a constant cost per finished benchmark: every entry is appended to the run's
 * {@link RunJournal} (one line, forced to disk) as it comes, on a writer thread of the run's own so
 * that the next fork starts at once: a line waits for the one before it to be on disk, so that at most
 * the last entry is in flight (the run's end waits for it). The full reports (every chosen
 * format, each written atomically) are rewritten, on the same thread, only while that stays cheap: a rewrite waits until
 * {@value #WRITE_BUDGET} times its last cost has passed (rewriting takes at most about a
 * hundredth of the run) and its allocation at {@link #REWRITE_BYTES_PER_SECOND} (its garbage, on a host
 * whose young generation has grown, is resident memory), and once one costs more than {@link #MAX_REWRITE_NANOS} the rest of the run only journals. The reports are written in full at the end of the run; a
 * run that dies leaves its journal, which the next run in the directory (or {@code recover}) turns
 * back into reports. One run writes a directory at a time ({@link RunLock}).
 */
public final class RunReports implements AutoCloseable {
    /**
     * A full rewrite waits this many times its last cost: rewriting takes at most about 1% of the run
     * (at 10, a tenth, it was the largest part of what sns added to a suite of short CPU benchmarks).
     */
    static final int WRITE_BUDGET = 100;
    /**
     * Once a full rewrite costs more than this, the rest of the run only journals (the full reports come
     * at its end): what a finished benchmark costs the host then stays bounded however large the report.
     */
    static final long MAX_REWRITE_NANOS = 100_000_000L;
    /**
     * What the periodic rewrites may allocate, bytes per second of the run: a rewrite also waits until its
     * allocation at this rate has passed (from the second on; the first loads the writers). Each rewrite's
     * garbage lands, once G1 has grown the young generation, on heap pages not touched before: a rewrite of a
     * 400-benchmark report allocates about 20 MB, and rewrites every few seconds made most of the host's peak
     * RSS on a quiet host (docs/jmh.md); at this rate that rewrite waits 80 s.
     */
    static final long REWRITE_BYTES_PER_SECOND = 256 * 1024;

    private final Path dir;
    private final List<ReportFormat> formats;
    private final PrintStream out;
    private final RunLock lock;
    /**
     * The journal, started on its writer thread (its start line loads Jackson: about 0.3 s of the host's
     * CPU that the first fork need not wait for); set there, read on the host's thread only after a wait
     * on that thread's work (a line's future, or the writer's end); null until then, or when it could not start.
     */
    private volatile RunJournal journal;
    private final RunReport start;
    private final Map<String, BenchmarkEntry> benchmarks = new LinkedHashMap<>();
    private final List<ComparisonEntry> comparisons = new ArrayList<>();
    private final Map<Integer, DeviceEntry> devices = new java.util.TreeMap<>();
    private final List<DeviceHealthEntry> deviceHealth = new ArrayList<>();
    private final Set<String> writeFailures = java.util.Collections.synchronizedSet(new LinkedHashSet<>());
    private Map<String, String> fingerprint;
    private BoardEntry board;
    // written by the rewrites on the journal's thread, read on the host's: volatile (one writer at a time)
    private volatile long nextWriteNanos;
    private volatile boolean rewritesStopped;
    private volatile int writes;
    /** A rewrite is waiting or running on the journal's thread. */
    private final java.util.concurrent.atomic.AtomicBoolean rewriteQueued = new java.util.concurrent.atomic.AtomicBoolean();
    private volatile boolean finished;
    /** Writes the journal's lines, one at a time, in order: the fsync is off the host's path to the next fork. */
    private final java.util.concurrent.ExecutorService journalWriter;
    /** The line in flight (its failure, or null once written); null when none was sent. */
    private java.util.concurrent.Future<IOException> pendingLine;

    private RunReports(Path dir, List<ReportFormat> formats, PrintStream out, RunLock lock, RunReport start) {
        this.dir = dir;
        this.formats = formats;
        this.out = out;
        this.lock = lock;
        this.start = start;
        this.fingerprint = start.fingerprint();
        this.journalWriter = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "sns-journal");
            t.setDaemon(true); // the run's end waits for its last line; a JVM that dies anyway is not held up
            return t;
        });
        // the journal's first line, like every other, on its writer thread: the first fork starts meanwhile, and
        // the first result waits for it (a start that failed is said then, as a line that could not be written)
        journaled(() -> journal = RunJournal.start(dir, start));
    }

    /**
     * Takes the report directory of these options for this run: locks it, recovers the reports of a run
     * that died there, and starts the journal (on its writer thread: a start that fails is said with the
     * first result, as a journal line that could not be written). Throws, saying why and what to do, when
     * the directory cannot be written or another run holds it.
     */
    public static RunReports open(ProfilerOptions o, Map<String, String> fingerprint, PrintStream out)
            throws IOException {
        Path dir = Paths.get(o.out());
        RunLock lock = RunLock.acquire(dir);
        try {
            recoverInterrupted(dir, o.formats(), out);
            RunReport start = RunReport.start(BuildInfo.snsVersion(), Instant.now().toString(), fingerprint,
                    o.describe(), TimingOptions.hex(o.timing().bootstrap().seed()));
            return new RunReports(dir, o.formats(), out, lock, start);
        } catch (RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    /**
     * The reports of a run that died in {@code dir}, rebuilt from its journal into a directory beside
     * its own ({@code interrupted-<start time>}), so that the new run does not overwrite them.
     */
    static void recoverInterrupted(Path dir, List<ReportFormat> formats, PrintStream out) {
        Path file = dir.resolve(RunJournal.FILE);
        if (!Files.exists(file)) {
            return;
        }
        try {
            RunJournal.Replayed r = RunJournal.replay(file);
            if (r.ended()) {
                return;
            }
            Path into = dir.resolve("interrupted-" + r.report().createdAt().replaceAll("[^0-9A-Za-z]", ""));
            ReportFormats.writeAll(r.report(), into, formats);
            Files.move(file, into.resolve(RunJournal.FILE), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            out.println("sns: the run of " + r.report().createdAt() + " in " + dir.toAbsolutePath() + " died; its "
                    + r.report().benchmarks().size() + " benchmark(s) are recovered into " + into.toAbsolutePath());
            if (r.linesSkipped() > 0) {
                out.println("sns: " + tornLines(into.resolve(RunJournal.FILE), r.linesSkipped()));
            }
        } catch (ReportFormatException | IOException e) {
            // The new run's journal replaces this file: keep it aside, never lose it.
            Path kept = dir.resolve(RunJournal.FILE + ".unrecovered-"
                    + Instant.now().toString().replaceAll("[^0-9A-Za-z]", ""));
            String where;
            try {
                Files.move(file, kept);
                where = "it is kept as " + kept.toAbsolutePath();
            } catch (IOException moveFailed) {
                where = "it could not be kept aside either (" + moveFailed.getMessage() + ")";
            }
            out.println("sns: a journal in " + dir.toAbsolutePath() + " could not be recovered (" + e.getMessage()
                    + "); " + where);
        }
    }

    /** What a journal's unreadable lines were: which, and that their entries are not in the recovered reports. */
    static String tornLines(Path journal, int count) {
        String which;
        try {
            which = "line " + String.join(", ", RunJournal.unreadableLines(journal).stream().map(String::valueOf).toList());
        } catch (IOException e) {
            which = count + " line(s)";
        }
        return journal.toAbsolutePath() + ": " + which + " could not be read (cut short as the run died) and "
                + (count == 1 ? "is" : "are") + " left out of the recovered reports: what it held was lost";
    }

    /** The report as it stands. */
    public synchronized RunReport report() {
        return new RunReport(start.schema(), start.schemaVersion(), start.snsVersion(), start.createdAt(), fingerprint,
                start.options(), start.seed(), new ArrayList<>(benchmarks.values()), comparisons,
                new ArrayList<>(devices.values()), deviceHealth, null, board);
    }

    /** Adds (or replaces) a benchmark's entry. */
    public synchronized void benchmark(BenchmarkEntry measured) {
        BenchmarkEntry entry = withItsBoard(measured);
        benchmarks.remove(entry.id());
        benchmarks.put(entry.id(), entry);
        journaled(() -> journal().benchmark(entry));
        rewriteIfCheap();
    }

    /** Adds (or replaces) several entries at once: one journal write, one forced to disk. */
    public synchronized void benchmarks(List<BenchmarkEntry> measured) {
        List<BenchmarkEntry> entries = measured.stream().map(this::withItsBoard).toList();
        for (BenchmarkEntry e : entries) {
            benchmarks.remove(e.id());
            benchmarks.put(e.id(), e);
        }
        journaled(() -> journal().benchmarks(entries));
        rewriteIfCheap();
    }

    /** Adds a comparison. */
    public synchronized void comparison(ComparisonEntry entry) {
        comparisons.add(entry);
        journaled(() -> journal().comparison(entry));
    }

    /** A GPU the run measures on (again with its fingerprint, once its first fork has said it). */
    public synchronized void device(DeviceEntry device) {
        if (!device.equals(devices.get(device.index()))) {
            devices.put(device.index(), device);
            journaled(() -> journal().device(device));
        }
    }

    /** The GPU of this index, as recorded (null when the run did not name it). */
    public synchronized DeviceEntry device(int index) {
        return devices.get(index);
    }

    /** Adds a device-health comparison. */
    public synchronized void deviceHealth(DeviceHealthEntry entry) {
        deviceHealth.add(entry);
        journaled(() -> journal().deviceHealth(entry));
    }

    /** A GPU entry with the board of its device (or the run's), once known; others as they are. */
    private BenchmarkEntry withItsBoard(BenchmarkEntry entry) {
        if (entry.board() != null || !"gpu-events".equals(entry.source())) {
            return entry;
        }
        DeviceEntry d = entry.device() == null || entry.device().index() == null ? null
                : devices.get(entry.device().index());
        BoardEntry b = d != null ? d.board() : board;
        return b == null ? entry : entry.withBoard(b);
    }

    /** The board of a run that did not choose devices, from its first GPU fork (the first one counts). */
    public synchronized void board(BoardEntry newBoard) {
        if (board == null) {
            board = newBoard;
            journaled(() -> journal().board(newBoard));
        }
    }

    /** The environment a fork measured in (its JVM and GPU). */
    public synchronized void fingerprint(Map<String, String> newFingerprint) {
        if (!newFingerprint.equals(fingerprint)) {
            Map<String, String> copy = Map.copyOf(newFingerprint);
            fingerprint = copy;
            journaled(() -> journal().fingerprint(copy)); // written later, on the journal's thread: a copy of our own
        }
    }

    /** Writes every chosen format now; a format that fails is named, the others are still written. */
    public synchronized void write() {
        writeNow(report());
    }

    /** Writes {@code report} in every chosen format and schedules the next rewrite by what this one cost. */
    private void writeNow(RunReport report) {
        long bytes0 = allocatedBytes();
        long t0 = System.nanoTime();
        IOException failure = null;
        try {
            ReportFormats.writeAll(report, dir, formats);
        } catch (IOException e) {
            failure = e;
        }
        long cost = System.nanoTime() - t0;
        long allocated = bytes0 < 0 ? -1 : allocatedBytes() - bytes0;
        // no lock taken here: finish() holds this object's while it waits for a rewrite on the journal's thread
        if (failure != null) {
            failed("could not write the reports to " + dir.toAbsolutePath() + ": " + failure.getMessage());
        }
        nextWriteNanos = System.nanoTime() + waitNanos(cost, writes == 0 ? -1 : allocated);
        // the first write also loads and compiles the writers: its cost says nothing about the report's size
        // From here on each result is only journaled and the full reports come at the end: an internal
        // economy, not said on the console (the journal rebuilds the reports of a run that dies).
        if (++writes > 1 && cost > MAX_REWRITE_NANOS && !finished && !rewritesStopped) {
            rewritesStopped = true;
        }
    }

    /**
     * How long the next rewrite waits after one that took {@code costNanos} and allocated {@code allocatedBytes}
     * (negative: not known): {@value #WRITE_BUDGET} times its cost, or its allocation at
     * {@link #REWRITE_BYTES_PER_SECOND}, whichever is longer.
     */
    static long waitNanos(long costNanos, long allocatedBytes) {
        long byTime = WRITE_BUDGET * costNanos;
        long byBytes = allocatedBytes <= 0 ? 0 : (long) (allocatedBytes * 1e9 / REWRITE_BYTES_PER_SECOND);
        return Math.max(byTime, byBytes);
    }

    /** The bytes this thread has allocated so far; -1 where the JVM does not say. */
    private static long allocatedBytes() {
        try {
            if (java.lang.management.ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean t
                    && t.isThreadAllocatedMemorySupported() && t.isThreadAllocatedMemoryEnabled()) {
                return t.getCurrentThreadAllocatedBytes();
            }
        } catch (RuntimeException | LinkageError e) {
            // a JVM without the counter: the time rule alone
        }
        return -1;
    }

    /**
     * A rewrite of the full reports when one is due: a snapshot taken here, written on the journal's thread
     * (after the line before it), so that the next fork does not wait for it either; never two at once.
     */
    private void rewriteIfCheap() {
        if (!rewritesStopped && System.nanoTime() - nextWriteNanos >= 0 && rewriteQueued.compareAndSet(false, true)) {
            RunReport snapshot = report();
            journalWriter.execute(() -> {
                try {
                    writeNow(snapshot);
                } finally {
                    rewriteQueued.set(false);
                }
            });
        }
    }

    /** Waits until the journal's thread has done all it was given (lines and rewrites), then stops it. */
    private void stopWriter() {
        journalWriter.shutdown();
        boolean interrupted = false;
        while (true) {
            try {
                if (journalWriter.awaitTermination(1, java.util.concurrent.TimeUnit.MINUTES)) {
                    break;
                }
                failed("the journal's writer did not finish within a minute: the final reports are written anyway");
                break;
            } catch (InterruptedException e) {
                interrupted = true; // a rewrite in flight must not overwrite the final reports: wait on
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The run ended: the full reports are written, and when they were the journal is ended and removed
     * (when they were not, the journal stays, not ended, for the next run to recover); the directory is
     * released. Safe to call twice.
     */
    public synchronized void finish() {
        if (finished) {
            return;
        }
        finished = true;
        awaitJournal();
        stopWriter();
        int before = writeFailures.size();
        write();
        boolean written = writeFailures.size() == before;
        try {
            RunJournal j = journal();
            if (written) {
                j.end(); // only a run whose reports were written is ended: the next run recovers any other
            }
            j.close();
            if (written) {
                Files.deleteIfExists(j.file());
            }
        } catch (IOException e) {
            failed("could not end the journal " + journalFile() + ": " + e.getMessage());
        }
        lock.close();
    }

    /** The run stopped before anything ran: no report is written; the journal goes, the lock is released. */
    public synchronized void abandon() {
        if (finished) {
            return;
        }
        finished = true;
        awaitJournal();
        stopWriter();
        try {
            if (journal != null) {
                journal.close();
            }
            Files.deleteIfExists(journalFile());
        } catch (IOException e) {
            // a journal left behind is recovered by the next run: harmless
        }
        lock.close();
    }

    @Override
    public void close() {
        finish();
    }

    /** Each distinct failure to write the reports or the journal (empty when all writes succeeded). */
    public synchronized List<String> writeFailures() {
        synchronized (writeFailures) { // the journal's thread may add one meanwhile
            return List.copyOf(writeFailures);
        }
    }

    /** The directory the reports go to, as the user will find it. */
    public Path dir() {
        return dir.toAbsolutePath();
    }

    private interface Append {
        void run() throws IOException;
    }

    /**
     * Appends a line on the journal's writer thread, once the line before it is on disk: the caller goes on
     * at once (to start the next fork), and at most this one line is in flight should the host die.
     */
    private void journaled(Append a) {
        awaitJournal();
        if (finished) {
            // after the end (a fork that finished as the JVM exits): the journal is closed and gone, so the
            // entry, already in the report, goes into the full reports, rewritten now, and is not lost
            write();
            return;
        }
        pendingLine = journalWriter.submit(() -> {
            try {
                a.run();
                return null;
            } catch (IOException e) {
                return e;
            }
        });
    }

    /** Waits until the line in flight is on disk; says its failure, if it failed. */
    private void awaitJournal() {
        java.util.concurrent.Future<IOException> line = pendingLine;
        if (line == null) {
            return;
        }
        pendingLine = null;
        boolean interrupted = false;
        IOException failure;
        while (true) {
            try {
                failure = line.get();
                break;
            } catch (InterruptedException e) {
                interrupted = true; // the line must be on disk before the next one: wait on, then say so
            } catch (java.util.concurrent.ExecutionException e) {
                failure = new IOException(String.valueOf(e.getCause()), e.getCause());
                break;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (failure != null) {
            journalFailed(failure);
        }
    }

    private void journalFailed(IOException e) {
        failed("could not append to the journal " + journalFile() + ": " + e.getMessage());
    }

    /** The started journal; on the journal's thread, or on the host's after a wait on that thread's work. */
    private RunJournal journal() throws IOException {
        RunJournal j = journal;
        if (j == null) {
            throw new IOException("the journal was not started (its first line could not be written)");
        }
        return j;
    }

    private Path journalFile() {
        return dir.resolve(RunJournal.FILE);
    }

    private void failed(String why) {
        if (writeFailures.add(why)) {
            out.println("sns: " + why);
        }
    }
}
