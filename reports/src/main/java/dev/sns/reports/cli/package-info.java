/**
 * The command line of {@code sns-reports.jar}, on picocli: {@code render} (report.html again from
 * a results.json), {@code compare} (an old run against a new one) and {@code history} (list, show,
 * changes, gate, import, report over the performance history). Results go to standard output;
 * progress and errors to standard error. Exit codes, for every command, are one table,
 * {@link dev.sns.reports.cli.ExitCode}: 0 success and no regression, 1 a regression ({@code compare})
 * or a run that starts a slower segment ({@code history gate}), 2 a usage or input error (bad
 * arguments, a file or history that cannot be read or written, too large for the heap), 3 an internal
 * error (a bug in sns), 4 an incomplete run group ({@code history merge}); every command's help ends
 * with them, and docs/reference/exit-codes.md is generated from the table. No stack trace
 * reaches the user unless {@code -Dsns.debug=true}.
 *
 * <p>{@link dev.sns.reports.cli.ReportsCli#run} is the whole program without {@code System.exit},
 * so tests run it in-process. picocli's parse errors are reworded into sns's messages
 * ({@code ReportsCli.message}); each command checks its own values and names the bad one.
 *
 * <p>Imports {@code dev.sns.reports}, its {@code compare}, {@code html}, {@code history},
 * {@code changes} and {@code tables} packages, picocli and the JDK only. Nothing imports this package.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
package dev.sns.reports.cli;

import org.apiguardian.api.API;
