package dev.sns.timing;

import dev.sns.timing.ItaniumNode.ArgList;
import dev.sns.timing.ItaniumNode.ArrayType;
import dev.sns.timing.ItaniumNode.Conversion;
import dev.sns.timing.ItaniumNode.DefaultArg;
import dev.sns.timing.ItaniumNode.FunctionParam;
import dev.sns.timing.ItaniumNode.FunctionType;
import dev.sns.timing.ItaniumNode.InitializerList;
import dev.sns.timing.ItaniumNode.LocalName;
import dev.sns.timing.ItaniumNode.Modifier;
import dev.sns.timing.ItaniumNode.ModifierKind;
import dev.sns.timing.ItaniumNode.Name;
import dev.sns.timing.ItaniumNode.Operator;
import dev.sns.timing.ItaniumNode.PointerToMember;
import dev.sns.timing.ItaniumNode.QualifiedName;
import dev.sns.timing.ItaniumNode.Template;
import dev.sns.timing.ItaniumNode.TemplateParam;
import dev.sns.timing.ItaniumNode.TypedName;
import dev.sns.timing.ItaniumNode.VectorType;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Prints the nodes of one symbol, the way GNU c++filt does: the output is the reference, so its
 * rules are kept where they look odd ({@code (1)+(2)}, {@code int volatile const [3]}), and where
 * c++filt gives a symbol up, so does this printer.
 *
 * <p>Three pieces of state make the rules. Template parameters are looked up when printed, in the
 * scope of the template being printed ({@link #templates}): a function's parameters see its own
 * template arguments, its name sees the enclosing ones. Modifiers (pointers, references,
 * qualifiers) wait in a list ({@link #modifiers}) until the type they wrap has printed; a function
 * or array type prints the waiting ones inside its declarator, {@code void (* const)(int)}. A pack
 * expansion prints its pattern once per element, with {@link #packIndex} naming the element.
 */
final class ItaniumPrinter {
    /** Deeper nesting than this is given up, as libiberty gives it up. */
    private static final int MAX_RECURSION = 1024;

    /** A template whose arguments are in scope, and the scope around it. */
    record Scope(Template template, Scope next) {}

    /** A modifier waiting for the type it wraps, with the template scope it was met in. */
    static final class Pending {
        ItaniumNode node;
        Scope templates;
        boolean printed;
        Pending next;

        Pending(ItaniumNode node, Scope templates) {
            this.node = node;
            this.templates = templates;
        }

        Pending copy() {
            Pending c = new Pending(node, templates);
            c.printed = printed;
            c.next = next;
            return c;
        }
    }

    private final StringBuilder out = new StringBuilder();
    private final int maxChars;
    private final List<ItaniumNode> stack = new ArrayList<>();
    private final Map<ItaniumNode, Scope> savedScopes = new IdentityHashMap<>();
    private int recursion;
    private char last;
    Scope templates;
    Pending modifiers;
    ItaniumNode currentTemplate;
    int packIndex;
    int lambdaArgs;

    /** A printer whose output may not pass {@code maxChars} (exponential substitutions stop there). */
    ItaniumPrinter(int maxChars) {
        this.maxChars = maxChars;
    }

    /** The text of {@code root}; a {@link ItaniumParser.Failure} when c++filt would give it up. */
    String text(ItaniumNode root) {
        print(root);
        return out.toString();
    }

    void print(ItaniumNode n) {
        if (n == null || n.printing > 1 || recursion > MAX_RECURSION) {
            throw ItaniumParser.Failure.of(n == null ? "nothing to print" : "a node nested in itself, or too deep");
        }
        n.printing++;
        recursion++;
        stack.add(n);
        n.print(this);
        stack.remove(stack.size() - 1);
        recursion--;
        n.printing--;
    }

    void append(String s) {
        if (out.length() + s.length() > maxChars) {
            throw ItaniumParser.Failure.tooLarge("longer than " + maxChars + " characters");
        }
        out.append(s);
        if (!s.isEmpty()) {
            last = s.charAt(s.length() - 1);
        }
    }

    /** The last character appended: a separator taken back still counts (c++filt's {@code <a<b, >>}). */
    char last() {
        return last;
    }

    int length() {
        return out.length();
    }

    /** Takes back what was appended after {@code length}; {@link #last()} stays as it was. */
    void truncate(int length) {
        out.setLength(length);
    }

    // ---- template parameters ----

    /** The argument {@code p} names in the scope now, null when there is none; a failure outside every template. */
    ItaniumNode lookup(TemplateParam p) {
        if (templates == null) {
            throw ItaniumParser.Failure.of("template parameter " + p.index + " outside a template");
        }
        return templates.template().args.get(p.index);
    }

    /** The argument {@code p} names, the pack's current element if it names a pack. */
    ItaniumNode argument(TemplateParam p) {
        ItaniumNode a = lookup(p);
        if (a instanceof ArgList l && l.templateArgs) {
            a = l.get(packIndex);
        }
        if (a == null) {
            throw ItaniumParser.Failure.of("template parameter " + p.index + " has no argument");
        }
        return a;
    }

    // ---- modifiers ----

    private Pending push(ItaniumNode node) {
        Pending m = new Pending(node, templates);
        m.next = modifiers;
        modifiers = m;
        return m;
    }

    /** A pointer, reference, qualifier: what it wraps first, then itself unless a declarator printed it. */
    void printModifierNode(Modifier m) {
        ItaniumNode self = m;
        ItaniumNode inner = null;
        Scope heldTemplates = null;
        boolean restore = false;
        if (m.kind.cv()) {
            for (Pending pd = modifiers; pd != null; pd = pd.next) {
                if (!pd.printed) {
                    if (!(pd.node instanceof Modifier pm && pm.kind.cv())) {
                        break;
                    }
                    if (pm.kind == m.kind) { // said already (an array's element took it over, or T is const)
                        print(m.inner);
                        return;
                    }
                }
            }
        } else if (m.kind == ModifierKind.REFERENCE || m.kind == ModifierKind.RVALUE_REFERENCE) {
            ItaniumNode sub = m.inner;
            if (lambdaArgs == 0 && sub instanceof TemplateParam tp) {
                if (!savedScopes.containsKey(tp)) {
                    savedScopes.put(tp, templates);
                } else if (!onStack(tp, m)) { // met again through a substitution: its own scope
                    heldTemplates = templates;
                    templates = savedScopes.get(tp);
                    restore = true;
                }
                ItaniumNode a = lookup(tp);
                if (a instanceof ArgList l && l.templateArgs) {
                    a = l.get(packIndex);
                }
                if (a == null) {
                    throw ItaniumParser.Failure.of("template parameter " + tp.index + " has no argument");
                }
                sub = a;
            }
            // reference collapsing: & of &, && of && and & of && are one reference
            if (sub instanceof Modifier sm && (sm.kind == ModifierKind.REFERENCE || sm.kind == m.kind)) {
                self = sm;
            } else if (sub instanceof Modifier sm && sm.kind == ModifierKind.RVALUE_REFERENCE) {
                inner = sm.inner;
            }
        }
        Pending pending = push(self);
        print(inner != null ? inner : ((Modifier) self).inner);
        if (!pending.printed) {
            printModifier(self);
        }
        modifiers = pending.next;
        if (restore) {
            templates = heldTemplates;
        }
    }

    private boolean onStack(ItaniumNode param, ItaniumNode reference) {
        for (int k = stack.size() - 1; k >= 0; k--) {
            ItaniumNode d = stack.get(k);
            if (d == param || (d == reference && k != stack.size() - 1)) {
                return true;
            }
        }
        return false;
    }

    /** A pointer to member or a vector: the member or element first, then the modifier unless printed. */
    void printWrapping(ItaniumNode node, ItaniumNode inner) {
        Pending pending = push(node);
        print(inner);
        if (!pending.printed) {
            printModifier(node);
        }
        modifiers = pending.next;
    }

    /** What a modifier adds after the type it wraps. */
    private void printModifier(ItaniumNode node) {
        if (node instanceof Modifier m) {
            switch (m.kind) {
                case NOEXCEPT, THROW_SPEC -> {
                    append(m.kind.text);
                    if (m.extra != null) {
                        append("(");
                        print(m.extra);
                        append(")");
                    }
                }
                case VENDOR_QUALIFIER -> {
                    append(" ");
                    print(m.extra);
                }
                default -> append(m.kind.text);
            }
        } else if (node instanceof PointerToMember pm) {
            if (last() != '(') {
                append(" ");
            }
            print(pm.cls);
            append("::*");
        } else if (node instanceof TypedName t) {
            print(t.name);
        } else if (node instanceof VectorType v) {
            append(" __vector(");
            print(v.dimension);
            append(")");
        } else {
            print(node);
        }
    }

    /** The waiting modifiers from {@code mods} outwards; function qualifiers only in the suffix pass. */
    private void printModifiers(Pending mods, boolean suffix) {
        for (Pending m = mods; m != null; m = m.next) {
            if (m.printed || (!suffix && m.node.functionQualifier())) {
                continue;
            }
            m.printed = true;
            Scope held = templates;
            templates = m.templates;
            if (m.node instanceof FunctionType f) {
                printFunctionType(f, m.next);
                templates = held;
                return;
            }
            if (m.node instanceof ArrayType a) {
                printArrayType(a, m.next);
                templates = held;
                return;
            }
            if (m.node instanceof LocalName ln) {
                Pending heldModifiers = modifiers;
                modifiers = null;
                print(ln.function);
                modifiers = heldModifiers;
                append("::");
                ItaniumNode e = ln.entity;
                if (e instanceof DefaultArg d) {
                    append("{default arg#" + (d.number + 1) + "}::");
                    e = d.name;
                }
                while (e.functionQualifier()) { // printed after the parameters
                    e = ((Modifier) e).inner;
                }
                print(e);
                templates = held;
                return;
            }
            printModifier(m.node);
            templates = held;
        }
    }

    // ---- functions and arrays ----

    /** A function type: its return type, then its declarator with the waiting modifiers. */
    void printFunctionTypeNode(FunctionType f) {
        if (f.returnType != null) {
            Pending pending = push(f);
            print(f.returnType);
            modifiers = pending.next;
            if (pending.printed) { // the return type's declarator took this function in
                return;
            }
            append(" ");
        }
        printFunctionType(f, modifiers);
    }

    /** {@code (mods)(params) qualifiers}, the parentheses only where a pointer or qualifier needs them. */
    private void printFunctionType(FunctionType f, Pending mods) {
        boolean paren = false;
        boolean space = false;
        for (Pending m = mods; m != null && !m.printed; m = m.next) {
            if (m.node instanceof Modifier mk) {
                switch (mk.kind) {
                    case POINTER, REFERENCE, RVALUE_REFERENCE -> paren = true;
                    case CONST, VOLATILE, RESTRICT, VENDOR_QUALIFIER, COMPLEX, IMAGINARY -> {
                        paren = true;
                        space = true;
                    }
                    default -> { }
                }
            } else if (m.node instanceof PointerToMember) {
                paren = true;
                space = true;
            }
            if (paren) {
                break;
            }
        }
        if (paren) {
            if (!space && last() != '(' && last() != '*') {
                space = true;
            }
            if (space && last() != ' ') {
                append(" ");
            }
            append("(");
        }
        Pending held = modifiers;
        modifiers = null;
        printModifiers(mods, false);
        if (paren) {
            append(")");
        }
        append("(");
        print(f.params);
        append(")");
        printModifiers(mods, true);
        modifiers = held;
    }

    /** An array type: its element (taking over the qualifiers right around the array), then its declarator. */
    void printArrayTypeNode(ArrayType a) {
        Pending held = modifiers;
        Pending[] taken = new Pending[4];
        taken[0] = push(a);
        int n = 1;
        for (Pending pd = held; pd != null && pd.node instanceof Modifier m && m.kind.cv(); pd = pd.next) {
            if (!pd.printed) {
                if (n >= taken.length) {
                    throw ItaniumParser.Failure.of("too many qualifiers on an array");
                }
                Pending c = pd.copy();
                c.next = modifiers;
                modifiers = c;
                pd.printed = true;
                taken[n++] = c;
            }
        }
        print(a.element);
        modifiers = held;
        if (taken[0].printed) {
            return;
        }
        while (n > 1) {
            n--;
            printModifier(taken[n].node);
        }
        printArrayType(a, modifiers);
    }

    /** {@code (mods) [dim]}; an inner dimension follows an outer one with no space, {@code [2][3]}. */
    private void printArrayType(ArrayType a, Pending mods) {
        boolean space = true;
        if (mods != null) {
            boolean paren = false;
            for (Pending m = mods; m != null; m = m.next) {
                if (!m.printed) {
                    if (m.node instanceof ArrayType) {
                        space = false;
                    } else {
                        paren = true;
                        space = true;
                    }
                    break;
                }
            }
            if (paren) {
                append(" (");
            }
            printModifiers(mods, false);
            if (paren) {
                append(")");
            }
        }
        if (space) {
            append(" ");
        }
        append("[");
        if (a.dimension != null) {
            print(a.dimension);
        }
        append("]");
    }

    /**
     * A function: the return type, the name (in the scope around it), the parameters (in the scope of
     * the name's template arguments), then the qualifiers of {@code this}.
     */
    void printTypedName(TypedName t) {
        Pending held = modifiers;
        modifiers = null;
        Pending[] names = new Pending[4];
        int n = 0;
        ItaniumNode typed = t.name;
        while (true) {
            if (n >= names.length) {
                throw ItaniumParser.Failure.of("too many qualifiers on a function");
            }
            names[n++] = push(typed);
            if (!typed.functionQualifier()) {
                break;
            }
            typed = ((Modifier) typed).inner;
        }
        if (typed instanceof LocalName ln) { // a local entity's qualifiers belong to this function
            typed = ln.entity instanceof DefaultArg d ? d.name : ln.entity;
            while (typed.functionQualifier()) {
                if (n >= names.length) {
                    throw ItaniumParser.Failure.of("too many qualifiers on a function");
                }
                Pending copy = names[n - 1].copy();
                copy.next = names[n - 1];
                modifiers = copy;
                names[n - 1].node = typed;
                names[n - 1].printed = false;
                names[n - 1].templates = templates;
                names[n++] = copy;
                typed = ((Modifier) typed).inner;
            }
        }
        Scope heldTemplates = templates;
        if (typed instanceof Template tm) {
            templates = new Scope(tm, templates);
        }
        print(t.type);
        templates = heldTemplates;
        while (n > 0) {
            n--;
            if (!names[n].printed) {
                append(" ");
                printModifier(names[n].node);
            }
        }
        modifiers = held;
    }

    /** A conversion operator's type, with the enclosing template's arguments in scope. */
    void printConversion(Conversion c) {
        Scope held = templates;
        if (currentTemplate instanceof Template t) {
            templates = new Scope(t, templates);
        }
        if (!(c.type instanceof Template t)) {
            print(c.type);
            templates = held;
            return;
        }
        print(t.name);
        templates = held;
        if (last() == '<') {
            append(" ");
        }
        append("<");
        print(t.args);
        if (last() == '>') {
            append(" ");
        }
        append(">");
    }

    // ---- expressions ----

    /** An operand: in parentheses unless it is a name, a parameter or a braced list. */
    void printSubexpression(ItaniumNode n) {
        boolean simple = n instanceof Name || n instanceof QualifiedName || n instanceof InitializerList
                || n instanceof FunctionParam;
        if (!simple) {
            append("(");
        }
        print(n);
        if (!simple) {
            append(")");
        }
    }

    void printExpressionOperator(ItaniumNode op) {
        if (op instanceof Operator o) {
            append(o.info.name());
        } else {
            print(op);
        }
    }

    void printUnary(ItaniumNode.Unary u) {
        ItaniumNode operand = u.operand;
        String code = u.op instanceof Operator o ? o.info.code() : null;
        if (code != null) {
            if (code.equals("ad") && operand instanceof TypedName tn && tn.name instanceof QualifiedName) {
                operand = tn.name; // &A::f, not &A::f(int)
            }
            if (u.suffix) {
                printSubexpression(operand);
                printExpressionOperator(u.op);
                return;
            }
        }
        if ("sZ".equals(code)) { // sizeof...(T): the pack's length
            ArgList pack = operand.findPack(this);
            append(Integer.toString(pack == null ? 0 : pack.length()));
            return;
        }
        if (u.op instanceof ItaniumNode.Cast c) {
            append("(");
            print(c.type);
            append(")");
        } else {
            printExpressionOperator(u.op);
        }
        if ("gs".equals(code)) {
            print(operand);
        } else if ("st".equals(code)) {
            append("(");
            print(operand);
            append(")");
        } else {
            printSubexpression(operand);
        }
    }

    void printBinary(ItaniumNode.Binary b) {
        if (!(b.op instanceof Operator o)) {
            throw ItaniumParser.Failure.of("a binary expression without an operator");
        }
        String code = o.info.code();
        if (code.equals("dc") || code.equals("sc") || code.equals("cc") || code.equals("rc")) {
            printExpressionOperator(o);
            append("<");
            print(b.left);
            append(">(");
            print(b.right);
            append(")");
            return;
        }
        boolean greater = o.info.name().equals(">"); // kept apart from the '>' that ends template arguments
        if (greater) {
            append("(");
        }
        if (code.equals("cl") && b.left instanceof TypedName tn) {
            printSubexpression(tn.name); // a call shows its arguments' values, not the callee's parameter types
        } else {
            printSubexpression(b.left);
        }
        if (code.equals("ix")) {
            append("[");
            print(b.right);
            append("]");
        } else {
            if (!code.equals("cl")) {
                printExpressionOperator(o);
            }
            printSubexpression(b.right);
        }
        if (greater) {
            append(")");
        }
    }
}
