#!/usr/bin/env python3
"""Reads the `duplicates` tool's rows and judges each pair by what its lines hold (issue 29, "No copies").

A pair is boilerplate when every line it shares, on both sides, is a declaration or plumbing line:
imports, annotations (and their continuation lines), type and method signatures (and their parameter
lines), field declarations (no initializer, or an empty one: `List.of()`, `new T<>()`), constants
(`static final T NAME = <literal>;`, an alias `= Other.NAME;`), a constructor's `this.x = x;`,
`Objects.requireNonNull(x, "x");`, an accessor's `return x;`, a method whose one statement forwards
to one call with plain arguments (`out.println(s);`, `super(A, B);`, `gpu.time(g.call);`), enum
constants with literal arguments, string-literal continuation lines, `private X() {}`, braces.
Anything else (a condition, a loop, arithmetic, a call that is not a whole body's forwarding, a
lambda, `new` with arguments) is logic, and a pair with one logic line counts.

Every run of a pair is judged: where the tool says `(+N more runs)` and the run it names is
boilerplate, the two files are copied to a scratch folder and the tool is run there again with each
run found blanked out, until no run is left (the tool names only the longest). Comments and blank
lines are passed over, as the tool passes them over. Only Java is read this way; a line of any other
language is logic.

Usage:
  duplicates --most 200 | scripts/duplicates-classify.py [--root DIR]   one line a row: verdict, sides, why
  scripts/duplicates-classify.py --self-test                            the classifier against known lines
Output: `COUNTS D4 a:27-50 ~ b:30-54 | logic: a:38 for (...)`, or `boilerplate D12 ... | kinds: ...`;
a final line `classified: N rows, M count`. Exit 0, 2 on a row it could not read (a file missing).
"""
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter

MODIFIERS = r"(?:public|protected|private|static|final|abstract|sealed|non-sealed|strictfp|synchronized|native|" \
            r"transient|volatile|default)"
IDENT = r"[A-Za-z_$][\w$]*"
QNAME = IDENT + r"(?:\s*\.\s*" + IDENT + r")*"
# A type: a qualified name, type arguments, array brackets, varargs.
TYPE = QNAME + r"(?:\s*<[\w$\s.,<>?\[\]&]*>)?(?:\s*\[\s*\])*(?:\s*\.\.\.)?"
ANNOTATION = r"@" + QNAME + r"(?:\s*\([^()]*(?:\([^()]*\)[^()]*)*\)|(?![\w$.]|\s*\())"
LITERAL = r"(?:\"S\"|'C'|true|false|null|0[xX][0-9a-fA-F_]+[lL]?|\d[\d_]*(?:\.\d*)?(?:[eE][+-]?\d+)?[lLfFdD]?" \
          r"|\.\d+(?:[eE][+-]?\d+)?[fFdD]?)"
KEYWORDS = {"return", "new", "throw", "if", "else", "for", "while", "do", "switch", "case", "try", "catch",
            "finally", "yield", "assert", "break", "continue", "synchronized", "this", "super", "instanceof"}
# A plain argument: a literal, a (qualified) name, this, a class literal or a method reference.
PLAIN_ARG = r"(?:" + LITERAL + r"|" + QNAME + r"(?:\s*::\s*" + IDENT + r")?|this|" + QNAME + r"\s*\.\s*class)"
PLAIN_ARGS = r"(?:" + PLAIN_ARG + r"(?:\s*,\s*" + PLAIN_ARG + r")*)?"
PARAM = r"(?:" + ANNOTATION + r"\s+)*(?:final\s+)?" + TYPE + r"\s+" + IDENT
PARAMS = r"(?:" + PARAM + r"(?:\s*,\s*" + PARAM + r")*)?"
EMPTY_INIT = r"(?:new\s+" + TYPE + r"\s*\(\s*\)|(?:List|Set|Map|Optional)\s*\.\s*(?:of|empty)\s*\(\s*\)|" \
             r"Collections\s*\.\s*empty\w*\s*\(\s*\))"
CONST_EXPR = r"(?:[\s()+\-*/%<>|&^~]|" + LITERAL + r")+"

PLUMBING = {"import", "annotation", "type signature", "method signature", "parameters", "field", "constant",
            "field assignment", "null check", "accessor", "forwarding call", "enum constant", "string continuation",
            "private constructor", "brace", "constructor delegation",
            "table row", "builder return"}


def strip_code(lines):
    """Each line's code: comments out, string and char literals as "S" and 'C' (text blocks too)."""
    out = []
    in_block = False
    in_text = False
    for line in lines:
        code = []
        i = 0
        n = len(line)
        while i < n:
            if in_block:
                end = line.find("*/", i)
                if end < 0:
                    i = n
                else:
                    in_block = False
                    i = end + 2
                continue
            if in_text:
                end = line.find('"""', i)
                if end < 0:
                    i = n
                else:
                    in_text = False
                    code.append('"S"')
                    i = end + 3
                continue
            c = line[i]
            if line.startswith("//", i):
                break
            if line.startswith("/*", i):
                in_block = True
                i += 2
                continue
            if line.startswith('"""', i):
                in_text = True
                i += 3
                continue
            if c == '"' or c == "'":
                j = i + 1
                while j < n and line[j] != c:
                    j += 2 if line[j] == "\\" else 1
                code.append('"S"' if c == '"' else "'C'")
                i = j + 1
                continue
            code.append(c)
            i += 1
        out.append(" ".join("".join(code).split()))
    return out


def depth_change(code, opening, closing):
    return code.count(opening) - code.count(closing)


class JavaFile:
    """The kind of each line of one Java file, judged with its context (which block it stands in)."""

    def __init__(self, lines):
        self.raw = lines
        self.code = strip_code(lines)
        self.kinds = [None] * len(lines)
        self._classify()

    def _classify(self):
        # The block each line stands in: a stack of "type", "enum", "method" and "block" entries.
        stack = []
        block_of = [None] * len(self.code)
        blocks = []  # per block: [kind, [line indexes of its own statements]]
        open_parens = 0  # unclosed parentheses of a signature or an annotation carried to the next lines
        carry_kind = None
        carry_block = None  # the block a carried signature opens: "type", "enum" or "method"
        enum_constants = set()  # blocks (by index) still in their constants section
        forced = {}  # continuation lines of a statement judged whole: their kind
        for idx, code in enumerate(self.code):
            top = stack[-1] if stack else None
            block_of[idx] = top
            if not code:
                self.kinds[idx] = "comment"
                continue
            if idx in forced:
                kind = forced[idx]
            elif carry_kind is not None:
                kind = carry_kind if self._continuation_ok(code, carry_kind) else "logic"
                open_parens += depth_change(code, "(", ")")
                if open_parens <= 0:
                    carry_kind = None
                    open_parens = 0
            else:
                kind, opens = self._line_kind(code, top, blocks, enum_constants)
                if opens and kind in ("annotation", "type signature", "method signature"):
                    carry_kind = "annotation" if kind == "annotation" else "parameters"
                    open_parens = depth_change(code, "(", ")")
                    carry_block = self._type_block(code) or "method"
                elif opens and top is not None and blocks[top][0] in ("method", "block") and "{" not in code:
                    # A statement over several lines is judged whole (a call's arguments, a delegation).
                    rest = self._statement_rest(idx)
                    if rest:
                        joined = " ".join([code] + [self.code[j] for j in rest])
                        kind, _ = self._line_kind(joined, top, blocks, enum_constants)
                        for j in rest:
                            forced[j] = kind
            self.kinds[idx] = kind
            if top is not None and kind not in ("comment", "brace") and idx not in forced:
                blocks[top][1].append(idx)
            # Braces: push and pop blocks in the order they stand on the line.
            for ch in code:
                if ch == "{":
                    bkind = self._type_block(code)
                    if bkind is None and kind == "parameters":
                        bkind = carry_block
                    if bkind is not None:
                        pass
                    elif top is not None and blocks[top][0] in ("type", "enum"):
                        bkind = "method"
                    else:
                        bkind = "block"
                    blocks.append([bkind, []])
                    stack.append(len(blocks) - 1)
                    if bkind == "enum":
                        enum_constants.add(len(blocks) - 1)
                elif ch == "}" and stack:
                    stack.pop()
            if top is not None and top in enum_constants and code.endswith(";") and kind in (
                    "enum constant", "string continuation", "brace"):
                enum_constants.discard(top)
            elif top is not None and top in enum_constants and kind not in ("enum constant", "string continuation",
                                                                              "annotation", "comment", "brace"):
                enum_constants.discard(top)
        self.block_of = block_of
        self.blocks = blocks
        # A forwarding call or an accessor's return is plumbing only as the whole body of its method.
        for idx, kind in enumerate(self.kinds):
            if kind in ("forwarding call", "accessor"):
                b = block_of[idx]
                if b is None or blocks[b][0] != "method" or len(blocks[b][1]) != 1:
                    self.kinds[idx] = "logic"

    def _statement_rest(self, idx):
        """The lines after idx that close its open parentheses, or None (braces between, or too far)."""
        depth = depth_change(self.code[idx], "(", ")")
        rest = []
        for j in range(idx + 1, min(idx + 40, len(self.code))):
            code = self.code[j]
            if not code:
                continue
            if "{" in code or "}" in code:
                return None
            rest.append(j)
            depth += depth_change(code, "(", ")")
            if depth <= 0:
                return rest
        return None

    @staticmethod
    def _constant_call(code):
        """Whether the line is calls (or a chain's continuation) whose arguments are all constants: literals,
        CONSTANT names, qualified constants, method references, class literals, or such calls: a table's row."""
        tokens = re.findall(r"\"S\"|'C'|::|->|[A-Za-z_$][\w$]*|\d[\w.]*|\S", code)
        if not any(t == "(" for t in tokens):
            return False
        allowed_punct = {"(", ")", ",", ".", "+", ";", "::"}
        for i, t in enumerate(tokens):
            nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
            prev = tokens[i - 1] if i > 0 else ""
            if t in ('"S"', "'C'", "true", "false", "null") or re.fullmatch(r"\d[\w.]*", t):
                continue
            if t in allowed_punct:
                if t == "+" and not (prev in ('"S"', ")") or nxt == '"S"'):
                    return False  # only strings are joined; other + is arithmetic
                continue
            if re.fullmatch(r"[A-Za-z_$][\w$]*", t):
                if t in KEYWORDS and t not in ("this",) or t == "this":
                    return False
                if nxt == "(" or prev in (".", "::") or nxt in (".", "::") and t[0].isupper():
                    continue  # a call, a member, a qualifier
                if re.fullmatch(r"[A-Z][A-Z0-9_]*", t):
                    continue  # a CONSTANT
                return False  # a variable
            return False
        return True

    @staticmethod
    def _type_block(code):
        m = re.match(r"^(?:" + ANNOTATION + r"\s*)*(?:" + MODIFIERS + r"\s+)*(enum|class|interface|record|@interface)\s",
                     code)
        if m is None:
            return None
        return "enum" if m.group(1) == "enum" else "type"

    @staticmethod
    def _continuation_ok(code, carry_kind):
        if carry_kind == "annotation":
            return bool(re.fullmatch(r"(?:[\s\w$.,=+(){}\"'SC-]|" + LITERAL + r")*", code)) and "->" not in code
        body = code
        body = re.sub(r"\)\s*(?:throws\s+" + QNAME + r"(?:\s*,\s*" + QNAME + r")*\s*)?(?:\{\s*\}?|;)?\s*$", "", body)
        body = body.rstrip(",").strip()
        return body == "" or bool(re.fullmatch(PARAMS, body))

    def _line_kind(self, code, top, blocks, enum_constants):  # noqa: C901 (one table of line shapes)
        """(kind, whether the line leaves a parenthesis open)."""
        opens = depth_change(code, "(", ")") > 0
        if re.fullmatch(r"[{}()\[\];,\s]+", code):
            return "brace", False
        if re.match(r"^(?:import|package)\s", code):
            return "import", False
        ctx = blocks[top][0] if top is not None else "file"
        # Leading annotations: the line is an annotation line, or its declaration after them decides.
        m = re.match(r"^((?:" + ANNOTATION + r"\s*)+)(.*)$", code)
        if m and m.group(1).strip():
            code = m.group(2).strip()
            if not code:
                return "annotation", False
            opens = depth_change(code, "(", ")") > 0
        elif re.match(r"^@" + QNAME + r"\s*\(", code) and opens:
            return "annotation", True
        # Type signature (possibly with its record header's components open).
        if re.match(r"^(?:" + MODIFIERS + r"\s+)*(?:class|interface|enum|record|@interface)\s+" + IDENT, code):
            return "type signature", depth_change(code, "(", ")") > 0
        if ctx in ("type", "enum", "file"):
            if ctx == "enum" and top in enum_constants:
                if re.fullmatch(r"(?:" + IDENT + r"|" + LITERAL + r"|[\s(),;+.])+", code) and "->" not in code:
                    return "enum constant", opens
            if re.fullmatch(r"private\s+" + IDENT + r"\s*\(\s*\)\s*\{\s*\}", code):
                return "private constructor", False
            sig = re.fullmatch(r"(?:" + MODIFIERS + r"\s+)*(?:<[^()]*>\s+)?(?:" + TYPE + r"\s+)?(" + IDENT + r")\s*"
                               r"\((.*)", code)
            if sig and sig.group(1) not in KEYWORDS:
                tail = sig.group(2)
                params = re.sub(r"\)\s*(?:throws\s+" + QNAME + r"(?:\s*,\s*" + QNAME + r")*\s*)?(?:\{\s*\}?|;)?\s*$",
                                "", tail)
                closed = params != tail
                params = params.rstrip(",").strip()
                if re.fullmatch(PARAMS, params) and (closed or depth_change(code, "(", ")") > 0):
                    return "method signature", not closed
            if re.fullmatch(r"(?:" + MODIFIERS + r"\s+)+" + IDENT + r"\s*\{", code):
                return "method signature", False  # a record's compact constructor
            if re.fullmatch(r"(?:" + MODIFIERS + r"\s+)*" + TYPE + r"\s+" + IDENT + r"(?:\s*,\s*" + IDENT + r")*\s*;",
                            code):
                return "field", False
            init = re.fullmatch(r"((?:" + MODIFIERS + r"\s+)*)" + TYPE + r"\s+" + IDENT + r"\s*=\s*(.+?)\s*;", code)
            if init:
                value = init.group(2)
                if re.fullmatch(EMPTY_INIT, value):
                    return "field", False
                if "final" not in init.group(1) and re.fullmatch(CONST_EXPR, value) and re.search(LITERAL, value):
                    return "field", False  # a mutable field's first value
                if "static" in init.group(1) and "final" in init.group(1) and (
                        re.fullmatch(CONST_EXPR, value) and re.search(LITERAL, value)
                        or re.fullmatch(QNAME, value)):
                    return "constant", False
                return "logic", opens
        if ctx in ("type", "enum", "file") and self._constant_call(code):
            return "table row", opens
        if re.fullmatch(r"[\s+,();]*(?:\"S\"|'C')(?:[\s+,();]|\"S\"|'C')*", code):
            return "string continuation", False
        if ctx in ("method", "block"):
            m = re.fullmatch(r"this\s*\.\s*(" + IDENT + r")\s*=\s*(.+?)\s*;", code)
            if m and m.group(2) == m.group(1):
                return "field assignment", False
            if m and re.fullmatch(r"Objects\s*\.\s*requireNonNull\s*\(\s*" + IDENT
                                  + r"\s*(?:,\s*\"S\"\s*)?\)", m.group(2)):
                return "null check", False
            m = re.fullmatch(r"this\s*\.\s*(" + IDENT + r")\s*=\s*" + IDENT + r"\s*\.\s*(" + IDENT + r")\s*;", code)
            if m and m.group(1) == m.group(2):
                return "field assignment", False  # this.x = builder.x;
            if ctx == "method" and re.fullmatch(r"(?:this\s*\.\s*)?" + IDENT + r"\s*=\s*" + IDENT + r"\s*;", code):
                return "field assignment", False  # a setter's, or a constructor's under another name
            if ctx == "method" and code == "return this;":
                return "builder return", False
            m = re.fullmatch(r"Objects\s*\.\s*requireNonNull\s*\(\s*(" + IDENT + r")\s*(?:,\s*\"S\"\s*)?\)\s*;", code)
            if m:
                return "null check", False
            if re.fullmatch(r"return\s+(?:this\s*\.\s*)?" + IDENT + r"\s*;", code):
                return "accessor", False
            if re.fullmatch(r"(?:super|this)\s*\(\s*" + PLAIN_ARGS + r"\s*\)\s*;", code):
                return "constructor delegation", False
            if re.fullmatch(r"(?:return\s+)?(?:" + QNAME + r"\s*\.\s*)?" + IDENT + r"\s*\(\s*" + PLAIN_ARGS
                            + r"\s*\)\s*;", code):
                return "forwarding call", False
        return "logic", opens


def read_lines(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read().split("\n")


_CACHE = {}


def java_file(path):
    st = os.stat(path)
    key = (path, st.st_mtime_ns, st.st_size)
    if key not in _CACHE:
        _CACHE[key] = JavaFile(read_lines(path))
    return _CACHE[key]


def judge_side(path, start, end):
    """Kinds of the lines start..end (1-based) of one side: Counter of plumbing kinds, list of logic lines."""
    kinds = Counter()
    logic = []
    if not path.endswith(".java"):
        for no, line in enumerate(read_lines(path)[start - 1:end], start):
            if line.strip():
                logic.append((no, line.strip()))
        return kinds, logic
    jf = java_file(path)
    for no in range(start, min(end, len(jf.raw)) + 1):
        kind = jf.kinds[no - 1]
        if kind == "comment":
            continue
        if kind in PLUMBING:
            kinds[kind] += 1
        else:
            logic.append((no, jf.raw[no - 1].strip()))
    return kinds, logic


ROW = re.compile(r"^(D\d+) (\S+):(\d+)-(\d+) ~ (\S+):(\d+)-(\d+)(.*)$")


def parse_rows(text):
    rows = []
    for line in text.splitlines():
        m = ROW.match(line)
        if m:
            rows.append({"id": m.group(1), "a": m.group(2), "a0": int(m.group(3)), "a1": int(m.group(4)),
                         "b": m.group(5), "b0": int(m.group(6)), "b1": int(m.group(7)), "tail": m.group(8),
                         "line": line})
    return rows


def more_runs(tail):
    m = re.search(r"\(\+(\d+) more runs?\)", tail)
    return int(m.group(1)) if m else 0


def other_runs(root, row):
    """The pair's runs beyond the one named: the tool again over a copy of the two files, each run found
    broken in turn (every fifth line of one side replaced by a line of a shape found nowhere else, so no six
    lines of it stay shared), until the pair has no run left; once breaking the second sides, once the first
    (runs overlap: breaking one side of a run may break another run too). Returns [(a0, a1, b0, b1)], or
    None when the tool could not be run on the copy."""
    runs = []
    for side in ("b", "a"):
        found = peel(root, row, side)
        if found is None:
            return None
        runs += [r for r in found if r not in runs]
    return runs


def peel(root, row, side):
    tool = shutil.which("duplicates")
    if tool is None:
        return None
    same = row["a"] == row["b"]
    with tempfile.TemporaryDirectory(prefix="dups-") as tmp:
        names = ["a" + os.path.splitext(row["a"])[1]]
        texts = [read_lines(os.path.join(root, row["a"]))]
        if not same:
            names.append("b" + os.path.splitext(row["b"])[1])
            texts.append(read_lines(os.path.join(root, row["b"])))
        marks = [0]

        def mark():
            # q - q + q ...: operators are kept in a line's shape, so each mark is unlike every other line.
            marks[0] += 1
            return "q" + "".join(" + q" if (marks[0] >> i) & 1 else " - q" for i in range(16)) + ";"

        def breaks(start, end, on_a):
            text = texts[0] if on_a else texts[-1]
            for no in list(range(start + 5, end + 1, 5)) or [end]:
                if no - 1 < len(text):
                    text[no - 1] = mark()

        on_a = side == "a"
        breaks(row[side + "0"], row[side + "1"], on_a)
        found = []
        for _ in range(more_runs(row["tail"]) + 20):
            for name, text in zip(names, texts):
                with open(os.path.join(tmp, name), "w", encoding="utf-8") as f:
                    f.write("\n".join(text))
            try:
                out = subprocess.run([tool, "--repo", tmp, "--most", "200", "--seconds", "60"], capture_output=True,
                                     text=True, timeout=120).stdout
            except (OSError, subprocess.SubprocessError):
                return None
            if "incomplete:" in out:
                return None
            hit = None
            for r in parse_rows(out):
                if {r["a"], r["b"]} == set(names) and (same or r["a"] != r["b"]):
                    hit = r
                    break
            if hit is None:
                return found
            if not same and hit["a"] == names[1]:
                hit = dict(hit, a0=hit["b0"], a1=hit["b1"], b0=hit["a0"], b1=hit["a1"])
            run = (hit["a0"], hit["a1"], hit["b0"], hit["b1"])
            if run in found:
                return None
            found.append(run)
            breaks(hit[side + "0"], hit[side + "1"], on_a)
        return None


def classify_row(root, row):
    runs = [(row["a0"], row["a1"], row["b0"], row["b1"])]
    verdict = None
    kinds = Counter()
    logic = []
    note = ""
    i = 0
    while i < len(runs):
        a0, a1, b0, b1 = runs[i]
        ka, la = judge_side(os.path.join(root, row["a"]), a0, a1)
        kb, lb = judge_side(os.path.join(root, row["b"]), b0, b1)
        kinds += ka + kb
        logic += [(row["a"], no, text) for no, text in la] + [(row["b"], no, text) for no, text in lb]
        if logic:
            verdict = "COUNTS"
            break
        if i == 0 and more_runs(row["tail"]):
            extra = other_runs(root, row)
            if extra is None:
                verdict = "COUNTS"
                note = "; its other runs could not be read (the tool failed on a copy), so it counts"
                break
            runs += extra
            note = "; %d run(s) judged" % len(runs)
        i += 1
    if verdict is None:
        verdict = "boilerplate"
    return verdict, kinds, logic, note


def report(root, text, out=sys.stdout):
    rows = parse_rows(text)
    counted = 0
    for row in rows:
        for side in ("a", "b"):
            if not os.path.isfile(os.path.join(root, row[side])):
                print("duplicates-classify: no file %s (row %s)" % (row[side], row["id"]), file=sys.stderr)
                return 2
        verdict, kinds, logic, note = classify_row(root, row)
        sides = "%s:%d-%d ~ %s:%d-%d" % (row["a"], row["a0"], row["a1"], row["b"], row["b0"], row["b1"])
        if verdict == "COUNTS":
            counted += 1
            shown = "; ".join("%s:%d %s" % (os.path.basename(p), no, t[:90]) for p, no, t in logic[:3])
            more = " (+%d more)" % (len(logic) - 3) if len(logic) > 3 else ""
            print("COUNTS %s %s%s | logic: %s%s%s" % (row["id"], sides, row["tail"], shown, more, note), file=out)
        else:
            why = ", ".join("%s %d" % (k, n) for k, n in sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0])))
            print("boilerplate %s %s%s | kinds: %s%s" % (row["id"], sides, row["tail"], why, note), file=out)
    print("classified: %d rows, %d count" % (len(rows), counted), file=out)
    return 0


# ---------------------------------------------------------------- self-test
SELF_TEST = r'''
package x.y;                                                    // import
import java.util.Objects;                                       // import
/** A doc. */                                                   // comment
@API(status = API.Status.STABLE, since = "0.1")                 // annotation
public final class Sample implements Runnable {                 // type signature
    static final int SIZE = 96;                                 // constant
    private static final long N = 64L << 20;                    // constant
    private static final CsvFile<Entry> CSV = CsvFile.ENERGY;   // constant
    private static final int LIMIT = compute(3);                // logic
    private final String name;                                  // field
    @Param({"65536"})                                           // annotation
    public int n;                                               // field
    @Option(names = "--commit", description = "the commit")     // annotation
    String commit;                                              // field
    @Parameters(arity = "0..*", paramLabel = "<x>",             // annotation
            description = "the files " + "to search")           // annotation
    List<String> paths = List.of();                             // field
    private double[] data;                                      // field
    private X() {}                                              // private constructor
    Sample(String name,                                         // method signature
           int n) {                                             // parameters
        this.name = name;                                       // field assignment
        this.n = n + 1;                                         // logic
        Objects.requireNonNull(name, "name");                   // null check
    }                                                           // brace
    @Override                                                   // annotation
    public String name() {                                      // method signature
        return name;                                            // accessor
    }                                                           // brace
    public void println(String s) {                             // method signature
        out.println(s);                                         // forwarding call
    }                                                           // brace
    public void twoCalls(String s) {                            // method signature
        out.println(s);                                         // logic
        out.flush();                                            // logic
    }                                                           // brace
    public double sum() {                                       // method signature
        double s = 0;                                           // logic
        for (double d : data) {                                 // logic
            s += d;                                             // logic
        }                                                       // brace
        return s;                                               // logic
    }                                                           // brace
    public boolean available() {                                // method signature
        return unavailable.isEmpty() ? "" : unavailable;        // logic
    }                                                           // brace
    public static class Bf16 extends Gemm {                     // type signature
        public Bf16() {                                         // method signature
            super(CudaDataType.BF16, ComputeType.F32, 3);       // constructor delegation
        }                                                       // brace
    }                                                           // brace
    void rows() {                                               // method signature
        List<String> t = List.of(a, b);                         // logic
        if (t.isEmpty()) {                                      // logic
            throw new IllegalStateException("empty "            // logic
                    + "list");                                  // logic
            System.exit(2);                                     // logic
        }                                                       // brace
    }                                                           // brace
    enum Code {                                                 // type signature
        OK(0, "fine"),                                          // enum constant
        FAILED(1, "it failed "                                  // enum constant
                + "(a reason)");                                // enum constant
        private final int code;                                 // field
        Code(int code, String meaning) {                        // method signature
            this.code = code;                                   // field assignment
        }                                                       // brace
    }                                                           // brace
    public record R(@JsonInclude(NON_NULL) String mode,         // type signature
                    @JsonInclude(NON_NULL) Double wall) {       // parameters
        public R {                                              // method signature
            Objects.requireNonNull(mode, "mode");               // null check
        }                                                       // brace
    }                                                           // brace
    @Benchmark                                                  // annotation
    @GpuTiming("precision=bf16-tensor")                         // annotation
    public void bf16(GpuBlackhole gpu, Bf16 g) {                // method signature
        gpu.time(g.call);                                       // forwarding call
    }                                                           // brace
    Runnable r = () -> work(n);                                 // logic
    private static String failure = "";                         // field
    static final List<Field> ROWS = List.of(                    // logic
            f("summary.x", NUMBER, MS, "its meaning "           // table row
                    + "goes on", "Result.x()").orLeftOut()      // table row
                    + "and on")                                 // string continuation
                    .csv(RESULTS.column("x", summary(Summary::x)))  // table row
                    .html(line("x", ofSummary((s, u) -> s.x() == null ? null  // logic
                            : Figures.sig(s.x())))),            // logic
            f("y", NUMBER, "ms", "n " + n, "Result.y()"),       // logic
            k(Row.class, BenchmarkEntry.Origin::runId, 2 + 3)); // logic
    Sample(String id, String benchmark, Map<String, String> params) {  // method signature
        this(id, benchmark, params, null,                       // constructor delegation
                null, 0, "none");                               // constructor delegation
    }                                                           // brace
    Builder median(double v) {                                  // method signature
        median = v;                                             // field assignment
        this.reps = b.reps;                                     // field assignment
        this.reps = b.count;                                    // logic
        this.stop = Objects.requireNonNull(reason, "reason");   // null check
        return this;                                            // builder return
    }                                                           // brace
    void swap() {                                               // method signature
        while (a > b) {                                         // logic
            a = b;                                              // logic
            return this;                                        // logic
        }                                                       // brace
    }                                                           // brace
    void build(StringBuilder sb) {                              // method signature
        sb.append("x");                                         // logic
        sb.append(name,                                         // logic
                "y");                                           // logic
    }                                                           // brace
}                                                               // brace
'''


def self_test():
    src = []
    expected = []
    for line in SELF_TEST.strip("\n").split("\n"):
        code, _, kind = line.rpartition("//")
        src.append(code.rstrip())
        expected.append(kind.strip())
    jf = JavaFile(src)
    bad = 0
    for no, (line, want, got) in enumerate(zip(src, expected, jf.kinds), 1):
        if want != got:
            bad += 1
            print("self-test: line %d %r: expected %s, got %s" % (no, line.strip(), want, got))
    # Whole pairs, through the row reader: an enum's fields and accessors are boilerplate; the same with a
    # loop planted in both sides counts, and the loop is the line shown.
    enum = ["enum E {", "    A(1);", "    private final int code;", "    E(int code) {", "        this.code = code;",
            "    }", "    public int code() {", "        return code;", "    }"]
    loop = ["    static int sum(int[] xs) {", "        int s = 0;", "        for (int x : xs) {", "            s += x;",
            "        }", "        return s;", "    }"]
    cases = [(enum + ["}"], "boilerplate", None), (enum + loop + ["}"], "COUNTS", "for (int x : xs) {")]
    with tempfile.TemporaryDirectory(prefix="dups-test-") as tmp:
        for lines, want, shown in cases:
            for name in ("A.java", "B.java"):
                with open(os.path.join(tmp, name), "w", encoding="utf-8") as f:
                    f.write("\n".join(lines))
            n = len(lines)
            out = io.StringIO()
            report(tmp, "D1 A.java:1-%d ~ B.java:1-%d\n" % (n, n), out)
            first = out.getvalue().splitlines()[0]
            if not first.startswith(want + " ") or shown and shown not in first:
                bad += 1
                print("self-test: pair expected %s%s, got %s" % (want, " showing " + shown if shown else "", first))
    print("self-test: %d lines and %d pairs, %d wrong" % (len(src), len(cases), bad))
    return 1 if bad else 0


def main(argv):
    if "--self-test" in argv:
        return self_test()
    root = "."
    if "--root" in argv:
        root = argv[argv.index("--root") + 1]
    return report(root, sys.stdin.read())


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
