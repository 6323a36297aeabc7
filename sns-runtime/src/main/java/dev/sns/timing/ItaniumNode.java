package dev.sns.timing;

import java.util.List;

/**
 * One piece of a mangled name, as {@link ItaniumParser} reads it: a name, a type, a template
 * argument list, an expression. Nodes are printed only at the end ({@link ItaniumPrinter}), because
 * how a piece prints depends on what surrounds it: a function type wraps the pointers around it
 * ({@code void (*)(int)}), a template parameter prints the argument of the template in scope.
 *
 * <p>The kinds and what each prints follow GNU c++filt (libiberty's demangler), the reference the
 * kernel table is checked against. Nodes are mutable only where the grammar says so (a local name
 * drops its enclosing function's return type) and in {@link #printing}, the printer's guard against
 * a node that prints itself.
 */
abstract class ItaniumNode {
    /** How many prints of this node are under way (a node nested in itself more than twice is an error). */
    int printing;

    /** Prints this node; called through {@link ItaniumPrinter#print} only. */
    abstract void print(ItaniumPrinter p);

    /**
     * The nodes a pack expansion searches for a pack, in print order (null entries skipped); none for
     * the nodes libiberty's {@code d_find_pack} does not enter (names, builtins, lambdas, a tagged name,
     * a default argument's scope, a pack expansion).
     */
    private final ItaniumNode[] searched;

    /** A node whose pack search goes through {@code searched}, in print order. */
    ItaniumNode(ItaniumNode... searched) {
        this.searched = searched;
    }

    /** The nodes a pack expansion searches for a pack: those given to the constructor, unless a node's parts change after it. */
    ItaniumNode[] parts() {
        return searched;
    }

    /** Whether this is a qualifier of a function type or of {@code this} ({@code const}, {@code &}, {@code noexcept}). */
    boolean functionQualifier() {
        return false;
    }

    /** A pack that an expansion over this node repeats, or null (libiberty's search: only through template parameters). */
    ArgList findPack(ItaniumPrinter p) {
        for (ItaniumNode n : parts()) {
            ArgList a = n == null ? null : n.findPack(p);
            if (a != null) {
                return a;
            }
        }
        return null;
    }

    // ---- names ----

    /** An identifier, or text the grammar makes up ({@code std}, {@code (anonymous namespace)}, {@code string literal}). */
    static final class Name extends ItaniumNode {
        final String text;

        Name(String text) {
            this.text = text;
        }

        @Override
        void print(ItaniumPrinter p) {
            p.append(text);
        }
    }

    /** A standard abbreviation ({@code Sa}: {@code std::allocator}). */
    static final class StdName extends ItaniumNode {
        final String text;

        StdName(String text) {
            this.text = text;
        }

        @Override
        void print(ItaniumPrinter p) {
            p.append(text);
        }
    }

    /** {@code scope::name}. */
    static final class QualifiedName extends ItaniumNode {
        final ItaniumNode scope;
        final ItaniumNode name;

        QualifiedName(ItaniumNode scope, ItaniumNode name) {
            super(scope, name);
            this.scope = scope;
            this.name = name;
        }

        @Override
        void print(ItaniumPrinter p) {
            p.print(scope);
            p.append("::");
            p.print(name);
        }
    }

    /** A name with an ABI tag: {@code f[abi:cxx11]}. */
    static final class AbiTagged extends ItaniumNode {
        final ItaniumNode name;
        final Name tag;

        AbiTagged(ItaniumNode name, Name tag) {
            this.name = name;
            this.tag = tag;
        }

        @Override
        void print(ItaniumPrinter p) {
            p.print(name);
            p.append("[abi:");
            p.print(tag);
            p.append("]");
        }
    }

    /** A template and its arguments: {@code name<args>}. */
    static final class Template extends ItaniumNode {
        final ItaniumNode name;
        final ArgList args;

        Template(ItaniumNode name, ArgList args) {
            super(name, args);
            this.name = name;
            this.args = args;
        }

        @Override
        void print(ItaniumPrinter p) {
            ItaniumNode heldTemplate = p.currentTemplate;
            p.currentTemplate = this;
            ItaniumPrinter.Pending heldModifiers = p.modifiers;
            p.modifiers = null; // a template's arguments never take the modifiers around it
            p.print(name);
            if (p.last() == '<') {
                p.append(" ");
            }
            p.append("<");
            p.print(args);
            if (p.last() == '>') {
                p.append(" ");
            }
            p.append(">");
            p.modifiers = heldModifiers;
            p.currentTemplate = heldTemplate;
        }
    }

    /**
     * A list, one cell per element (template arguments, a pack, function parameters, an expression
     * list), printed with ", " between elements; an element that prints nothing (an empty pack)
     * takes its separator back. The empty cell (item null, no rest) is the empty list.
     */
    static final class ArgList extends ItaniumNode {
        final ItaniumNode item;
        final ArgList rest;
        /** Template arguments (and packs among them), as opposed to parameters or expressions. */
        final boolean templateArgs;

        ArgList(ItaniumNode item, ArgList rest, boolean templateArgs) {
            super(item, rest);
            this.item = item;
            this.rest = rest;
            this.templateArgs = templateArgs;
        }

        static ArgList of(List<ItaniumNode> items, boolean templateArgs) {
            if (items.isEmpty()) {
                return new ArgList(null, null, templateArgs);
            }
            ArgList list = null;
            for (int i = items.size() - 1; i >= 0; i--) {
                list = new ArgList(items.get(i), list, templateArgs);
            }
            return list;
        }

        /** The element at {@code index}, or null when there is none. */
        ItaniumNode get(int index) {
            ArgList a = this;
            for (int i = index; i > 0 && a != null; i--) {
                a = a.rest;
            }
            return a == null ? null : a.item;
        }

        /** The number of elements, as a pack expansion counts them. */
        int length() {
            int n = 0;
            for (ArgList a = this; a != null && a.item != null; a = a.rest) {
                n++;
            }
            return n;
        }

        @Override
        void print(ItaniumPrinter p) {
            if (item != null) {
                p.print(item);
            }
            if (rest != null) {
                p.append(", ");
                int length = p.length();
                p.print(rest);
                if (p.length() == length) {
                    p.truncate(length - 2);
                }
            }
        }
    }

    /** {@code T_}: the argument of the template in scope (in a lambda's parameters, {@code auto:N}). */
    static final class TemplateParam extends ItaniumNode {
        final int index;

        TemplateParam(int index) {
            this.index = index;
        }

        @Override
        void print(ItaniumPrinter p) {
            if (p.lambdaArgs > 0) {
                p.append("auto:" + (index + 1));
                return;
            }
            ItaniumNode a = p.argument(this);
            ItaniumPrinter.Scope held = p.templates;
            p.templates = held.next(); // the argument may name a parameter of an outer template
            p.print(a);
            p.templates = held;
        }

        @Override
        ArgList findPack(ItaniumPrinter p) {
            ItaniumNode a = p.lookup(this);
            return a instanceof ArgList l && l.templateArgs ? l : null;
        }
    }

    /** {@code Dp}, {@code sp}: a pattern repeated for each element of the pack it names. */
    static final class PackExpansion extends ItaniumNode {
        final ItaniumNode pattern;

        PackExpansion(ItaniumNode pattern) {
            this.pattern = pattern;
        }

        @Override
        void print(ItaniumPrinter p) {
            ArgList pack = pattern.findPack(p);
            if (pack == null) {
                p.printSubexpression(pattern);
                p.append("...");
                return;
            }
            int n = pack.length();
            for (int i = 0; i < n; i++) {
                p.packIndex = i;
                p.print(pattern);
                if (i < n - 1) {
                    p.append(", ");
                }
            }
        }
    }

    // ---- types ----

    /** How a literal of a builtin type prints its value. */
    enum LiteralStyle { DEFAULT, INT, UNSIGNED, LONG, UNSIGNED_LONG, LONG_LONG, UNSIGNED_LONG_LONG, BOOL, FLOAT, VOID }

    /** A builtin type: {@code int}, {@code unsigned long}, {@code half}, {@code _Float16}. */
    static final class Builtin extends ItaniumNode {
        final String name;
        final LiteralStyle style;

        Builtin(String name, LiteralStyle style) {
            this.name = name;
            this.style = style;
        }

        @Override
        void print(ItaniumPrinter p) {
            p.append(name);
        }
    }

    /** {@code u <name>}: a vendor's type. */
    static final class VendorType extends ItaniumNode {
        final ItaniumNode name;

        VendorType(ItaniumNode name) {
            super(name);
            this.name = name;
        }

        @Override
        void print(ItaniumPrinter p) {
            p.print(name);
        }
    }

    /** What a modifier adds to the type it wraps. */
    enum ModifierKind {
        POINTER("*"), REFERENCE("&"), RVALUE_REFERENCE("&&"),
        CONST(" const"), VOLATILE(" volatile"), RESTRICT(" restrict"), COMPLEX(" _Complex"), IMAGINARY(" _Imaginary"),
        VENDOR_QUALIFIER(""),
        // qualifiers of a function type or of a member function's this
        CONST_THIS(" const"), VOLATILE_THIS(" volatile"), RESTRICT_THIS(" restrict"), REFERENCE_THIS(" &"),
        RVALUE_REFERENCE_THIS(" &&"), TRANSACTION_SAFE(" transaction_safe"), NOEXCEPT(" noexcept"), THROW_SPEC(" throw");

        final String text;

        ModifierKind(String text) {
            this.text = text;
        }

        boolean cv() {
            return this == CONST || this == VOLATILE || this == RESTRICT;
        }

        boolean functionQualifier() {
            return ordinal() >= CONST_THIS.ordinal();
        }
    }

    /**
     * A type wrapped by a pointer, reference, cv-qualifier and the like, or a name or function type
     * qualified for {@code this}. It prints what it wraps first; a function or array type inside
     * prints the modifier in its declarator ({@code void (* const)(int)}), else the modifier follows.
     */
    static final class Modifier extends ItaniumNode {
        final ModifierKind kind;
        ItaniumNode inner;
        /** The vendor qualifier's name, {@code noexcept}'s expression, a throw spec's types; else null. */
        final ItaniumNode extra;

        Modifier(ModifierKind kind, ItaniumNode inner, ItaniumNode extra) {
            this.kind = kind;
            this.inner = inner;
            this.extra = extra;
        }

        @Override
        boolean functionQualifier() {
            return kind.functionQualifier();
        }

        @Override
        void print(ItaniumPrinter p) {
            p.printModifierNode(this);
        }

        @Override
        ItaniumNode[] parts() {
            return new ItaniumNode[] {inner, extra};
        }
    }

    /** {@code M <class> <member>}: a pointer to member, {@code int A::*} or {@code void (A::*)(int)}. */
    static final class PointerToMember extends ItaniumNode {
        final ItaniumNode cls;
        final ItaniumNode member;

        PointerToMember(ItaniumNode cls, ItaniumNode member) {
            super(cls, member);
            this.cls = cls;
            this.member = member;
        }

        @Override
        void print(ItaniumPrinter p) {
            p.printWrapping(this, member);
        }
    }

    /** {@code Dv <dim> _ <type>}: {@code float __vector(4)}. */
    static final class VectorType extends ItaniumNode {
        final ItaniumNode dimension;
        final ItaniumNode element;

        VectorType(ItaniumNode dimension, ItaniumNode element) {
            super(dimension, element);
            this.dimension = dimension;
            this.element = element;
        }

        @Override
        void print(ItaniumPrinter p) {
            p.printWrapping(this, element);
        }
    }

    /** A function type: return type (null where the name says none), parameters ({@code v} alone: none). */
    static final class FunctionType extends ItaniumNode {
        ItaniumNode returnType;
        final ArgList params;

        FunctionType(ItaniumNode returnType, ArgList params) {
            this.returnType = returnType;
            this.params = params;
        }

        @Override
        void print(ItaniumPrinter p) {
            p.printFunctionTypeNode(this);
        }

        @Override
        ItaniumNode[] parts() {
            return new ItaniumNode[] {returnType, params};
        }
    }

    /** {@code A <dim> _ <type>}: {@code int [3]}, {@code int (*) [3]}. */
    static final class ArrayType extends ItaniumNode {
        final ItaniumNode dimension;
        final ItaniumNode element;

        ArrayType(ItaniumNode dimension, ItaniumNode element) {
            super(dimension, element);
            this.dimension = dimension;
            this.element = element;
        }

        @Override
        void print(ItaniumPrinter p) {
            p.printArrayTypeNode(this);
        }
    }

    /** {@code Dt}, {@code DT}: {@code decltype (expr)}. */
    static final class Decltype extends ItaniumNode {
        final ItaniumNode expression;

        Decltype(ItaniumNode expression) {
            super(expression);
            this.expression = expression;
        }

        @Override
        void print(ItaniumPrinter p) {
            p.append("decltype (");
            p.print(expression);
            p.append(")");
        }
    }

    // ---- encodings and what names functions ----

    /** A function: its name and its type, printed as {@code ret name(params) const}. */
    static final class TypedName extends ItaniumNode {
        final ItaniumNode name;
        final FunctionType type;

        TypedName(ItaniumNode name, FunctionType type) {
            super(name, type);
            this.name = name;
            this.type = type;
        }

        @Override
        void print(ItaniumPrinter p) {
            p.printTypedName(this);
        }
    }

    /** {@code Z <encoding> E <entity>}: a name local to a function, {@code f(int)::{lambda()#1}}. */
    static final class LocalName extends ItaniumNode {
        final ItaniumNode function;
        final ItaniumNode entity;

        LocalName(ItaniumNode function, ItaniumNode entity) {
            super(function, entity);
            this.function = function;
            this.entity = entity;
        }

        @Override
        void print(ItaniumPrinter p) {
            p.print(function);
            p.append("::");
            ItaniumNode e = entity;
            if (e instanceof DefaultArg d) {
                p.append("{default arg#" + (d.number + 1) + "}::");
                e = d.name;
            }
            p.print(e);
        }
    }

    /** The scope of a default argument, {@code {default arg#N}::name} (printed by its local name). */
    static final class DefaultArg extends ItaniumNode {
        final int number;
        final ItaniumNode name;

        DefaultArg(int number, ItaniumNode name) {
            this.number = number;
            this.name = name;
        }

        @Override
        void print(ItaniumPrinter p) {
            throw ItaniumParser.Failure.of("a default argument's scope outside a local name");
        }
    }

    /** A closure type: {@code {lambda(int)#1}}. */
    static final class Lambda extends ItaniumNode {
        final ArgList params;
        final int number;

        Lambda(ArgList params, int number) {
            this.params = params;
            this.number = number;
        }

        @Override
        void print(ItaniumPrinter p) {
            p.append("{lambda(");
            p.lambdaArgs++;
            p.print(params);
            p.lambdaArgs--;
            p.append(")#" + (number + 1) + "}");
        }
    }

    /** {@code Ut_}: {@code {unnamed type#1}}. */
    static final class UnnamedType extends ItaniumNode {
        final int number;

        UnnamedType(int number) {
            this.number = number;
        }

        @Override
        void print(ItaniumPrinter p) {
            p.append("{unnamed type#" + (number + 1) + "}");
        }
    }

    /** A constructor or destructor, named by the last name read before it. */
    static final class Structor extends ItaniumNode {
        final ItaniumNode name;
        final boolean destructor;

        Structor(ItaniumNode name, boolean destructor) {
            super(name);
            this.name = name;
            this.destructor = destructor;
        }

        @Override
        void print(ItaniumPrinter p) {
            if (destructor) {
                p.append("~");
            }
            p.print(name);
        }
    }

    /** An operator's two-letter code, what it prints and how many operands it takes. */
    record OperatorInfo(String code, String name, int arity) {}

    /** An operator: {@code operator()} as a name, {@code +} in an expression. */
    static final class Operator extends ItaniumNode {
        final OperatorInfo info;

        Operator(OperatorInfo info) {
            this.info = info;
        }

        @Override
        void print(ItaniumPrinter p) {
            p.append("operator");
            String n = info.name();
            if (Character.isLowerCase(n.charAt(0))) {
                p.append(" ");
            }
            p.append(n.endsWith(" ") ? n.substring(0, n.length() - 1) : n);
        }
    }

    /** {@code v <digit> <name>}: a vendor's operator. */
    static final class VendorOperator extends ItaniumNode {
        final int arity;
        final ItaniumNode name;

        VendorOperator(int arity, ItaniumNode name) {
            super(name);
            this.arity = arity;
            this.name = name;
        }

        @Override
        void print(ItaniumPrinter p) {
            p.append("operator ");
            p.print(name);
        }
    }

    /** {@code cv <type>} as a name: {@code operator int}. */
    static final class Conversion extends ItaniumNode {
        final ItaniumNode type;

        Conversion(ItaniumNode type) {
            super(type);
            this.type = type;
        }

        @Override
        void print(ItaniumPrinter p) {
            p.append("operator ");
            p.printConversion(this);
        }
    }

    /** {@code cv <type>} in an expression: a cast, printed by its unary expression. */
    static final class Cast extends ItaniumNode {
        final ItaniumNode type;

        Cast(ItaniumNode type) {
            super(type);
            this.type = type;
        }

        @Override
        void print(ItaniumPrinter p) {
            p.print(type);
        }
    }

    /** A special name: {@code vtable for A}, {@code non-virtual thunk to f()}. */
    static final class Special extends ItaniumNode {
        final String prefix;
        final ItaniumNode of;

        Special(String prefix, ItaniumNode of) {
            super(of);
            this.prefix = prefix;
            this.of = of;
        }

        @Override
        void print(ItaniumPrinter p) {
            p.append(prefix);
            p.print(of);
        }
    }

    /** A clone's suffix ({@code .cold}, {@code .isra.0}): {@code f() [clone .cold]}. */
    static final class Clone extends ItaniumNode {
        final ItaniumNode encoding;
        final Name suffix;

        Clone(ItaniumNode encoding, Name suffix) {
            super(encoding, suffix);
            this.encoding = encoding;
            this.suffix = suffix;
        }

        @Override
        void print(ItaniumPrinter p) {
            p.print(encoding);
            p.append(" [clone ");
            p.print(suffix);
            p.append("]");
        }
    }

    // ---- expressions ----

    /** {@code L <type> <value> E}: {@code 5}, {@code 5ul}, {@code true}, {@code (short)5}, {@code (E)2}. */
    static final class Literal extends ItaniumNode {
        final ItaniumNode type;
        final Name value;
        final boolean negative;

        Literal(ItaniumNode type, Name value, boolean negative) {
            super(type, value);
            this.type = type;
            this.value = value;
            this.negative = negative;
        }

        @Override
        void print(ItaniumPrinter p) {
            LiteralStyle style = type instanceof Builtin b ? b.style : LiteralStyle.DEFAULT;
            String v = value.text;
            switch (style) {
                case INT, UNSIGNED, LONG, UNSIGNED_LONG, LONG_LONG, UNSIGNED_LONG_LONG -> {
                    if (negative) {
                        p.append("-");
                    }
                    p.print(value);
                    p.append(switch (style) {
                        case UNSIGNED -> "u";
                        case LONG -> "l";
                        case UNSIGNED_LONG -> "ul";
                        case LONG_LONG -> "ll";
                        case UNSIGNED_LONG_LONG -> "ull";
                        default -> "";
                    });
                    return;
                }
                case BOOL -> {
                    if (!negative && v.length() == 1 && (v.charAt(0) == '0' || v.charAt(0) == '1')) {
                        p.append(v.charAt(0) == '0' ? "false" : "true");
                        return;
                    }
                }
                default -> { }
            }
            p.append("(");
            p.print(type);
            p.append(")");
            if (negative) {
                p.append("-");
            }
            if (style == LiteralStyle.FLOAT) {
                p.append("[");
            }
            p.print(value);
            if (style == LiteralStyle.FLOAT) {
                p.append("]");
            }
        }
    }

    /** {@code fp <n> _}: a function parameter in an expression, {@code {parm#1}}; number 0 is {@code this}. */
    static final class FunctionParam extends ItaniumNode {
        final int number;

        FunctionParam(int number) {
            this.number = number;
        }

        @Override
        void print(ItaniumPrinter p) {
            p.append(number == 0 ? "this" : "{parm#" + number + "}");
        }
    }

    /** An operator with no operand ({@code throw}). */
    static final class Nullary extends ItaniumNode {
        final ItaniumNode op;

        Nullary(ItaniumNode op) {
            super(op);
            this.op = op;
        }

        @Override
        void print(ItaniumPrinter p) {
            p.printExpressionOperator(op);
        }
    }

    /** An operator with one operand ({@code !x}, {@code sizeof (T)}, a cast; {@code x++} when suffix). */
    static final class Unary extends ItaniumNode {
        final ItaniumNode op;
        final ItaniumNode operand;
        final boolean suffix;

        Unary(ItaniumNode op, ItaniumNode operand, boolean suffix) {
            super(op, operand);
            this.op = op;
            this.operand = operand;
            this.suffix = suffix;
        }

        @Override
        void print(ItaniumPrinter p) {
            p.printUnary(this);
        }
    }

    /** An operator with two operands ({@code (a)+(b)}, a call {@code f(args)}, a new-style cast). */
    static final class Binary extends ItaniumNode {
        final ItaniumNode op;
        final ItaniumNode left;
        final ItaniumNode right;

        Binary(ItaniumNode op, ItaniumNode left, ItaniumNode right) {
            super(op, left, right);
            this.op = op;
            this.left = left;
            this.right = right;
        }

        @Override
        void print(ItaniumPrinter p) {
            p.printBinary(this);
        }
    }

    /** {@code qu}: {@code (a)?(b) : (c)}. */
    static final class Conditional extends ItaniumNode {
        final ItaniumNode op;
        final ItaniumNode condition;
        final ItaniumNode then;
        final ItaniumNode otherwise;

        Conditional(ItaniumNode op, ItaniumNode condition, ItaniumNode then, ItaniumNode otherwise) {
            super(op, condition, then, otherwise);
            this.op = op;
            this.condition = condition;
            this.then = then;
            this.otherwise = otherwise;
        }

        @Override
        void print(ItaniumPrinter p) {
            p.printSubexpression(condition);
            p.printExpressionOperator(op);
            p.printSubexpression(then);
            p.append(" : ");
            p.printSubexpression(otherwise);
        }
    }

    /** {@code il}, {@code tl}: {@code {a, b}}, {@code T{a, b}}. */
    static final class InitializerList extends ItaniumNode {
        final ItaniumNode type;
        final ArgList list;

        InitializerList(ItaniumNode type, ArgList list) {
            super(type, list);
            this.type = type;
            this.list = list;
        }

        @Override
        void print(ItaniumPrinter p) {
            if (type != null) {
                p.print(type);
            }
            p.append("{");
            p.print(list);
            p.append("}");
        }
    }
}
