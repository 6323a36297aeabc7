/**
 * The command line of {@code sns-reports.jar}: {@code render} (report.html again from a
 * results.json) and {@code compare} (an old run against a new one, exit code 1 on a regression).
 * Results go to standard output; progress and errors to standard error. Exit codes: 0 success and no
 * regression, 1 a regression, 2 a usage error or a file that cannot be read or written.
 *
 * <p>{@link dev.sns.reports.cli.ReportsCli#run} is the whole program without {@code System.exit}, so
 * tests run it in-process. No parsing library: the grammar is two commands and three options.
 *
 * <p>Imports {@code dev.sns.reports}, its {@code compare} and {@code html} packages (the page is
 * written with {@link dev.sns.reports.html.HtmlReportFormat#writePage}, to any file name) and the
 * JDK only. Nothing imports this package.
 */
package dev.sns.reports.cli;
