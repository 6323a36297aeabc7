/**
 * A result as a table of named, typed cells, and the four forms the command line writes it in:
 * aligned text, Markdown, CSV and JSON ({@link dev.sns.reports.tables.TableFormat}). The history
 * commands (list, show, changes, gate, import) build a {@link dev.sns.reports.tables.Table}; the
 * writers iterate over its columns, so a new column touches one place (NVBench's self-describing
 * summaries).
 *
 * <p>Imports {@code dev.sns.reports} ({@code Figures}, {@code CsvReports}), Jackson and the JDK
 * only; knows nothing of the history or the comparison.
 *
 * <p>Numbers: text and Markdown show 4 significant digits and fractions as signed percentages; CSV
 * and JSON carry the full value in Java's locale-independent form (fractions as fractions), NaN and
 * absent values as empty cells and null.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
package dev.sns.reports.tables;

import org.apiguardian.api.API;
